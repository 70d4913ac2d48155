import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { emptyEffortCounts } from '../../../shared/review-effort.schema';
import type { Executor } from '../../db/client';
import { reviewDeskOrders, submissions, type ReviewDeskOrderRow } from '../../db/schema';

/**
 * The review desk's own state of an order (decision 075): its row in `review_desk_orders`, or these defaults for an
 * order the desk has not written yet (no claim, version 0, no running effort, no due-soon e-mail).
 */
export type DeskState = Omit<ReviewDeskOrderRow, 'orderId' | DueKeyCopies>;
/** The order's due sort key, copied onto its desk row by the database (decision 082): the order's, not the desk's. */
type DueKeyCopies = 'dueDate' | 'queuePriority';

export function defaultDeskState(): DeskState {
  return {
    claimedBy: null,
    claimedAt: null,
    claimActiveAt: null,
    reviewVersion: 0,
    reviewActiveSeconds: 0,
    reviewEffortSavedAt: null,
    reviewEffortCounts: emptyEffortCounts(),
    dueSoonNotifiedFor: null,
  };
}

/** The desk's row of the order (`review_desk_orders` left-joined on this condition). */
export const deskRowOfOrder = eq(reviewDeskOrders.orderId, submissions.id);

/** The draft's version as the desk answers it: 0 for an order without a desk row. */
export const deskVersion = sql<number>`coalesce(${reviewDeskOrders.reviewVersion}, 0)`.mapWith(Number);

/**
 * A new desk row for each order matching `where` (the order's id is `submissions.id`), with `values` over the defaults:
 * what an upsert inserts (`insert(reviewDeskOrders).select(newDeskRows(…)).onConflictDoUpdate(…)`), so an unknown or
 * refused order gets no row and the statement answers nothing. Every column, in the table's order (drizzle's rule).
 */
export function newDeskRows(where: SQL, values: Partial<Record<keyof DeskState, SQL>> = {}): SQL {
  return new QueryBuilder()
    .select({
      orderId: submissions.id,
      claimedBy: values.claimedBy ?? sql`null`,
      claimedAt: values.claimedAt ?? sql`null`,
      claimActiveAt: values.claimActiveAt ?? sql`null`,
      reviewVersion: values.reviewVersion ?? sql`0`,
      reviewActiveSeconds: values.reviewActiveSeconds ?? sql`0`,
      reviewEffortSavedAt: values.reviewEffortSavedAt ?? sql`null`,
      reviewEffortCounts: values.reviewEffortCounts ?? sql`${JSON.stringify(emptyEffortCounts())}::jsonb`,
      dueSoonNotifiedFor: values.dueSoonNotifiedFor ?? sql`null`,
      // The database's trigger writes the same (decision 082).
      dueDate: submissions.dueDate,
      queuePriority: submissions.queuePriority,
    })
    .from(submissions)
    .where(where)
    .getSQL();
}

/** The desk's state of one order, read inside the caller's transaction (the defaults when it has no row). */
export async function deskStateOf(db: Executor, orderId: string): Promise<DeskState> {
  const [row] = await db.select().from(reviewDeskOrders).where(eq(reviewDeskOrders.orderId, orderId)).limit(1);
  if (!row) return defaultDeskState();
  const { orderId: _orderId, dueDate: _dueDate, queuePriority: _queuePriority, ...state } = row;
  return state;
}
