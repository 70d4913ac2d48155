/** The strict JSON reader for signed files (decision 053): JSON.parse's grammar, without its silent choices. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStrictJson, STRICT_JSON_MAX_DEPTH } from './strict-json';

/** One UTF-16 unit of any value (lone surrogates included), or a character JSON writes specially. */
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('a', 'é', '😀', '"', '\\', '/', '\0', '\u2028'),
);

function refusal(text: string): { message: string; ambiguous: boolean } {
  const result = parseStrictJson(text);
  if (result.ok) throw new Error(`accepted ${text}`);
  return result;
}

describe('parseStrictJson', () => {
  it('reads what JSON.parse reads, to the same value', () => {
    const documents = [
      '{}',
      '[]',
      ' \t\r\n{ "a" : [ 1 , -0 , 2.5e-3 , 1E+2 , 0.5 , true , false , null ] } \n',
      '"plain"',
      '"esc \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u00E9 \\ud83d\\ude00 😀"',
      '{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}',
      '{"":1," ":2}',
      '12345678901234567890',
      JSON.stringify({ certificate: { code: 'HP-1', effort: { claimsByVerdict: { supported: 1 } } }, signature: 'x', keyId: 'k' }),
    ];
    for (const text of documents) expect(parseStrictJson(text), text).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('reads any JSON.stringify output to the value JSON.parse gives (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ depthSize: 'medium' }), fc.constantFrom(undefined, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseStrictJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any name written a second time with every UTF-16 unit escaped (property)', () => {
    const escaped = (name: string) => Array.from({ length: name.length }, (_, i) => `\\u${name.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
    fc.assert(
      fc.property(fc.string({ unit: anyUnit, maxLength: 12 }), (name) => {
        const refused = refusal(`{"x":[{${JSON.stringify(name)}:1,"other":1,"${escaped(name)}":2}]}`);
        expect(refused.ambiguous).toBe(true);
        const wellFormed = !name.includes('\0') && !/[\ud800-\udfff]/.test(name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));
        if (wellFormed && name !== 'other') expect(refused.message).toContain(`the name ${JSON.stringify(name)} appears twice`);
        if (!wellFormed) expect(refused.message).toMatch(/NUL character|surrogate pair/);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a member named __proto__ a member, as JSON.parse does, never the prototype', () => {
    const result = parseStrictJson('{"__proto__":{"polluted":true}}');
    expect(result.ok).toBe(true);
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('allows one byte-order mark before the JSON, nowhere else', () => {
    expect(parseStrictJson('\ufeff{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(refusal('\ufeff\ufeff{"a":1}').ambiguous).toBe(false);
    expect(refusal('{\ufeff"a":1}').ambiguous).toBe(false);
    // Inside a name it is a character of the name: a different name, not a duplicate.
    expect(parseStrictJson('{"a":1,"\ufeffa":2}')).toEqual({ ok: true, value: { a: 1, '\ufeffa': 2 } });
  });

  it('refuses a name given twice in one object, at any depth, however it is spelled', () => {
    const cases: [string, string][] = [
      ['{"reviewer":"Mallory M.","reviewer":"Rita R."}', 'reviewer'],
      ['{"a":1,"\\u0061":2}', 'a'],
      ['{"\\u0061":1,"a":2}', 'a'],
      ['{"\\u006A":1,"\\u006a":2}', 'j'],
      ['{"é":1,"\\u00e9":2}', 'é'],
      ['{"a/b":1,"a\\/b":2}', 'a/b'],
      ['{"😀":1,"\\ud83d\\ude00":2}', '😀'],
      ['{"tab\\t":1,"tab\\u0009":2}', 'tab\t'],
      ['{"x":{"y":[{"z":{"deep":1,"deep":2}}]}}', 'deep'],
      ['[{"ok":1},{"ok":1,"ok":1}]', 'ok'],
      ['{"certificate":{"reviewer":"M"},"signature":"s","certificate":{"reviewer":"R"}}', 'certificate'],
      ['{"":1,"":2}', ''],
      ['{"__proto__":1,"__proto__":2}', '__proto__'],
    ];
    for (const [text, name] of cases) {
      const refused = refusal(text);
      expect(refused.ambiguous, text).toBe(true);
      expect(refused.message, text).toContain(`the name ${JSON.stringify(name)} appears twice in one object`);
    }
  });

  it('reads the same name in different objects, and names that differ only in Unicode normalisation, as different', () => {
    expect(parseStrictJson('{"a":{"a":1},"b":[{"a":1},{"a":2}]}').ok).toBe(true);
    // RFC 8785 compares names as they are: "é" and "e" + combining acute are two names (and sign differently).
    expect(parseStrictJson('{"é":1,"e\\u0301":2}').ok).toBe(true);
  });

  it('refuses NUL and lone surrogates, escaped or not, in names and values', () => {
    for (const text of ['{"reviewer\\u0000":1}', '{"a":"x\\u0000"}', '{"a":"\\ud800"}', '{"\\udc00":1}', '["\\ud83d"]', '"\\ude00\\ud83d"', '{"a":"\ud800"}']) {
      const refused = refusal(text);
      expect(refused.ambiguous, text).toBe(true);
      expect(refused.message, text).toMatch(/NUL character|half of a UTF-16 surrogate pair/);
    }
  });

  it('refuses what JSON.parse refuses, with where', () => {
    const invalid = [
      '',
      ' ',
      '{',
      '{"a":1,}',
      '[1,]',
      "{'a':1}",
      '{a:1}',
      '{"a" 1}',
      '{"a":1 "b":2}',
      '[1 2]',
      '01',
      '1.',
      '.5',
      '+1',
      '-',
      'NaN',
      'Infinity',
      'tru',
      'nul',
      '"\\x"',
      '"\\u12"',
      '"\\u12G4"',
      '"unclosed',
      '"raw\u0000nul"',
      '"raw\nnewline"',
      '{} {}',
      '{}x',
      '/* c */ {}',
      '{"a":1}\u0000',
      '\u00a0{}',
    ];
    for (const text of invalid) {
      expect(() => JSON.parse(text), text).toThrow();
      const refused = refusal(text);
      expect(refused.ambiguous, text).toBe(false);
      expect(refused.message, text).toMatch(/\(at character \d+\)$/);
    }
  });

  it(`refuses nesting deeper than ${STRICT_JSON_MAX_DEPTH} levels without running out of stack`, () => {
    expect(parseStrictJson(`${'['.repeat(STRICT_JSON_MAX_DEPTH)}${']'.repeat(STRICT_JSON_MAX_DEPTH)}`).ok).toBe(true);
    expect(refusal(`${'['.repeat(STRICT_JSON_MAX_DEPTH + 1)}${']'.repeat(STRICT_JSON_MAX_DEPTH + 1)}`).message).toContain('nested more than');
    expect(refusal('{"a":'.repeat(100_000)).message).toContain('nested more than');
  });
});
