import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { AFTER_PAYMENT_MESSAGES, CANCEL_WINDOW_HOURS } from '../../../shared/after-payment.schema';
import type { Executor } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { transition } from './transition';
import type { OrderLifecycle } from './order-events';

export const CANCEL_REASON = 'Cancelled by the customer before work started';

/**
 * The customer's cancel (spec section 9, decision 018): a paid order nobody has started, within 24 hours of
 * submission. ONE conditional UPDATE, so a reviewer starting at the same instant either came first (nothing
 * matches: 409) or finds the order cancelled (409 on their side). Returns the cancelled order, or `'already'` when
 * it was cancelled before (a second click or tab: what they asked for); any other refusal is a 409 saying why.
 * `where` is the caller's access rule (the customer may see the order).
 */
export async function cancelUnstartedOrder<Context extends OrderLifecycle<Context>>(
  tx: Executor,
  context: Context,
  order: SubmissionRow,
  input: { userId: string; now: Date; refundedPence: number; where: SQL },
): Promise<SubmissionRow | 'already'> {
  const windowStart = new Date(input.now.getTime() - CANCEL_WINDOW_HOURS * 3_600_000);
  const cancelled = await transition(tx, { ...order, status: 'paid' }, 'cancelled', { kind: 'customer', userId: input.userId }, CANCEL_REASON, {
    context,
    // The event (and its e-mails) carry the amount the refund returns.
    eventData: { refundedPence: input.refundedPence },
    where: and(input.where, isNull(submissions.reviewStartedAt), gt(submissions.createdAt, windowStart)),
    now: input.now,
  });
  if (cancelled) return cancelled;
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, order.id)).limit(1);
  const current = row ?? order;
  if (current.status === 'cancelled') return 'already';
  if (current.reviewStartedAt || current.status === 'in-review' || current.status === 'completed') {
    throw conflict(AFTER_PAYMENT_MESSAGES.alreadyStarted);
  }
  if (current.status === 'paid') throw conflict(AFTER_PAYMENT_MESSAGES.cancelWindowPassed);
  throw conflict(AFTER_PAYMENT_MESSAGES.notCancellable);
}
