import type { CancelResponse } from '../../../shared/after-payment.schema';
import type { Database } from '../../db/client';
import type { FeatureContext } from '../context';
import { CANCEL_REASON, cancelUnstartedOrder } from '../orders';
import { customerCanSee, getAccessibleOrder } from '../customer-orders';
import { orderMoney, refundOrder, type RefundGateway } from './refunds';

/**
 * The customer cancels a paid order nobody has started (the lifecycle's move, `cancelUnstartedOrder`) and gets the
 * full amount back, in the same transaction (decision 018).
 */
export async function cancelOrder(
  db: Database,
  context: FeatureContext,
  gateway: RefundGateway,
  input: { submissionId: string; userId: string; now: Date },
): Promise<CancelResponse> {
  const { submissionId, userId, now } = input;
  // 404 for someone else's order, before anything changes.
  const owned = await getAccessibleOrder(db, submissionId, { id: userId, isAdmin: false });
  return db.transaction(async (tx) => {
    // The refund returns everything paid; the event (and its e-mails) carry that amount.
    const { paidPence } = await orderMoney(tx, submissionId);
    const cancelled = await cancelUnstartedOrder(tx, context, owned, { userId, now, refundedPence: paidPence, where: customerCanSee(userId) });
    if (cancelled !== 'already') {
      await refundOrder(tx, gateway, {
        submissionId,
        amount: 'all',
        idempotencyKey: `cancel-${submissionId}`,
        source: 'cancellation',
        reason: CANCEL_REASON,
        requestedBy: userId,
      });
    }
    const { refundedPence } = await orderMoney(tx, submissionId);
    return { status: 'cancelled', refundedPence };
  });
}
