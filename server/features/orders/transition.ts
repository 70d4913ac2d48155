import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { computeDueDate } from '../../../shared/due-date';
import { canMove, moveNotAllowedMessage, type StatusActor, type SubmissionStatus } from '../../../shared/submission-status';
import type { Executor } from '../../db/client';
import { orderEvents, submissions, submissionStatusChanges, type OrderEventData, type SubmissionRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { publishOrderEvent, type OrderLifecycle } from './order-events';

/** Who moves the order: the payment provider (system, no user), a reviewer or admin, or the customer. */
export interface OrderActor {
  kind: StatusActor;
  userId: string | null;
}

export interface TransitionOptions<Context extends OrderLifecycle<Context>> {
  /** The app's context (`app.context`): the consumers of the move's event and what they need. */
  context: Context;
  /** Other columns the same UPDATE sets (a revision's message, a review's text). Never `status`. */
  patch?: Omit<Partial<typeof submissions.$inferInsert>, 'status'>;
  /** Further conditions the order must still meet (a customer's time window); the status is always checked. */
  where?: SQL;
  now?: Date;
  /** What the event carries beside the move (the certificate code of a delivery, a cancellation's refund). */
  eventData?: OrderEventData;
}

/** The domain event a move records ("order.paid", "order.in_review", ...). */
export function orderEventType(to: SubmissionStatus): string {
  return `order.${to.replace(/-/g, '_')}`;
}

/** The columns each destination sets beside the status, race-safe (computed in SQL from the row as it is). */
function lifecycleColumns(order: Pick<SubmissionRow, 'fastTurnaround'>, to: SubmissionStatus, now: Date): PgUpdateSetSource<typeof submissions> {
  const set: PgUpdateSetSource<typeof submissions> = { completedAt: to === 'completed' ? now : null };
  if (to === 'paid') Object.assign(set, { paidAt: now, dueDate: computeDueDate(now, order.fastTurnaround) });
  // An order paid outside the card flow goes new → in-review (decision 009): its clock starts then.
  if (to === 'in-review') set.dueDate = sql`coalesce(${submissions.dueDate}, ${computeDueDate(now, order.fastTurnaround)})`;
  if (to === 'in-review' || to === 'completed') set.reviewStartedAt = sql`coalesce(${submissions.reviewStartedAt}, ${now})`;
  return set;
}

/**
 * The ONE place an order's status changes (decision 029; `status-writes.test.ts` fails when another file writes
 * it). In the caller's transaction: checks the move against LIFECYCLE for the actor (409 otherwise), applies it as
 * one conditional UPDATE (the order must still be in `order.status` and meet `where`, so a second tab or instance
 * moving it at the same instant finds nothing to move), then writes the status history and one domain event in
 * `order_events`, and hands that event to the consumers the context carries (webhooks, e-mail, …: each feature's
 * own, listed in server/features/index.ts) in the same transaction. Returns the updated order, or null when the condition no longer held (the caller says why). A
 * caller records what an e-mail reports (a delivery, a refund) before the move, so the consumers find it.
 */
export async function transition<Context extends OrderLifecycle<Context>>(
  tx: Executor,
  order: Pick<SubmissionRow, 'id' | 'status' | 'fastTurnaround'>,
  to: SubmissionStatus,
  actor: OrderActor,
  reason: string,
  options: TransitionOptions<Context>,
): Promise<SubmissionRow | null> {
  if (order.status === to || !canMove(order.status, to, actor.kind)) throw conflict(moveNotAllowedMessage(order.status, to));
  const now = options.now ?? new Date();
  const [moved] = await tx
    .update(submissions)
    .set({ ...options.patch, ...lifecycleColumns(order, to, now), status: to, updatedAt: now })
    .where(and(eq(submissions.id, order.id), eq(submissions.status, order.status), options.where))
    .returning();
  if (!moved) return null;
  await tx.insert(submissionStatusChanges).values({
    id: newId(),
    submissionId: order.id,
    fromStatus: order.status as SubmissionStatus,
    toStatus: to,
    changedBy: actor.userId,
    reason,
  });
  await tx.insert(orderEvents).values({
    id: newId(),
    submissionId: order.id,
    type: orderEventType(to),
    fromStatus: order.status as SubmissionStatus,
    toStatus: to,
    actorKind: actor.kind,
    actorId: actor.userId,
    reason,
    data: options.eventData ?? {},
  });
  await publishOrderEvent(tx, options.context, {
    type: orderEventType(to),
    from: order.status as SubmissionStatus,
    to,
    actor: actor.kind,
    data: options.eventData ?? {},
    order: moved,
  });
  return moved;
}

/** The history and event of an order's creation (status "new"): no move, so no webhook. */
export async function recordOrderCreated(tx: Executor, order: Pick<SubmissionRow, 'id'>, actor: OrderActor): Promise<void> {
  await tx.insert(submissionStatusChanges).values({ id: newId(), submissionId: order.id, fromStatus: null, toStatus: 'new', changedBy: actor.userId, reason: 'created' });
  await tx.insert(orderEvents).values({
    id: newId(),
    submissionId: order.id,
    type: 'order.created',
    fromStatus: null,
    toStatus: 'new',
    actorKind: actor.kind,
    actorId: actor.userId,
    reason: 'created',
  });
}
