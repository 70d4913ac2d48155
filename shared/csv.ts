// The browser build: it carries what it needs from Node (Buffer) itself, so the same module runs in both places.
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * Every CSV the product exports (the admin ledger, the insights tables) goes through here: one writer
 * (csv-stringify) and one formula-injection rule (decision 030). Every cell is quoted, rows end in CRLF.
 */
export type CsvCell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * What a spreadsheet may skip, or a person not see, before a cell's first real character: white space of every
 * kind (tab, CR, LF, NBSP, ideographic space...), controls, format characters (zero-width space and joiners, BOM,
 * bidi marks, soft hyphen, word joiner: all of Unicode's Cf), default-ignorables (variation selectors, tags) and the
 * blank fillers that render as a gap. The same set the word count treats as a gap (shared/word-count.ts).
 * (The two fillers come first in the class: after another character, a linter reads them as combining with it.)
 */
const LEADING_INVISIBLE = /^[\u{16FE4}\u1160\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u3164\uFFA0\u115F]+/u;
/** = + - @ once compatibility forms are folded (＝ ＋ － ＠, the small ﹦ ﹢ ﹣ ﹫, super- and subscript ⁼ ⁺ ₌ ₊), and the minus sign −. */
const FORMULA_SIGN = /^[=+\-@\u2212]/;
/** OWASP: a cell that starts with a tab or carriage return (or line feed) is neutralised whatever follows. */
const BREAK_START = /^[\t\r\n]/;

/**
 * Whether a spreadsheet could run this text as a formula: its first visible character (after everything in
 * LEADING_INVISIBLE, which some spreadsheets skip and no reader sees: "\u200b=HYPERLINK(...)") is a formula sign
 * in any of its forms, or it starts with a tab or line break.
 */
export function looksLikeFormula(text: string): boolean {
  if (BREAK_START.test(text)) return true;
  const first = text.replace(LEADING_INVISIBLE, '').codePointAt(0);
  return first !== undefined && FORMULA_SIGN.test(String.fromCodePoint(first).normalize('NFKC'));
}

/**
 * A text a spreadsheet could run as a formula gets a leading ' so it is shown, not run (CSV injection: a reviewer
 * named "=HYPERLINK(...)"). A cell that is only a number ("-3.00", or a finite number) stays a number.
 */
export function neutraliseFormula(value: CsvCell): string {
  if (value === null) return '';
  const text = String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return text;
  return looksLikeFormula(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

const write = (records: string[][]) => stringify(records, { quoted: true, quoted_empty: true, record_delimiter: '\r\n' });

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return write([header.map(neutraliseFormula), ...rows.map((row) => row.map(neutraliseFormula))]);
}

/** One cell as it appears in the file. */
export function csvCell(value: CsvCell): string {
  return write([[neutraliseFormula(value)]]).slice(0, -2);
}
