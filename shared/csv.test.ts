import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, neutraliseFormula, toCsv, type CsvCell } from './csv';

/** Every code point of a Unicode general category or property (for exhaustive checks of a whole class). */
function codePointsOf(property: RegExp): string[] {
  const found: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp += 1) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const char = String.fromCodePoint(cp);
    if (property.test(char)) found.push(char);
  }
  return found;
}

/** What no reader sees before a cell's first character, by class (the oracle: written apart from csv.ts's set). */
const INVISIBLE_CLASSES: Record<string, string[]> = {
  whitespace: [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u2007', '\u200a', '\u202f', '\u205f', '\u3000', '\u0085', '\u2028', '\u2029'],
  zeroWidthAndJoiners: ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u180e'],
  bidiMarks: ['\u200e', '\u200f', '\u061c', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'],
  otherFormat: codePointsOf(/^\p{Cf}$/u),
  controls: ['\u0000', '\u0001', '\u001b', '\u007f', '\u009f'],
  fillersAndSelectors: ['\u00ad', '\u034f', '\u3164', '\uffa0', '\u115f', '\u1160', '\u2800', '\ufe0f', '\u{e0020}', '\u{e0100}'],
};
const INVISIBLES = [...new Set(Object.values(INVISIBLE_CLASSES).flat())];
const INVISIBLE_RUN = new RegExp(`^(?:${INVISIBLES.map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('|')}|\\p{White_Space})+`, 'u');
/** Every spelling of = + - @ a spreadsheet may read as the start of a formula. */
const TRIGGERS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫', '⁼', '⁺', '₌', '₊', '−'];
const startsWithTrigger = (text: string) => TRIGGERS.some((t) => text.replace(INVISIBLE_RUN, '').startsWith(t));
/** A number a spreadsheet reads as a number (not a formula), as neutraliseFormula lets it through. */
const NUMBER_SPELLING = /^-?\d+(\.\d+)?(e[+-]\d+)?$/;

describe('CSV exports (the ledger and the insights tables)', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(toCsv(['name', 'words'], [['Ana "the editor"', 1100], ['Ben', null]])).toBe(
      '"name","words"\r\n"Ana ""the editor""","1100"\r\n"Ben",""\r\n',
    );
  });

  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '\ncmd', ' =1+1', '\u00a0@SUM(A1)', '＝1+1', '＋cmd', '－2', '＠SUM(A1)', '\u200b=1+1', '\ufeff+cmd', '\u200e@SUM(A1)'])(
    'neutralises a text cell that a spreadsheet would run: %j',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it.each(Object.entries(INVISIBLE_CLASSES))('neutralises = + - @ (and their other forms) after any run of invisible characters: %s', (_, chars) => {
    for (const invisible of chars) {
      for (const trigger of TRIGGERS) {
        const value = `${invisible}${invisible}${trigger}HYPERLINK("http://evil.example","x")`;
        expect(neutraliseFormula(value), JSON.stringify(value)).toBe(`'${value}`);
      }
    }
  });

  it('neutralises a cell that starts with a tab or a line break, whatever follows (OWASP)', () => {
    for (const value of ['\tplain', '\rplain', '\nplain', '\t', '\r\n']) expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it('property: after the guard, no cell starts with a formula sign once invisible characters are stripped, and none with a tab or break', () => {
    const invisible = fc.constantFrom(...INVISIBLES);
    const attack = fc
      .tuple(fc.array(invisible, { maxLength: 6 }), fc.constantFrom(...TRIGGERS), fc.string({ unit: 'binary', maxLength: 20 }))
      .map(([before, trigger, rest]) => `${before.join('')}${trigger}${rest}`);
    const cell: fc.Arbitrary<CsvCell> = fc.oneof(
      attack,
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.string({ unit: fc.constantFrom(...INVISIBLES, ...TRIGGERS, '1', '.', 'a', "'"), maxLength: 8 }),
      fc.double(),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(cell, (value) => {
        const out = neutraliseFormula(value);
        expect(out).not.toMatch(/^[\t\r\n]/);
        // Only a plain number may start with a minus sign: a spreadsheet reads it as that number, never a formula.
        if (startsWithTrigger(out)) expect(out, JSON.stringify(value)).toMatch(NUMBER_SPELLING);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps numbers, negative ones included, as numbers', () => {
    expect(csvCell(-300)).toBe('"-300"');
    expect(csvCell('-3.00')).toBe('"-3.00"');
    expect(csvCell('128.00')).toBe('"128.00"');
  });

  it('leaves ordinary text alone, and quotes and line breaks inside a cell survive a round trip', () => {
    expect(csvCell('Late delivery')).toBe('"Late delivery"');
    expect(csvCell('a, "b"\r\nc')).toBe('"a, ""b""\r\nc"');
    expect(csvCell(null)).toBe('""');
  });

  it('is the only writer of CSV: no other source file uses a CSV library (every export goes through the guard)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
        return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const writers = ['server', 'client', 'shared', 'scripts']
      .flatMap((dir) => sources(path.join(root, dir)))
      .filter((file) => /from ['"](csv-stringify|csv-writer|papaparse|json2csv|fast-csv)/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(writers).toEqual([path.join('shared', 'csv.ts')]);
  });
});
