import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffStats, diffWords, sideOf, tokenize } from './text-diff';

const typesOf = (original: string, reviewed: string) => diffWords(original, reviewed).map((p) => `${p.type}:${p.text}`);

describe('diffWords', () => {
  it('answers nothing for two empty texts and one insertion or deletion against an empty one', () => {
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('', 'New text here.')).toEqual([{ type: 'insert', text: 'New text here.' }]);
    expect(diffWords('Old text here.', '')).toEqual([{ type: 'delete', text: 'Old text here.' }]);
    expect(diffStats(diffWords('', ''))).toEqual({ insertedWords: 0, deletedWords: 0, changedWords: 0 });
  });

  it('keeps identical texts as one unchanged part', () => {
    const text = 'The Eiffel Tower was completed in 1889.\n\nIt stands in Paris.';
    expect(diffWords(text, text)).toEqual([{ type: 'equal', text }]);
    expect(diffStats(diffWords(text, text)).changedWords).toBe(0);
  });

  it('marks a replaced word as a deletion followed by an insertion, and counts it once', () => {
    expect(typesOf('The tower was completed in 1899 in Paris.', 'The tower was completed in 1889 in Paris.')).toEqual([
      'equal:The tower was completed in ',
      'delete:1899',
      'insert:1889',
      'equal: in Paris.',
    ]);
    expect(diffStats(diffWords('a b c', 'a x c'))).toEqual({ insertedWords: 1, deletedWords: 1, changedWords: 1 });
    expect(diffStats(diffWords('a b c', 'a c'))).toEqual({ insertedWords: 0, deletedWords: 1, changedWords: 1 });
    expect(diffStats(diffWords('a c', 'a b b c'))).toEqual({ insertedWords: 2, deletedWords: 0, changedWords: 2 });
  });

  it('deletes everything and inserts everything when no word survives', () => {
    const parts = diffWords('alpha beta gamma', 'one two three four');
    expect(parts.map((p) => p.type).filter((t) => t === 'equal' && false)).toEqual([]);
    expect(sideOf(parts, 'original')).toBe('alpha beta gamma');
    expect(sideOf(parts, 'reviewed')).toBe('one two three four');
    expect(parts.filter((p) => p.type === 'equal').every((p) => p.text.trim() === '')).toBe(true);
    expect(diffStats(parts)).toMatchObject({ insertedWords: 4, deletedWords: 3, changedWords: 4 });
  });

  it('splits words in every script, not only Latin letters', () => {
    expect(tokenize('Москва — столица')).toEqual(['Москва', ' ', '—', ' ', 'столица']);
    expect(typesOf('Москва — столица России.', 'Москва — крупнейший город России.')).toEqual([
      'equal:Москва — ',
      'delete:столица ',
      'insert:крупнейший город ',
      'equal:России.',
    ]);
    // Emoji with a skin tone and combining accents stay whole; no part splits a surrogate pair.
    const parts = diffWords('Bravo 👍🏽 café', 'Bravo 👎🏽 cafe\u0301');
    for (const part of parts) expect(part.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(sideOf(parts, 'original')).toBe('Bravo 👍🏽 café');
    expect(sideOf(parts, 'reviewed')).toBe('Bravo 👎🏽 cafe\u0301');
  });

  it('treats each line break as its own token and normalises Windows line ends', () => {
    expect(tokenize('one\n\ntwo')).toEqual(['one', '\n', '\n', 'two']);
    expect(typesOf('First line.\r\nSecond line.', 'First line.\nSecond line.')).toEqual(['equal:First line.\nSecond line.']);
    expect(typesOf('One paragraph. Two sentences.', 'One paragraph.\n\nTwo sentences.')).toEqual([
      'equal:One paragraph.',
      'delete: ',
      'insert:\n\n',
      'equal:Two sentences.',
    ]);
  });

  it('always rebuilds both texts exactly from its parts (property)', () => {
    const word = fc.constantFrom('the', 'tower', '1889', 'Paris', 'Москва', '東京', '👍🏽', ',', '.', ' ', '\n', '  ', 'é');
    const text = fc.array(word, { maxLength: 40 }).map((w) => w.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const parts = diffWords(a, b);
        expect(sideOf(parts, 'original')).toBe(a);
        expect(sideOf(parts, 'reviewed')).toBe(b);
        for (let i = 1; i < parts.length; i += 1) expect(parts[i]!.type).not.toBe(parts[i - 1]!.type);
      }),
      { numRuns: 300 },
    );
  });
});
