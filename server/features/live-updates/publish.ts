import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { submissions } from '../../db/schema';

/** The PostgreSQL channel every instance LISTENs on (PGlite's own LISTEN/NOTIFY on the embedded database). */
export const LIVE_CHANNEL = 'hp_live_events';

/** What a notification carries: the feed row's id, what changed, the order, and whose order it is (for routing). */
export interface LiveNotice {
  id: number;
  type: string;
  orderId: string;
  customerId: string | null;
  /** The organisation the order belongs to (decision 047): every current member hears of it, its placer no longer. */
  organisationId: string | null;
}

/**
 * Records that `orderIds` changed (decision 038): one `live_events` row per order and a `pg_notify` carrying its
 * id, in ONE statement on the caller's executor. Inside a transaction PostgreSQL (and PGlite) deliver the
 * notification on commit, and never for a transaction that rolls back; so a page hears of a change exactly when
 * the change is visible to the refetch it triggers. The row is what a reconnecting page's `Last-Event-ID` replays.
 */
export async function recordLiveEvent(db: Executor, type: string, orderIds: string | readonly string[]): Promise<void> {
  const ids = typeof orderIds === 'string' ? [orderIds] : [...new Set(orderIds)];
  if (ids.length === 0) return;
  await db.execute(sql`
    with recorded as (
      insert into live_events (submission_id, type)
      select ${submissions.id}, ${type} from ${submissions} where ${inArray(submissions.id, ids)}
      returning id, submission_id, type
    )
    select pg_notify(
      ${LIVE_CHANNEL},
      json_build_object('id', recorded.id, 'type', recorded.type, 'orderId', recorded.submission_id, 'customerId', s.user_id, 'organisationId', s.organisation_id)::text
    )
    from recorded join submissions s on s.id = recorded.submission_id`);
}

/** A notification's payload, or null when it is not one of ours (never trusted further than its shape). */
export function parseLiveNotice(payload: string | undefined): LiveNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    if (typeof value.id !== 'number' || typeof value.type !== 'string' || typeof value.orderId !== 'string') return null;
    return {
      id: value.id,
      type: value.type,
      orderId: value.orderId,
      customerId: typeof value.customerId === 'string' ? value.customerId : null,
      organisationId: typeof value.organisationId === 'string' ? value.organisationId : null,
    };
  } catch {
    return null;
  }
}
