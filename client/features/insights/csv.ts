/** The insights tables download as CSV in the browser, from the same figures (decision 023), by the one writer. */
export { csvCell, toCsv, type CsvCell } from '@shared/csv';
