import { sql, type SQL } from 'drizzle-orm';
import {
  INSIGHTS_TIME_ZONE,
  OPEN_STATUSES,
  TURNAROUND_SPEEDS,
  type DailyFigures,
  type Insights,
  type InsightsRange,
  type OpenWorkRow,
  type ReviewerRow,
  wordsPerActiveHour,
  type TurnaroundRow,
} from '../../../shared/insights.schema';
import { penceToPounds } from '../../../shared/money';
import { SERVICE_TIERS } from '../../../shared/service-tiers';
import type { Database, Executor } from '../../db/client';

/**
 * The operations dashboard's figures (decision 023), computed exactly from the raw tables. The endpoint answers from
 * the daily rollups (rollups.ts, decision 041), built by these same rules one day at a time; this exact computation
 * stays as their reference (tests, the benchmark's check) and for `openWork`. Every number is a SQL aggregate over a range read through an
 * index (submissions.paid_at, submissions.completed_at, payments.succeeded_at, refunds.created_at,
 * deliveries.delivered_at); nothing is summed in JavaScript but the totals of the per-day rows.
 *
 * Days are London days: a range `from..to` is the instants from London midnight starting `from` to London midnight
 * after `to`, and each row's day is its instant's London date.
 */

// Shared with the rollups (rollups.ts), which follow the same rules one day at a time.
export type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
export const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const hoursOf = (seconds: unknown): number | null =>
  seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 3600) * 10) / 10;

/** The first instant of the London day `day`, and of the day after `to`. */
export function bounds(range: Pick<InsightsRange, 'from' | 'to'>): { lo: SQL; hi: SQL } {
  return {
    lo: sql`(${range.from}::date::timestamp at time zone ${INSIGHTS_TIME_ZONE})`,
    hi: sql`((${range.to}::date + 1)::timestamp at time zone ${INSIGHTS_TIME_ZONE})`,
  };
}

/**
 * Orders paid and money per day: succeeded payments by the day the provider confirmed them, refunds by the day
 * they were made (the ledger's dates, decision 018). Every day of the range has a row. Each day is its own index
 * range (paid_at; succeeded_at with the amount; refunds.created_at), so no row's instant is converted to a London
 * date and nothing is sorted: 365 short index-only scans instead of sorting a year of rows.
 */
export async function dailyFigures(db: Executor, range: InsightsRange): Promise<DailyFigures[]> {
  const result = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, o.n as orders, p.pence as paid, r.pence as refunded
    from (
      select g.day::date as day,
        (g.day::date::timestamp at time zone ${INSIGHTS_TIME_ZONE}) as lo,
        ((g.day::date + 1)::timestamp at time zone ${INSIGHTS_TIME_ZONE}) as hi
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as g(day)
    ) d
    cross join lateral (select count(*) as n from submissions where paid_at >= d.lo and paid_at < d.hi) o
    cross join lateral (
      select coalesce(sum(amount_pence), 0) as pence from payments
      where status = 'succeeded' and succeeded_at >= d.lo and succeeded_at < d.hi
    ) p
    cross join lateral (select coalesce(sum(amount_pence), 0) as pence from refunds where created_at >= d.lo and created_at < d.hi) r
    order by d.day`);
  return rowsOf(result).map((r) => dailyFiguresOf(r.day, r.orders, r.paid, r.refunded));
}

/** One day's figures from its orders and its pence paid and refunded (also the rollups'). */
export function dailyFiguresOf(day: unknown, orders: unknown, paid: unknown, refunded: unknown): DailyFigures {
  const paidPence = int(paid);
  const refundedPence = int(refunded);
  const netPence = paidPence - refundedPence;
  return { day: String(day), orders: int(orders), paidPence, refundedPence, netPence, net: penceToPounds(netPence) };
}

/**
 * The orders completed in [lo, hi) with a clock: tier, completed_at, due_date, speed, and in seconds from the clock's
 * start how long the order took and what was promised (the rules of `turnaround`, also the rollups').
 */
export const completions = (lo: SQL, hi: SQL): SQL => sql`
  select s.service_tier, s.completed_at, s.due_date,
    case when s.revision_requested_at is not null then 'revision' when s.fast_turnaround then 'fast' else 'standard' end as speed,
    extract(epoch from s.completed_at - c.start)::float8 as took,
    extract(epoch from s.due_date - c.start)::float8 as promised
  from submissions s
  cross join lateral (select coalesce(s.revision_requested_at, s.paid_at, s.review_started_at) as start) c
  where s.completed_at >= ${lo} and s.completed_at < ${hi} and s.due_date is not null and c.start is not null`;

/**
 * Turnaround of the orders completed in the range, against what was promised. The clock starts at payment, or at
 * the customer's revision request for an order delivered again after one (its due date was reset to the
 * revision's); an order paid outside the card flow starts when review started (its due date was set then).
 * Measured: completed_at − start; promised: due_date − start; on time: completed_at <= due_date.
 */
export async function turnaround(db: Executor, range: InsightsRange): Promise<TurnaroundRow[]> {
  const { lo, hi } = bounds(range);
  const result = await db.execute(sql`
    select grouping(t.service_tier) as by_tier, grouping(t.speed) as by_speed, t.service_tier, t.speed,
      count(*) as completed,
      count(*) filter (where t.completed_at <= t.due_date) as on_time,
      percentile_cont(array[0.5, 0.9]) within group (order by t.took) as took,
      percentile_cont(0.5) within group (order by t.promised) as promised
    from (${completions(lo, hi)}) t
    group by grouping sets ((), (t.service_tier), (t.speed))`);
  const found = new Map<string, Row>();
  const took = (r: Row | undefined, i: number) => (Array.isArray(r?.took) ? (r.took as unknown[])[i] : null);
  for (const r of rowsOf(result)) {
    const key = int(r.by_tier) === 0 ? `tier:${String(r.service_tier)}` : int(r.by_speed) === 0 ? `speed:${String(r.speed)}` : 'all:all';
    found.set(key, r);
  }
  const row = (dimension: TurnaroundRow['dimension'], key: TurnaroundRow['key']): TurnaroundRow => {
    const r = found.get(`${dimension}:${key}`);
    const completed = int(r?.completed);
    const onTime = int(r?.on_time);
    return {
      dimension,
      key,
      completed,
      onTime,
      onTimeRate: completed === 0 ? null : onTime / completed,
      medianHours: hoursOf(took(r, 0)),
      p90Hours: hoursOf(took(r, 1)),
      promisedMedianHours: hoursOf(r?.promised),
    };
  };
  return [
    row('all', 'all'),
    ...SERVICE_TIERS.map((tier) => row('tier', tier)),
    ...TURNAROUND_SPEEDS.map((speed) => row('speed', speed)),
  ];
}

/**
 * Open work now (not the range: a snapshot), by status and by how long it has waited since its clock started
 * (payment, or the revision request). Overdue: past its due date.
 */
export async function openWork(db: Executor, now: Date): Promise<OpenWorkRow[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select t.status,
      count(*) as total,
      count(*) filter (where t.due_date < ${at}::timestamptz) as overdue,
      count(*) filter (where t.age < interval '24 hours') as under_1_day,
      count(*) filter (where t.age >= interval '24 hours' and t.age < interval '72 hours') as days_1_to_3,
      count(*) filter (where t.age >= interval '72 hours' and t.age < interval '168 hours') as days_3_to_7,
      count(*) filter (where t.age >= interval '168 hours') as over_7_days
    from (
      select status, due_date,
        ${at}::timestamptz - coalesce(revision_requested_at, paid_at, review_started_at, created_at) as age
      from submissions where status in ${OPEN_STATUSES}
    ) t
    group by t.status`);
  const byStatus = new Map(rowsOf(result).map((r) => [String(r.status), r]));
  return OPEN_STATUSES.map((status) => {
    const r = byStatus.get(status);
    return {
      status,
      total: int(r?.total),
      overdue: int(r?.overdue),
      under1Day: int(r?.under_1_day),
      days1To3: int(r?.days_1_to_3),
      days3To7: int(r?.days_3_to_7),
      over7Days: int(r?.over_7_days),
    };
  });
}

/**
 * Per reviewer (delivered_by), their deliveries in [lo, hi): how many, the orders and their words (an order counts at
 * the reviewer's first delivery of it: the lowest number among theirs that `earlier` keeps) and the active seconds.
 * A delivery is the reviewer's first unless an earlier-numbered one by them is; only later deliveries (revisions,
 * redeliveries: a few in a hundred) need that look-up, through the unique index.
 */
export function reviewerDeliveries(lo: SQL, hi: SQL, earlier: SQL = sql``): SQL {
  return sql`
    select d.delivered_by as reviewer_id, count(*) as deliveries,
      count(*) filter (where f.first) as orders,
      coalesce(sum(s.word_count) filter (where f.first), 0) as words,
      coalesce(sum(de.active_seconds), 0) as active_seconds
    from deliveries d
    join submissions s on s.id = d.submission_id
    left join delivery_efforts de on de.delivery_id = d.id
    cross join lateral (
      select d.number = 1 or not exists (
        select 1 from deliveries e
        where e.submission_id = d.submission_id and e.number < d.number and e.delivered_by is not distinct from d.delivered_by
          ${earlier}
      ) as first
    ) f
    where d.delivered_at >= ${lo} and d.delivered_at < ${hi}
    group by d.delivered_by`;
}

/**
 * Output per reviewer: who delivered (deliveries.delivered_by, one row per completion, written in the same
 * transaction as the move to 'completed'), in the range by delivered_at. An order counts once per reviewer, with its
 * words, however many times they delivered it; a revision delivered by someone else counts for them too.
 */
export async function reviewerOutput(db: Executor, range: InsightsRange): Promise<ReviewerRow[]> {
  const { lo, hi } = bounds(range);
  // An order counts at the reviewer's first delivery of it in the range.
  const result = await db.execute(sql`
    select r.reviewer_id, u.name, r.orders, r.deliveries, r.words, r.active_seconds
    from (${reviewerDeliveries(lo, hi, sql`and e.delivered_at >= ${lo} and e.delivered_at < ${hi}`)}) r
    left join users u on u.id = r.reviewer_id
    order by r.orders desc, r.words desc, u.name nulls last`);
  return rowsOf(result).map(reviewerRowOf);
}

/** A row of reviewer_id, name and the four sums as the dashboard's reviewer row (also the rollups'). */
export const reviewerRowOf = (r: Row): ReviewerRow => ({
  reviewerId: r.reviewer_id === null ? null : String(r.reviewer_id),
  name: r.name === null || r.name === undefined ? 'Former team member' : String(r.name),
  orders: int(r.orders),
  deliveries: int(r.deliveries),
  words: int(r.words),
  activeSeconds: int(r.active_seconds),
  wordsPerActiveHour: wordsPerActiveHour(int(r.words), int(r.active_seconds)),
});

/**
 * Settings for the dashboard's queries alone, each in its own read-only transaction (SET LOCAL ends with it):
 * - work_mem 64 MB: sorting a year of completions for the percentiles needs more than the default 4 MB, which
 *   spills the sort to disk;
 * - random_page_cost 1.1 (the usual value for SSD storage; the default 4 assumes spinning disks): with it the
 *   planner reads a month's deliveries' orders by primary key instead of scanning every order, and still hashes a
 *   year's. Measured at 1,000,000 orders: the 30-day reviewer query 1.0 s → 0.3 s (decision 023).
 */
export const DASHBOARD_SETTINGS = { work_mem: '64MB', random_page_cost: '1.1' } as const;
function withDashboardSettings<T>(db: Database, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('work_mem', ${DASHBOARD_SETTINGS.work_mem}, true),
        set_config('random_page_cost', ${DASHBOARD_SETTINGS.random_page_cost}, true)`);
      return run(tx);
    },
    { accessMode: 'read only' },
  );
}

/** Every figure of the dashboard for one range. The four queries are independent; a pool runs them side by side. */
export async function computeInsights(db: Database, range: InsightsRange, now: Date): Promise<Insights> {
  const [daily, turnaroundRows, open, reviewers] = await Promise.all([
    withDashboardSettings(db, (tx) => dailyFigures(tx, range)),
    withDashboardSettings(db, (tx) => turnaround(tx, range)),
    openWork(db, now),
    withDashboardSettings(db, (tx) => reviewerOutput(tx, range)),
  ]);
  return assembleInsights(range, now, { daily, turnaround: turnaroundRows, openWork: open, reviewers });
}

/** The dashboard's answer from its parts (exact or rolled up): the range's totals are the sum of its days. */
export function assembleInsights(
  range: InsightsRange,
  now: Date,
  parts: Pick<Insights, 'daily' | 'turnaround' | 'openWork' | 'reviewers'>,
): Insights {
  const totals = parts.daily.reduce(
    (sum, d) => ({
      orders: sum.orders + d.orders,
      paidPence: sum.paidPence + d.paidPence,
      refundedPence: sum.refundedPence + d.refundedPence,
    }),
    { orders: 0, paidPence: 0, refundedPence: 0 },
  );
  const netPence = totals.paidPence - totals.refundedPence;
  return {
    range: { ...range, timeZone: INSIGHTS_TIME_ZONE },
    generatedAt: now.toISOString(),
    daily: parts.daily,
    totals: { ...totals, netPence, net: penceToPounds(netPence) },
    turnaround: parts.turnaround,
    openWork: parts.openWork,
    reviewers: parts.reviewers,
  };
}
