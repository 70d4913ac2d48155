import { SCORECARD_MESSAGES, type ScorecardRow } from '@shared/scorecards.schema';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import type { DayRange } from './api/get-insights';
import { useScorecards } from './api/get-scorecards';
import { LoadFailed } from '@client/components/ui/load-failed';
import { ColumnHeaders } from '@client/components/ui/column-headers';

const count = (value: number) => value.toLocaleString('en-GB');
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/** The columns after the reviewer's name: each a header and how a row shows it. */
const COLUMNS: readonly { header: string; cell: (r: ScorecardRow) => string; note?: string }[] = [
  { header: 'Deliveries', cell: (r) => count(r.deliveries) },
  { header: 'Average rating', cell: (r) => (r.averageRating === null ? '—' : r.averageRating.toLocaleString('en-GB', { maximumFractionDigits: 2 })) },
  { header: 'Ratings', cell: (r) => count(r.ratings) },
  { header: 'Audits opened', cell: (r) => count(r.auditsOpened) },
  { header: 'Audits corrected', cell: (r) => count(r.auditsCorrected) },
  { header: 'Sign-offs returned', cell: (r) => count(r.signOffsReturned) },
  { header: 'On-time rate', cell: (r) => percent(r.onTimeRate) },
  { header: 'Words per active hour', cell: (r) => (r.wordsPerActiveHour === null ? SCORECARD_MESSAGES.notMeasured : count(r.wordsPerActiveHour)) },
  { header: 'Revisions requested', cell: (r) => count(r.revisionsRequested) },
];

/** The scorecards' table: caption, column and row headers; it scrolls sideways on a narrow screen (focusable). */
function ScorecardTable({ rows, caption }: { rows: readonly ScorecardRow[]; caption: string }) {
  // relative: the cells' visually hidden notes are positioned inside the scroller, never widening the page.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={`${caption} (table)`}>
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <ColumnHeaders lead="Reviewer" labels={COLUMNS.map((c) => c.header)} numeric cellClassName="px-3 py-2 font-medium" />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={r.reviewerId ?? `former-${i}`}>
              <th scope="row" className="px-3 py-2 text-left font-normal text-slate-900">
                {r.name}
              </th>
              {COLUMNS.map((c) => {
                const text = c.cell(r);
                return (
                  <td key={c.header} className="px-3 py-2 text-right tabular-nums text-slate-800">
                    {text}
                    {text === '—' && c.note ? <span className="sr-only"> ({c.note})</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Reviewers' scorecards over the insights range (issue 44 item 5, decision 068): every reviewer for an
 * administrator, only their own row for a reviewer.
 */
export function ScorecardsSection({ range, own }: { range: DayRange; own: boolean }) {
  const scorecards = useScorecards(range);
  const data = scorecards.data;
  const title = own ? 'Your scorecard' : 'Reviewer scorecards';
  return (
    <Card>
      <section aria-labelledby="insights-scorecards" aria-busy={scorecards.isFetching}>
        <CardHeader>
          <CardTitle id="insights-scorecards">{title}</CardTitle>
          <CardDescription>
            Over the range: deliveries, ratings given, audits opened and corrected, the share delivered on time, words per active
            editing hour, revisions customers asked for and completed reviews a second reviewer returned, each on the day it
            happened.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {scorecards.isError ? (
            <LoadFailed variant="panel" onRetry={() => void scorecards.refetch()}>
              {SCORECARD_MESSAGES.loadFailed}
            </LoadFailed>
          ) : !data ? (
            <Skeleton className="h-32 w-full" />
          ) : data.rows.length === 0 || (data.own && data.rows.every((r) => r.deliveries === 0 && r.ratings === 0 && r.auditsOpened === 0 && r.auditsCorrected === 0 && r.revisionsRequested === 0)) ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              {data.own ? SCORECARD_MESSAGES.ownEmpty : SCORECARD_MESSAGES.empty}
            </p>
          ) : (
            <ScorecardTable rows={data.rows} caption={title} />
          )}
        </CardContent>
      </section>
    </Card>
  );
}
