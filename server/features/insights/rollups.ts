import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  addDays,
  INSIGHTS_TIME_ZONE,
  TURNAROUND_SPEEDS,
  type DailyFigures,
  type Insights,
  type InsightsRange,
  type ReviewerRow,
  type TurnaroundRow,
  type TurnaroundSpeed,
} from '../../../shared/insights.schema';
import { SERVICE_TIERS, type ServiceTier } from '../../../shared/service-tiers';
import type { Database, Executor } from '../../db/client';
import { insightsReviewerDays, insightsTurnaroundDays, insightsTurnaroundMonths } from '../../db/schema';
import { countedRoundJob } from '../../jobs/rounds';
import { QUEUES } from '../../jobs/queues';
import type { JobHandler } from '../../jobs/runner';
import {
  assembleInsights,
  bounds,
  completions,
  dailyFiguresOf,
  hoursOf,
  int,
  openWork,
  reviewerDeliveries,
  reviewerRowOf,
  rowsOf,
  type Row,
} from './compute-insights';
import { addHistogram, addSparse, bucketSql, emptyHistogram, percentiles, toSparse, type Histogram } from './histogram';

/**
 * The insights rollups (decision 041): each London day's figures, computed from the raw tables by the same rules as
 * compute-insights.ts, kept in insights_days, insights_turnaround_days and insights_reviewer_days. Triggers mark a
 * day dirty when a figure of it changes (migration 0019); `refreshRollups` recomputes dirty days; the endpoint
 * answers from the rollups alone (open work, a snapshot of now, is still read live).
 */


/** Serialises rollup writers (the job on several instances, the endpoint): one recomputation at a time. */
const ROLLUP_LOCK = 41_041;

/** The London day `day` as instants: [lo, hi). */
const dayBounds = (day: string) => bounds({ from: day, to: day });

/** Recomputes one London day's rollup rows from the raw tables (in the caller's transaction). */
export async function recomputeDay(tx: Executor, day: string): Promise<void> {
  const { lo, hi } = dayBounds(day);
  await tx.execute(sql`delete from insights_days where day = ${day}::date`);
  await tx.execute(sql`delete from insights_turnaround_days where day = ${day}::date`);
  await tx.execute(sql`delete from insights_reviewer_days where day = ${day}::date`);

  // Orders and money: the same three index ranges as dailyFigures.
  await tx.execute(sql`
    insert into insights_days (day, orders, paid_pence, refunded_pence)
    select ${day}::date, o.n, p.pence, r.pence
    from (select count(*) as n from submissions where paid_at >= ${lo} and paid_at < ${hi}) o
    cross join (select coalesce(sum(amount_pence), 0) as pence from payments
      where status = 'succeeded' and succeeded_at >= ${lo} and succeeded_at < ${hi}) p
    cross join (select coalesce(sum(amount_pence), 0) as pence from refunds where created_at >= ${lo} and created_at < ${hi}) r
    where o.n > 0 or p.pence <> 0 or r.pence <> 0`);

  // Completions: the clock and speed rules of turnaround(), bucketed per tier and speed.
  const completed = await tx.execute(sql`
    with t as (${completions(lo, hi)})
    select service_tier, speed, 'took' as measure, ${bucketSql(sql`took`)} as bucket, count(*) as n,
      count(*) filter (where completed_at <= due_date) as on_time
    from t group by 1, 2, 4
    union all
    select service_tier, speed, 'promised', ${bucketSql(sql`promised`)}, count(*), 0 from t group by 1, 2, 4`);
  const cells = new Map<string, Cell>();
  for (const r of rowsOf(completed)) {
    const cell = cellOf(cells, r);
    if (r.measure === 'took') {
      cell.completed += int(r.n);
      cell.onTime += int(r.on_time);
      cell.took.set(int(r.bucket), int(r.n));
    } else {
      cell.promised.set(int(r.bucket), int(r.n));
    }
  }
  if (cells.size > 0) {
    await tx.insert(insightsTurnaroundDays).values(
      [...cells.values()].map((c) => ({ day, ...cellColumns(c) })),
    );
  }

  // Reviewer output: an order counts for a reviewer on the day of their first delivery of it (the lowest number).
  const reviewers = await tx.execute(reviewerDeliveries(lo, hi));
  const reviewerRows = rowsOf(reviewers).map((r) => ({
    day,
    reviewerId: r.reviewer_id === null ? null : String(r.reviewer_id),
    orders: int(r.orders),
    deliveries: int(r.deliveries),
    words: int(r.words),
    activeSeconds: int(r.active_seconds),
  }));
  if (reviewerRows.length > 0) await tx.insert(insightsReviewerDays).values(reviewerRows);
}

/** A (tier, speed) cell being built: counts and sparse bucket counts. */
interface Cell {
  tier: string;
  speed: string;
  completed: number;
  onTime: number;
  took: Map<number, number>;
  promised: Map<number, number>;
}
function cellOf(cells: Map<string, Cell>, r: Row): Cell {
  const key = `${String(r.service_tier)}|${String(r.speed)}`;
  let cell = cells.get(key);
  if (!cell) {
    cell = { tier: String(r.service_tier), speed: String(r.speed), completed: 0, onTime: 0, took: new Map(), promised: new Map() };
    cells.set(key, cell);
  }
  return cell;
}
/** A cell as the columns of its day or month row. */
const cellColumns = (c: Cell) => ({
  serviceTier: c.tier,
  speed: c.speed,
  completed: c.completed,
  onTime: c.onTime,
  took: toSparse(c.took),
  promised: toSparse(c.promised),
});
function addSparseToMap(into: Map<number, number>, sparse: readonly number[]): void {
  for (let i = 0; i + 1 < sparse.length; i += 2) {
    const bucket = sparse[i] ?? 0;
    into.set(bucket, (into.get(bucket) ?? 0) + (sparse[i + 1] ?? 0));
  }
}

/** The first day of the month of `day`; the first day of the month after `month`. */
const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
function nextMonth(month: string): string {
  const date = new Date(`${month}T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/** Merges a month's day cells into its month rows (in the caller's transaction, after its days were recomputed). */
export async function recomputeMonth(tx: Executor, month: string): Promise<void> {
  await tx.execute(sql`delete from insights_turnaround_months where month = ${month}::date`);
  const result = await tx.execute(sql`
    select service_tier, speed, completed, on_time, took, promised from insights_turnaround_days
    where day >= ${month}::date and day < ${nextMonth(month)}::date`);
  const cells = new Map<string, Cell>();
  for (const r of rowsOf(result)) {
    const cell = cellOf(cells, r);
    cell.completed += int(r.completed);
    cell.onTime += int(r.on_time);
    addSparseToMap(cell.took, parseJson(r.took));
    addSparseToMap(cell.promised, parseJson(r.promised));
  }
  if (cells.size === 0) return;
  await tx.insert(insightsTurnaroundMonths).values(
    [...cells.values()].map((c) => ({ month, ...cellColumns(c) })),
  );
}

/**
 * A range as the whole calendar months inside it (read from the month rows) and the days around them (read from
 * the day rows). A range without a whole month is all days.
 */
export function splitRange(range: Pick<InsightsRange, 'from' | 'to'>): { days: [string, string][]; months: [string, string] | null } {
  const first = range.from.endsWith('-01') ? range.from : nextMonth(monthOf(range.from));
  const afterTo = addDays(range.to, 1);
  const end = afterTo.endsWith('-01') ? afterTo : monthOf(range.to); // the first day after the whole months
  if (first >= end) return { days: [[range.from, range.to]], months: null };
  const days: [string, string][] = [];
  if (range.from < first) days.push([range.from, addDays(first, -1)]);
  if (end <= range.to) days.push([end, range.to]);
  return { days, months: [first, monthOf(addDays(end, -1))] };
}

/**
 * Recomputes dirty days, `batch` days per transaction, until none is left (or, with `range`, only that range's,
 * up to `limit` days). Each transaction takes the rollup lock, deletes the marks of its days it can see, and
 * recomputes those days: a mark written by a transaction still open is not seen, so it stays for the next run.
 * `alsoToday` marks today and yesterday first (the job's floor, whatever the triggers did). Returns the days done.
 */
export async function refreshRollups(
  db: Database,
  options: { range?: InsightsRange; limit?: number; batch?: number; alsoToday?: boolean } = {},
): Promise<number> {
  const batch = options.batch ?? 20;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const within = options.range ? sql`and day between ${options.range.from}::date and ${options.range.to}::date` : sql``;
  if (options.alsoToday) {
    await db.execute(sql`insert into insights_dirty_days (day)
      select (now() at time zone ${INSIGHTS_TIME_ZONE})::date union select (now() at time zone ${INSIGHTS_TIME_ZONE})::date - 1`);
  }
  let done = 0;
  while (done < limit) {
    const take = Math.min(batch, limit - done);
    const days = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      const claimed = await tx.execute(sql`
        delete from insights_dirty_days
        where day in (select distinct day from insights_dirty_days where true ${within} order by day desc limit ${take})
        returning to_char(day, 'YYYY-MM-DD') as day`);
      const unique = [...new Set(rowsOf(claimed).map((r) => String(r.day)))];
      for (const day of unique) await recomputeDay(tx, day);
      for (const month of new Set(unique.map(monthOf))) await recomputeMonth(tx, month);
      return unique.length;
    });
    done += days;
    if (days < take) break;
  }
  return done;
}

/** The "insights.rollup" job: every minute on worker instances, recomputes today, yesterday and every dirty day. */
export function insightsRollupJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, {
    queue: QUEUES.insightsRollup,
    round: () => refreshRollups(app.db, { alsoToday: true }),
    message: 'insights days recomputed',
  });
}

/** Orders and money per day of the range, every day a row, from insights_days. */
export async function rolledUpDailyFigures(db: Executor, range: InsightsRange): Promise<DailyFigures[]> {
  const result = await db.execute(sql`
    select to_char(g.day, 'YYYY-MM-DD') as day, d.orders, d.paid_pence, d.refunded_pence
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as g(day)
    left join insights_days d on d.day = g.day::date
    order by g.day`);
  return rowsOf(result).map((r) => dailyFiguresOf(r.day, r.orders, r.paid_pence, r.refunded_pence));
}

interface Group {
  completed: number;
  onTime: number;
  took: Histogram;
  promised: Histogram;
}
const emptyGroup = (): Group => ({ completed: 0, onTime: 0, took: emptyHistogram(), promised: emptyHistogram() });
function addGroup(into: Group, from: Group): void {
  into.completed += from.completed;
  into.onTime += from.onTime;
  addHistogram(into.took, from.took);
  addHistogram(into.promised, from.promised);
}

/**
 * Turnaround per tier and speed: the range's whole months' cells and its other days' cells merged, percentiles from
 * the merged histograms.
 */
export async function rolledUpTurnaround(db: Executor, range: InsightsRange): Promise<TurnaroundRow[]> {
  const { days, months } = splitRange(range);
  const dayRanges = days.map(([from, to]) => sql`(day between ${from}::date and ${to}::date)`);
  const result = await db.execute(sql`
    select service_tier, speed, completed, on_time, took, promised from insights_turnaround_days
    where ${dayRanges.length > 0 ? sql.join(dayRanges, sql` or `) : sql`false`}
    ${months ? sql`union all select service_tier, speed, completed, on_time, took, promised from insights_turnaround_months
      where month between ${months[0]}::date and ${months[1]}::date` : sql``}`);
  // First per (tier, speed) cell; then the groups the response shows, each a union of cells.
  const cells = new Map<string, Group>();
  for (const r of rowsOf(result)) {
    const key = `${String(r.service_tier)}|${String(r.speed)}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = emptyGroup()));
    cell.completed += int(r.completed);
    cell.onTime += int(r.on_time);
    addSparse(cell.took, parseJson(r.took));
    addSparse(cell.promised, parseJson(r.promised));
  }
  const groups = new Map<string, Group>();
  const into = (key: string) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = emptyGroup()));
    return group;
  };
  for (const [key, cell] of cells) {
    const [tier, speed] = key.split('|');
    addGroup(into('all:all'), cell);
    addGroup(into(`tier:${tier}`), cell);
    addGroup(into(`speed:${speed}`), cell);
  }
  const row = (dimension: TurnaroundRow['dimension'], key: 'all' | ServiceTier | TurnaroundSpeed): TurnaroundRow => {
    const group = groups.get(`${dimension}:${key}`) ?? emptyGroup();
    const [median, p90] = percentiles(group.took, [0.5, 0.9]);
    const [promised] = percentiles(group.promised, [0.5]);
    return {
      dimension,
      key,
      completed: group.completed,
      onTime: group.onTime,
      onTimeRate: group.completed === 0 ? null : group.onTime / group.completed,
      medianHours: hoursOf(median),
      p90Hours: hoursOf(p90),
      promisedMedianHours: hoursOf(promised),
    };
  };
  return [
    row('all', 'all'),
    ...SERVICE_TIERS.map((tier) => row('tier', tier)),
    ...TURNAROUND_SPEEDS.map((speed) => row('speed', speed)),
  ];
}

const parseJson = (value: unknown): number[] => (typeof value === 'string' ? (JSON.parse(value) as number[]) : (value as number[]));

/** Output per reviewer over the range; an account since deleted shows as one "Former team member" row. */
export async function rolledUpReviewers(db: Executor, range: InsightsRange): Promise<ReviewerRow[]> {
  const result = await db.execute(sql`
    select u.id as reviewer_id, u.name, sum(r.orders) as orders, sum(r.deliveries) as deliveries, sum(r.words) as words,
      sum(r.active_seconds) as active_seconds
    from insights_reviewer_days r
    left join users u on u.id = r.reviewer_id
    where r.day between ${range.from}::date and ${range.to}::date
    group by u.id, u.name
    order by 3 desc, 5 desc, u.name nulls last`);
  return rowsOf(result).map(reviewerRowOf);
}

/**
 * Days of the range the endpoint recomputes itself before answering, when the job has not yet: an administrator sees
 * their own change at once. More than this is left to the job (the answer is then at most a minute behind).
 */
export const REFRESH_ON_READ_DAYS = 31;

/** Every figure of the dashboard for one range, from the rollups (the same shape as computeInsights). */
export async function computeInsightsFromRollups(db: Database, range: InsightsRange, now: Date): Promise<Insights> {
  const dirty = await db.execute(sql`select 1 from insights_dirty_days where day between ${range.from}::date and ${range.to}::date limit 1`);
  if (rowsOf(dirty).length > 0) await refreshRollups(db, { range, limit: REFRESH_ON_READ_DAYS, batch: REFRESH_ON_READ_DAYS });
  const [daily, turnaroundRows, open, reviewers] = await Promise.all([
    rolledUpDailyFigures(db, range),
    rolledUpTurnaround(db, range),
    openWork(db, now),
    rolledUpReviewers(db, range),
  ]);
  return assembleInsights(range, now, { daily, turnaround: turnaroundRows, openWork: open, reviewers });
}
