import { Download } from 'lucide-react';
import {
  OPEN_AGE_BUCKETS,
  TURNAROUND_SPEED_LABELS,
  type Insights,
  type TurnaroundRow,
  type TurnaroundSpeed,
} from '@shared/insights.schema';
import { tierLabel } from '@shared/service-tiers';
import { statusLabel } from '@shared/submission-status';
import { Button } from '@client/components/ui/button';
import { formatPence } from '@client/lib/format';
import { saveBlob } from '@client/lib/save-file';
import { toCsv, type CsvCell } from './csv';

/**
 * Each chart's table: what the screen shows and what its CSV holds come from one model, so the download is the
 * table (raw numbers in the CSV, formatted ones on screen).
 */
export interface TableModel {
  /** Names the table (its caption) and the CSV file. */
  caption: string;
  file: string;
  header: readonly string[];
  /** Right-aligned columns (numbers). */
  numeric: readonly boolean[];
  rows: readonly { key: string; cells: readonly string[]; csv: readonly CsvCell[] }[];
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
/** "Mon 1 Jun" for a London day written YYYY-MM-DD (a calendar day: formatted as itself, never shifted). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00.000Z`));
const hours = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} h`);
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
const count = (value: number) => value.toLocaleString('en-GB');
const pounds = (pence: number) => (pence / 100).toFixed(2);

export function turnaroundLabel(row: Pick<TurnaroundRow, 'dimension' | 'key'>): string {
  if (row.dimension === 'all') return 'All orders';
  if (row.dimension === 'tier') return tierLabel(row.key);
  return TURNAROUND_SPEED_LABELS[row.key as TurnaroundSpeed] ?? row.key;
}

type TableRow = TableModel['rows'][number];

/** A table whose first column names the row and whose other columns are numbers (right-aligned). */
function table<T>(caption: string, file: string, header: readonly string[], items: readonly T[], row: (item: T, index: number) => TableRow): TableModel {
  return { caption, file, header, numeric: header.map((_, i) => i > 0), rows: items.map(row) };
}

/** The turnaround rows (all orders, each tier, each speed), keyed alike in the tables built on them. */
const turnaroundRow = (r: TurnaroundRow, cells: readonly string[], csv: readonly CsvCell[]): TableRow => ({
  key: `${r.dimension}-${r.key}`,
  cells: [turnaroundLabel(r), count(r.completed), ...cells],
  csv: [turnaroundLabel(r), r.completed, ...csv],
});

export const dailyTable = (data: Insights): TableModel =>
  table('Orders and revenue per day', 'orders-revenue', ['Day', 'Orders', 'Paid', 'Refunded', 'Net'], data.daily, (d) => ({
    key: d.day,
    cells: [formatDay(d.day), count(d.orders), formatPence(d.paidPence), formatPence(d.refundedPence), formatPence(d.netPence)],
    csv: [d.day, d.orders, pounds(d.paidPence), pounds(d.refundedPence), pounds(d.netPence)],
  }));

export const turnaroundTable = (data: Insights): TableModel =>
  table('Turnaround against the promise', 'turnaround', ['Orders', 'Completed', 'Median', '90th percentile', 'Promised (median)'], data.turnaround, (r) =>
    turnaroundRow(r, [hours(r.medianHours), hours(r.p90Hours), hours(r.promisedMedianHours)], [r.medianHours, r.p90Hours, r.promisedMedianHours]),
  );

export const onTimeTable = (data: Insights): TableModel =>
  table('On-time rate', 'on-time', ['Orders', 'Completed', 'On time', 'On-time rate'], data.turnaround, (r) =>
    turnaroundRow(r, [count(r.onTime), percent(r.onTimeRate)], [r.onTime, r.onTimeRate === null ? null : Math.round(r.onTimeRate * 1000) / 10]),
  );

export const openWorkTable = (data: Insights): TableModel =>
  table('Open work by status and age', 'open-work', ['Status', ...OPEN_AGE_BUCKETS.map((b) => b.label), 'Total', 'Overdue'], data.openWork, (r) => ({
    key: r.status,
    cells: [statusLabel(r.status), ...OPEN_AGE_BUCKETS.map((b) => count(r[b.key])), count(r.total), count(r.overdue)],
    csv: [statusLabel(r.status), ...OPEN_AGE_BUCKETS.map((b) => r[b.key]), r.total, r.overdue],
  }));

export const reviewersTable = (data: Insights): TableModel =>
  table(
    'Completed orders and words per reviewer',
    'reviewers',
    ['Reviewer', 'Orders', 'Deliveries', 'Words', 'Active hours', 'Words per active hour'],
    data.reviewers,
    (r, i) => {
      const hours = Math.round((r.activeSeconds / 3600) * 10) / 10;
      return {
        key: r.reviewerId ?? `former-${i}`,
        cells: [r.name, count(r.orders), count(r.deliveries), count(r.words), hours.toLocaleString('en-GB'), r.wordsPerActiveHour === null ? '—' : count(r.wordsPerActiveHour)],
        csv: [r.name, r.orders, r.deliveries, r.words, hours, r.wordsPerActiveHour ?? ''],
      };
    },
  );

/** The table behind a chart; it scrolls sideways on a narrow screen (focusable, so a keyboard can scroll it). */
export function FigureTable({ model }: { model: TableModel }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={`${model.caption} (table)`}>
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{model.caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {model.header.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 font-medium ${model.numeric[i] ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {model.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-2 text-left font-normal text-slate-900">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={`px-3 py-2 tabular-nums text-slate-800 ${model.numeric[i] ? 'text-right' : ''}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Downloads the table as CSV, named after it and the range. */
export function CsvButton({ model, from, to }: { model: TableModel; from: string; to: string }) {
  const download = () => {
    const csv = toCsv(model.header, model.rows.map((r) => r.csv));
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `insights-${model.file}-${from}-to-${to}.csv`);
  };
  return (
    <Button variant="outline" size="sm" onClick={download} aria-label={`Download CSV: ${model.caption}`}>
      <Download className="h-4 w-4" aria-hidden="true" /> CSV
    </Button>
  );
}
