import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isStaff, type CurrentUser } from '../../../shared/auth.schema';
import { isTeamOnlyEvent, type LiveEvent } from '../../../shared/live-updates.schema';
import { customerCanSee } from '../customer-orders';
import type { LiveNotice } from './publish';

/** Most events one reconnect replays; a page that missed more refetches everything instead (`resync`). */
export const MAX_REPLAY = 200;

/**
 * Slack of a replay: rows up to this long before the page's last event are sent again. A sequence number is taken
 * when a row is inserted, not when its transaction commits, so a row with a smaller id can become visible after
 * a larger one was already delivered; re-sending a recent event only makes a page refetch once more.
 */
const REPLAY_SLACK = sql.raw(`interval '10 seconds'`);

/**
 * The viewer of a stream: who they are and their role now (decision 021), and the organisation they are a member
 * of now (decision 047; null for a lone account), read when the stream opens (a stream lives at most 5 minutes).
 */
export type LiveViewer = Pick<CurrentUser, 'id' | 'role'> & { organisationId: string | null };

/**
 * THE rule of what a stream may carry (decision 038), for live notices and replays alike: the review team hears
 * of every order (never money: an event is a type and an order id); a customer only of the orders they may see
 * (decision 047's customerCanSee: their own order without an organisation, or any order of their organisation),
 * and not of the team's claims.
 */
export function visibleTo(viewer: LiveViewer, notice: Pick<LiveNotice, 'type' | 'customerId' | 'organisationId'>): boolean {
  if (isStaff(viewer)) return true;
  if (isTeamOnlyEvent(notice.type)) return false;
  return notice.organisationId ? notice.organisationId === viewer.organisationId : notice.customerId === viewer.id;
}

/** What goes on the wire: the type and the order, nothing else from the row. */
export function wireEvent(notice: Pick<LiveNotice, 'type' | 'orderId'>): LiveEvent {
  return { type: notice.type as LiveEvent['type'], orderId: notice.orderId };
}

/** The newest event id now (a fresh stream starts there: its first reconnect replays what came after). */
export async function headEventId(db: Executor): Promise<number> {
  const result = await db.execute<{ head: string | number | null }>(sql`select max(id) as head from live_events`);
  return Number(result.rows[0]?.head ?? 0);
}

export type Replay = { kind: 'events'; notices: LiveNotice[] } | { kind: 'resync'; head: number };

/**
 * What a page that last saw `lastId` missed, for `viewer`: the rows after it (and a little before it, see
 * REPLAY_SLACK) that the viewer may see, oldest first. `resync` when that cannot be told: the id is unknown to
 * this database or older than the pruned feed, or more than MAX_REPLAY events went by.
 */
export async function replaySince(db: Executor, viewer: LiveViewer, lastId: number): Promise<Replay> {
  const bounds = await db.execute<{ lo: string | number | null; hi: string | number | null }>(
    sql`select min(id) as lo, max(id) as hi from live_events`,
  );
  const lo = bounds.rows[0]?.lo == null ? null : Number(bounds.rows[0].lo);
  const hi = Number(bounds.rows[0]?.hi ?? 0);
  if (lastId > hi) return { kind: 'resync', head: hi };
  if (lo === null) return { kind: 'events', notices: [] };
  if (lastId < lo - 1) return { kind: 'resync', head: hi };
  // Customers: only the rows of orders they may see are read at all; every row still passes visibleTo below.
  const own = isStaff(viewer) ? sql`true` : sql`${customerCanSee(viewer.id, 's')} and e.type <> 'claim'`;
  const result = await db.execute<{ id: string | number; type: string; order_id: string; customer_id: string | null; organisation_id: string | null }>(sql`
    select e.id, e.type, e.submission_id as order_id, s.user_id as customer_id, s.organisation_id
    from live_events e join submissions s on s.id = e.submission_id
    where (e.id > ${lastId} or e.created_at >= (select created_at - ${REPLAY_SLACK} from live_events where id = ${lastId}))
      and ${own}
    order by e.id
    limit ${MAX_REPLAY + 1}`);
  if (result.rows.length > MAX_REPLAY) return { kind: 'resync', head: hi };
  const notices = result.rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    orderId: r.order_id,
    customerId: r.customer_id,
    organisationId: r.organisation_id,
  }));
  return { kind: 'events', notices: notices.filter((n) => visibleTo(viewer, n)) };
}

/**
 * Deletes feed rows older than a day (a page away longer than that refetches everything anyway); run by the daily
 * retention purge job.
 */
export async function pruneLiveEvents(db: Executor): Promise<void> {
  await db.execute(sql`delete from live_events where created_at < now() - interval '1 day'`);
}
