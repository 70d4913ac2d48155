import { and, eq, gt, isNull } from 'drizzle-orm';
import { AFTER_PAYMENT_MESSAGES, CANCEL_WINDOW_HOURS, type CancelResponse } from '../../../shared/after-payment.schema';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { FeatureContext } from '../context';
import { orderMoney, refundOrder, type RefundGateway } from '../payments';
import { customerCanSee, getAccessibleSubmission } from '../submissions';
import { transition } from '../orders';

/**
 * The customer cancels a paid order nobody has started, within 24 hours of submission (spec section 9), and gets
 * the full amount back. The cancel is ONE conditional UPDATE (decision 018): a reviewer starting at the same
 * instant either came first (no row matches: 409) or finds the order cancelled (409 on their side).
 */
export async function cancelOrder(
  db: Database,
  context: FeatureContext,
  gateway: RefundGateway,
  input: { submissionId: string; userId: string; now: Date },
): Promise<CancelResponse> {
  const { submissionId, userId, now } = input;
  // 404 for someone else's order, before anything changes.
  const owned = await getAccessibleSubmission(db, submissionId, { id: userId, isAdmin: false });
  return db.transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - CANCEL_WINDOW_HOURS * 3_600_000);
    const reason = 'Cancelled by the customer before work started';
    // The refund returns everything paid; the event (and its e-mails) carry that amount.
    const { paidPence } = await orderMoney(tx, submissionId);
    const cancelled = await transition(tx, { ...owned, status: 'paid' }, 'cancelled', { kind: 'customer', userId }, reason, {
      context,
      eventData: { refundedPence: paidPence },
      where: and(customerCanSee(userId), isNull(submissions.reviewStartedAt), gt(submissions.createdAt, windowStart)),
      now,
    });
    if (!cancelled) {
      const [row] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1);
      const current = row ?? owned;
      // A second click or a second tab: the order is already cancelled, and that is what they asked for.
      if (current.status === 'cancelled') {
        return { status: 'cancelled', refundedPence: (await orderMoney(tx, submissionId)).refundedPence };
      }
      if (current.reviewStartedAt || current.status === 'in-review' || current.status === 'completed') {
        throw conflict(AFTER_PAYMENT_MESSAGES.alreadyStarted);
      }
      if (current.status === 'paid') throw conflict(AFTER_PAYMENT_MESSAGES.cancelWindowPassed);
      throw conflict(AFTER_PAYMENT_MESSAGES.notCancellable);
    }
    await refundOrder(tx, gateway, {
      submissionId,
      amount: 'all',
      idempotencyKey: `cancel-${submissionId}`,
      source: 'cancellation',
      reason,
      requestedBy: userId,
    });
    const { refundedPence } = await orderMoney(tx, submissionId);
    return { status: 'cancelled', refundedPence };
  });
}
