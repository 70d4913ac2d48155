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
  type TurnaroundRow,
} from '../../../shared/insights.schema';
import { penceToPounds } from '../../../shared/money';
import { SERVICE_TIERS } from '../../../shared/service-tiers';
import type { Executor } from '../../db/client';

/**
 * The operations dashboard's figures (decision 023). Every number is a SQL aggregate over a range read through an
 * index (submissions.paid_at, submissions.completed_at, payments.succeeded_at, refunds.created_at,
 * deliveries.delivered_at); nothing is summed in JavaScript but the totals of the per-day rows.
 *
 * Days are London days: a range `from..to` is the instants from London midnight starting `from` to London midnight
 * after `to`, and each row's day is its instant's London date.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const hoursOf = (seconds: unknown): number | null =>
  seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 3600) * 10) / 10;

/** The first instant of the London day `day`, and of the day after `to`. */
function bounds(range: InsightsRange): { lo: SQL; hi: SQL } {
  return {
    lo: sql`(${range.from}::date::timestamp at time zone ${INSIGHTS_TIME_ZONE})`,
    hi: sql`((${range.to}::date + 1)::timestamp at time zone ${INSIGHTS_TIME_ZONE})`,
  };
}

/** London day of a timestamptz column, as a date. */
const londonDate = (column: SQL) => sql`(${column} at time zone ${INSIGHTS_TIME_ZONE})::date`;

/**
 * Orders paid and money per day: succeeded payments by the day the provider confirmed them, refunds by the day
 * they were made (the ledger's dates, decision 018). Every day of the range has a row.
 */
export async function dailyFigures(db: Executor, range: InsightsRange): Promise<DailyFigures[]> {
  const { lo, hi } = bounds(range);
  const result = await db.execute(sql`
    with orders as (
      select ${londonDate(sql`paid_at`)} as day, count(*) as n
      from submissions where paid_at >= ${lo} and paid_at < ${hi} group by 1
    ), paid as (
      select ${londonDate(sql`succeeded_at`)} as day, sum(amount_pence) as pence
      from payments where status = 'succeeded' and succeeded_at >= ${lo} and succeeded_at < ${hi} group by 1
    ), refunded as (
      select ${londonDate(sql`created_at`)} as day, sum(amount_pence) as pence
      from refunds where created_at >= ${lo} and created_at < ${hi} group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(o.n, 0)::bigint as orders,
      coalesce(p.pence, 0)::bigint as paid,
      coalesce(r.pence, 0)::bigint as refunded
    from (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day) d
    left join orders o on o.day = d.day
    left join paid p on p.day = d.day
    left join refunded r on r.day = d.day
    order by d.day`);
  return rowsOf(result).map((r) => {
    const paidPence = int(r.paid);
    const refundedPence = int(r.refunded);
    const netPence = paidPence - refundedPence;
    return { day: String(r.day), orders: int(r.orders), paidPence, refundedPence, netPence, net: penceToPounds(netPence) };
  });
}

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
      percentile_cont(0.5) within group (order by t.took) as median,
      percentile_cont(0.9) within group (order by t.took) as p90,
      percentile_cont(0.5) within group (order by t.promised) as promised
    from (
      select s.service_tier, s.completed_at, s.due_date,
        case when s.revision_requested_at is not null then 'revision' when s.fast_turnaround then 'fast' else 'standard' end as speed,
        extract(epoch from s.completed_at - c.start)::float8 as took,
        extract(epoch from s.due_date - c.start)::float8 as promised
      from submissions s
      cross join lateral (select coalesce(s.revision_requested_at, s.paid_at, s.review_started_at) as start) c
      where s.completed_at >= ${lo} and s.completed_at < ${hi} and s.due_date is not null and c.start is not null
    ) t
    group by grouping sets ((), (t.service_tier), (t.speed))`);
  const found = new Map<string, Row>();
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
      medianHours: hoursOf(r?.median),
      p90Hours: hoursOf(r?.p90),
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
 * Output per reviewer: who delivered (deliveries.delivered_by, one row per completion, written in the same
 * transaction as the move to 'completed'), in the range by delivered_at. An order counts once per reviewer, with its
 * words, however many times they delivered it; a revision delivered by someone else counts for them too.
 */
export async function reviewerOutput(db: Executor, range: InsightsRange): Promise<ReviewerRow[]> {
  const { lo, hi } = bounds(range);
  const result = await db.execute(sql`
    select r.reviewer_id, u.name, count(*) as orders, sum(r.deliveries) as deliveries, sum(r.words) as words
    from (
      select d.delivered_by as reviewer_id, d.submission_id, count(*) as deliveries, max(s.word_count) as words
      from deliveries d join submissions s on s.id = d.submission_id
      where d.delivered_at >= ${lo} and d.delivered_at < ${hi}
      group by d.delivered_by, d.submission_id
    ) r
    left join users u on u.id = r.reviewer_id
    group by r.reviewer_id, u.name
    order by count(*) desc, sum(r.words) desc, u.name nulls last`);
  return rowsOf(result).map((r) => ({
    reviewerId: r.reviewer_id === null ? null : String(r.reviewer_id),
    name: r.name === null || r.name === undefined ? 'Former team member' : String(r.name),
    orders: int(r.orders),
    deliveries: int(r.deliveries),
    words: int(r.words),
  }));
}

/** Every figure of the dashboard for one range. The four queries are independent; a pool runs them side by side. */
export async function computeInsights(db: Executor, range: InsightsRange, now: Date): Promise<Insights> {
  const [daily, turnaroundRows, open, reviewers] = await Promise.all([
    dailyFigures(db, range),
    turnaround(db, range),
    openWork(db, now),
    reviewerOutput(db, range),
  ]);
  const totals = daily.reduce(
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
    daily,
    totals: { ...totals, netPence, net: penceToPounds(netPence) },
    turnaround: turnaroundRows,
    openWork: open,
    reviewers,
  };
}
