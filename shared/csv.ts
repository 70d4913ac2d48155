// The browser build: it carries what it needs from Node (Buffer) itself, so the same module runs in both places.
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * Every CSV the product exports (the admin ledger, the insights tables) goes through here: one writer
 * (csv-stringify) and one formula-injection rule (decision 030). Every cell is quoted, rows end in CRLF.
 */
export type CsvCell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * A text a spreadsheet could run as a formula: it starts (after any spaces, which some spreadsheets skip) with
 * = + - @, their full-width forms, or a tab, carriage return or line feed. It gets a leading ' so it is shown, not
 * run (CSV injection: a reviewer named "=HYPERLINK(...)"). A cell that is only a number ("-3.00") stays a number.
 */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

export function neutraliseFormula(value: CsvCell): string {
  if (value === null) return '';
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

const write = (records: string[][]) => stringify(records, { quoted: true, quoted_empty: true, record_delimiter: '\r\n' });

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return write([header.map(neutraliseFormula), ...rows.map((row) => row.map(neutraliseFormula))]);
}

/** One cell as it appears in the file. */
export function csvCell(value: CsvCell): string {
  return write([[neutraliseFormula(value)]]).slice(0, -2);
}
