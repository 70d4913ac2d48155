/**
 * CSV of a table the dashboard shows, made in the browser from the same figures (decision 023). Every cell is
 * quoted; a text cell starting with = + - @ (or a tab or carriage return) gets a leading ' so a spreadsheet shows it
 * instead of running it as a formula (CSV injection: a reviewer named "=HYPERLINK(...)"). A cell that is only a
 * number ("-3.00") stays a number.
 */
export type CsvCell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
