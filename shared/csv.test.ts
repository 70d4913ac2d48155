import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV exports (the ledger and the insights tables)', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(toCsv(['name', 'words'], [['Ana "the editor"', 1100], ['Ben', null]])).toBe(
      '"name","words"\r\n"Ana ""the editor""","1100"\r\n"Ben",""\r\n',
    );
  });

  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '\ncmd', ' =1+1', '\u00a0@SUM(A1)', '＝1+1', '＋cmd', '－2', '＠SUM(A1)'])(
    'neutralises a text cell that a spreadsheet would run: %j',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

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
});
