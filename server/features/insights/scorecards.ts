import { sql, type SQL } from 'drizzle-orm';
import type { InsightsRange } from '../../../shared/insights.schema';
import { wordsPerActiveHour } from '../../../shared/insights.schema';
import type { ScorecardRow, Scorecards } from '../../../shared/scorecards.schema';
import type { Executor } from '../../db/client';
import { bounds, int, reviewerDeliveries, rowsOf, type Row } from './compute-insights';

/**
 * Reviewers' scorecards (issue 44 item 5, decision 068), exact from the raw tables over the insights range (London
 * days). Every figure is counted when its own event happened and belongs to the reviewer of the delivery it is about:
 * - deliveries, words and active time: `deliveries` by delivered_at, effort from `delivery_efforts` (the effort
 *   record, never the order's review columns); words count an order once per reviewer, as the dashboard's row does;
 * - on time: a delivery is late when the on-time guarantee recorded it (`late_deliveries`, same order and instant);
 * - ratings by order_ratings.created_at, of the delivery rated; audits opened by opened_at, corrected by closed_at;
 * - revisions by submissions.revision_requested_at, of the reviewer of the last delivery before the request;
 * - sign-offs returned by order_sign_offs.decided_at, of the reviewer who completed the returned review (decision 073).
 * `only` restricts the answer to one reviewer, who gets a row even with nothing in the range.
 */
export async function reviewerScorecards(db: Executor, range: InsightsRange, only: string | null): Promise<ScorecardRow[]> {
  const { lo, hi } = bounds(range);
  const inRange = (column: SQL) => sql`${column} >= ${lo} and ${column} < ${hi}`;
  const byDelivery = (from: SQL, where: SQL, figures: SQL) => sql`
    select d.delivered_by as reviewer_id, ${figures} from ${from} join deliveries d on d.id = x.delivery_id where ${where} group by d.delivered_by`;
  const ids = only
    ? sql`select ${only}::text as reviewer_id`
    : sql`select reviewer_id from dl union select reviewer_id from rt union select reviewer_id from ao
        union select reviewer_id from ac union select reviewer_id from rv union select reviewer_id from so`;
  const joined = (name: string) => sql.raw(`left join ${name} on ${name}.reviewer_id is not distinct from ids.reviewer_id`);
  const result = await db.execute(sql`
    with dl as (${reviewerDeliveries(lo, hi, sql`and e.delivered_at >= ${lo} and e.delivered_at < ${hi}`)}),
    late as (
      select d.delivered_by as reviewer_id, count(*) as late
      from deliveries d join late_deliveries l on l.submission_id = d.submission_id and l.delivered_at = d.delivered_at
      where ${inRange(sql`d.delivered_at`)} group by d.delivered_by
    ),
    rt as (${byDelivery(sql`order_ratings x`, inRange(sql`x.created_at`), sql`count(*) as ratings, avg(x.stars)::float8 as average`)}),
    ao as (${byDelivery(sql`order_audits x`, inRange(sql`x.opened_at`), sql`count(*) as opened`)}),
    ac as (${byDelivery(sql`order_audits x`, sql`x.status = 'corrected' and ${inRange(sql`x.closed_at`)}`, sql`count(*) as corrected`)}),
    so as (
      select x.completed_by as reviewer_id, count(*) as returned from order_sign_offs x
      where x.outcome = 'returned' and ${inRange(sql`x.decided_at`)} group by x.completed_by
    ),
    rv as (
      select p.delivered_by as reviewer_id, count(*) as revisions
      from submissions s
      cross join lateral (
        select e.delivered_by from deliveries e
        where e.submission_id = s.id and e.delivered_at <= s.revision_requested_at
        order by e.number desc limit 1
      ) p
      where ${inRange(sql`s.revision_requested_at`)} group by p.delivered_by
    ),
    ids as (${ids})
    select ids.reviewer_id, u.name, dl.deliveries, dl.words, dl.active_seconds, late.late, rt.ratings, rt.average,
      ao.opened, ac.corrected, rv.revisions, so.returned
    from ids
    ${joined('dl')} ${joined('late')} ${joined('rt')} ${joined('ao')} ${joined('ac')} ${joined('rv')} ${joined('so')}
    left join users u on u.id = ids.reviewer_id
    order by dl.deliveries desc nulls last, u.name nulls last, ids.reviewer_id`);
  return rowsOf(result).map(scorecardOf);
}

function scorecardOf(r: Row): ScorecardRow {
  const deliveries = int(r.deliveries);
  const onTime = deliveries - int(r.late);
  const ratings = int(r.ratings);
  const activeSeconds = int(r.active_seconds);
  return {
    reviewerId: r.reviewer_id === null ? null : String(r.reviewer_id),
    name: r.name === null || r.name === undefined ? 'Former team member' : String(r.name),
    deliveries,
    ratings,
    averageRating: ratings === 0 || r.average === null ? null : Math.round(Number(r.average) * 100) / 100,
    auditsOpened: int(r.opened),
    auditsCorrected: int(r.corrected),
    // The second reviewer's sign-off (issue 44 item 1) is not built: nothing is recorded, so nothing is counted.
    signOffsReturned: int(r.returned),
    onTime,
    onTimeRate: deliveries === 0 ? null : onTime / deliveries,
    activeSeconds,
    wordsPerActiveHour: wordsPerActiveHour(int(r.words), activeSeconds),
    revisionsRequested: int(r.revisions),
  };
}

/** The scorecards' answer for one range: every reviewer, or only `own`'s row. */
export async function computeScorecards(db: Executor, range: InsightsRange, own: string | null): Promise<Scorecards> {
  const rows = await reviewerScorecards(db, range, own);
  return { range: { from: range.from, to: range.to, days: range.days }, own: own !== null, rows };
}
