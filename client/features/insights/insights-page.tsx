import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { isStaff } from '@shared/auth.schema';
import { DEFAULT_INSIGHTS_RANGE_DAYS, INSIGHTS_MESSAGES, type Insights } from '@shared/insights.schema';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton, Spinner } from '@client/components/ui/skeleton';
import { formatPence } from '@client/lib/format';
import { usePageMeta } from '@client/lib/page-meta';
import { AdminGate } from '@client/features/admin';
import { useInsights, type DayRange } from './api/get-insights';
import {
  CsvButton,
  dailyTable,
  FigureTable,
  formatDay,
  onTimeTable,
  openWorkTable,
  reviewersTable,
  turnaroundTable,
  type TableModel,
} from './insights-tables';
import { presetRange, RangePicker } from './range-picker';
import { ScorecardsSection } from './scorecards-section';
import { LoadFailed } from '@client/components/ui/load-failed';

// The chart library loads only here, and only after the figures: its own chunk (decision 023).
const chart = (name: 'DailyChart' | 'TurnaroundChart' | 'OnTimeChart' | 'OpenWorkChart' | 'ReviewersChart') =>
  lazy(async () => ({ default: (await import('./insights-charts'))[name] as ComponentType<{ data: Insights }> }));
const DailyChart = chart('DailyChart');
const TurnaroundChart = chart('TurnaroundChart');
const OnTimeChart = chart('OnTimeChart');
const OpenWorkChart = chart('OpenWorkChart');
const ReviewersChart = chart('ReviewersChart');

interface Facts {
  nothingCompleted: boolean;
  openTotal: number;
  data: Insights;
}

const NONE_COMPLETED = 'No orders were completed in this range.';

/** The figures' sections, in order: each a chart, the table behind it, and what it says when it has nothing to show. */
const SECTIONS: readonly {
  id: string;
  title: string;
  description: string;
  /** A caveat shown under the description (the percentiles' error bound, decision 041). */
  note?: string;
  table: (data: Insights) => TableModel;
  Chart: ComponentType<{ data: Insights }>;
  empty?: (facts: Facts) => string | null;
}[] = [
  {
    id: 'insights-daily',
    title: 'Orders and revenue per day',
    description: 'Orders paid each day; revenue is succeeded payments minus refunds made that day.',
    table: dailyTable,
    Chart: DailyChart,
  },
  {
    id: 'insights-turnaround',
    title: 'Turnaround against the promise',
    description: 'Orders completed in the range: hours from payment (or the revision request) to delivery, against the hours promised.',
    note: INSIGHTS_MESSAGES.percentiles,
    table: turnaroundTable,
    Chart: TurnaroundChart,
    empty: ({ nothingCompleted }) => (nothingCompleted ? NONE_COMPLETED : null),
  },
  {
    id: 'insights-on-time',
    title: 'On-time rate',
    description: 'Share of the orders completed in the range that were delivered by their due date.',
    table: onTimeTable,
    Chart: OnTimeChart,
    empty: ({ nothingCompleted }) => (nothingCompleted ? NONE_COMPLETED : null),
  },
  {
    id: 'insights-open',
    title: 'Open work by status and age',
    description: 'Paid orders not yet delivered, right now (whatever the range), by how long they have waited.',
    table: openWorkTable,
    Chart: OpenWorkChart,
    empty: ({ openTotal }) => (openTotal === 0 ? 'No open work: every paid order has been delivered.' : null),
  },
  {
    id: 'insights-reviewers',
    title: 'Reviewers',
    description:
      "Orders each reviewer delivered in the range (once per order), their deliveries, the orders' words, active editing hours and words per active hour.",
    table: reviewersTable,
    Chart: ReviewersChart,
    empty: ({ data }) => (data.reviewers.length === 0 ? 'No deliveries in this range.' : null),
  },
];

function ChartSkeleton() {
  return <Skeleton className="h-[260px] w-full" />;
}

interface SectionProps {
  id: string;
  title: string;
  description: string;
  note?: string;
  model: TableModel;
  range: DayRange;
  Chart: ComponentType<{ data: Insights }>;
  data: Insights;
  /** Shown instead of the chart and table when there is nothing to show. */
  empty?: string | null;
}

function Section({ id, title, description, note, model, range, Chart, data, empty }: SectionProps) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-1">
            <CardTitle id={id}>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
            {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
          </div>
          {empty ? null : <CsvButton model={model} from={range.from} to={range.to} />}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {empty ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{empty}</p>
          ) : (
            <>
              <Suspense fallback={<ChartSkeleton />}>
                <Chart data={data} />
              </Suspense>
              <FigureTable model={model} />
            </>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </Card>
  );
}

function Figures({ data, range }: { data: Insights; range: DayRange }) {
  const all = data.turnaround.find((r) => r.dimension === 'all');
  const nothingCompleted = !all || all.completed === 0;
  const openTotal = data.openWork.reduce((sum, r) => sum + r.total, 0);
  const overdue = data.openWork.reduce((sum, r) => sum + r.overdue, 0);
  const nothingAtAll = data.totals.orders === 0 && data.totals.refundedPence === 0 && nothingCompleted && data.reviewers.length === 0;
  return (
    <>
      {nothingAtAll ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-center text-slate-700">{INSIGHTS_MESSAGES.empty}</p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Orders" value={data.totals.orders.toLocaleString('en-GB')} note="paid in the range" />
        <Stat label="Net revenue" value={formatPence(data.totals.netPence)} note={`after ${formatPence(data.totals.refundedPence)} refunded`} />
        <Stat
          label="On time"
          value={all?.onTimeRate == null ? '—' : `${Math.round(all.onTimeRate * 1000) / 10}%`}
          note={`of ${(all?.completed ?? 0).toLocaleString('en-GB')} completed`}
        />
        <Stat label="Open work" value={openTotal.toLocaleString('en-GB')} note={`${overdue.toLocaleString('en-GB')} overdue, now`} />
      </div>
      {SECTIONS.map((section) => (
        <Section
          key={section.id}
          id={section.id}
          title={section.title}
          description={section.description}
          note={section.note}
          model={section.table(data)}
          range={range}
          Chart={section.Chart}
          data={data}
          empty={section.empty?.({ nothingCompleted, openTotal, data }) ?? null}
        />
      ))}
    </>
  );
}

function LoadingFigures() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-80" />
      <Skeleton className="h-80" />
    </div>
  );
}

/** The page's heading: a way back to the queue, the title, and a line saying which range is shown. */
function InsightsHeader({ back, children }: { back: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Link href="/admin" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {back}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Insights</h1>
      <p className="text-slate-600">{children}</p>
    </div>
  );
}

function Dashboard() {
  const [range, setRange] = useState<DayRange>(() => presetRange(DEFAULT_INSIGHTS_RANGE_DAYS));
  const insights = useInsights(range, true);
  const shown = insights.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <InsightsHeader back="Admin panel">
        {shown ? `${formatDay(shown.range.from)} to ${formatDay(shown.range.to)} (${shown.range.days} days, London time).` : 'Operations at a glance.'}
        {insights.isFetching && shown ? (
          <span className="ml-2 inline-flex align-middle">
            <Spinner className="h-4 w-4" label="Updating" />
          </span>
        ) : null}
      </InsightsHeader>
      <RangePicker value={range} onChange={setRange} />
      {insights.isError ? (
        <LoadFailed variant="panel" onRetry={() => void insights.refetch()}>
          {INSIGHTS_MESSAGES.loadFailed}
        </LoadFailed>
      ) : !shown ? (
        <LoadingFigures />
      ) : (
        <Figures data={shown} range={{ from: shown.range.from, to: shown.range.to }} />
      )}
      <ScorecardsSection range={range} own={false} />
    </div>
  );
}

/** A reviewer who is not an administrator sees only their own scorecard here (issue 44 item 5, decision 068). */
function OwnScorecard() {
  const [range, setRange] = useState<DayRange>(() => presetRange(DEFAULT_INSIGHTS_RANGE_DAYS));
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <InsightsHeader back="Review queue">
        {formatDay(range.from)} to {formatDay(range.to)} (London time).
      </InsightsHeader>
      <RangePicker value={range} onChange={setRange} />
      <ScorecardsSection range={range} own />
    </div>
  );
}

export default function InsightsPage() {
  usePageMeta();
  // The review team may open it: administrators see the dashboard, reviewers their own scorecard.
  return <AdminGate allowed={isStaff}>{(user) => (user.isAdmin ? <Dashboard /> : <OwnScorecard />)}</AdminGate>;
}
