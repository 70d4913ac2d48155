import type { Executor } from '../../db/client';
import type { SubmissionRow } from '../../db/schema';
import type { OrderLifecycle } from './order-events';
import { transition } from './transition';

/**
 * The one "mark paid", for card payments (Stripe and the sandbox, server/features/payments) and credit
 * (server/features/credit): new → paid with its paid date and due date, history and event, whose consumers queue the
 * webhook, the payment e-mails and the review aids, in the caller's transaction. Idempotent: an order that is no
 * longer new (a second event, a second tab) returns null and changes nothing.
 */
export async function markOrderPaid<Context extends OrderLifecycle<Context>>(
  tx: Executor,
  context: Context,
  order: SubmissionRow,
  reason: string,
): Promise<SubmissionRow | null> {
  if (order.status !== 'new') return null;
  return transition(tx, order, 'paid', { kind: 'system', userId: null }, reason, { context });
}
