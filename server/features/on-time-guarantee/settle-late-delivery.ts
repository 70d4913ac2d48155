import { and, eq } from 'drizzle-orm';
import { CREDIT_PROVIDER } from '../../../shared/payment.schema';
import {
  LATE_DELIVERY_REASON,
  LATE_DELIVERY_SOURCE,
  lateDeliveryRefund,
} from '../../../shared/on-time-guarantee';
import type { LateDeliveryFacts, LateRefundDestination, LateRefundStatus } from '../../../shared/on-time-guarantee.schema';
import type { Executor, Transaction } from '../../db/client';
import { lateDeliveries, payments, type SubmissionRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { orderMoney, refundOrder, type RefundGateway } from '../payments';
import { orderHasOpenAudit } from '../ratings';

/** The idempotency key of an order's late-delivery refund: one per order, whatever retries it. */
export const lateRefundKey = (submissionId: string) => `late-${submissionId}`;

/**
 * The on-time guarantee (decision 068), called by a completion before its move, in the move's transaction (the
 * caller holds the order's row lock), so the event, the delivery e-mail and the `order.late` webhook carry what it
 * did. Nothing happens when the delivery is on time. A late one records its `late_deliveries` row first: the row's
 * key is the order, so only the first late delivery of an order gets past `on conflict do nothing`, and a retry, a
 * concurrent completion or a late revision refunds nothing more. The refund goes through the ordinary refund path
 * (`late-<order>` idempotency key, the card or the credit paid with, capped at what remains paid), inside a
 * savepoint: a payment provider refusing it leaves the delivery delivered and the row marked "failed" for the team.
 */
export async function settleLateDelivery(
  tx: Transaction,
  refunds: RefundGateway,
  order: Pick<SubmissionRow, 'id' | 'dueDate' | 'amountPence' | 'fastTurnaround'>,
  deliveredAt: Date,
): Promise<LateDeliveryFacts | null> {
  if (!order.dueDate || deliveredAt.getTime() <= order.dueDate.getTime()) return null;
  // A correction delivered to close an audit is the promise kept, not a late delivery.
  if (await orderHasOpenAudit(tx, order.id)) return null;
  const owed = lateDeliveryRefund(order);
  const money = await orderMoney(tx, order.id);
  const refundPence = Math.max(0, Math.min(owed.pence, money.netPence));
  const [paidFrom] = await tx
    .select({ provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.submissionId, order.id), eq(payments.status, 'succeeded')))
    .limit(1);
  const refundTo: LateRefundDestination = refundPence === 0 || !paidFrom ? 'none' : paidFrom.provider === CREDIT_PROVIDER ? 'credit' : 'card';
  const [claimed] = await tx
    .insert(lateDeliveries)
    .values({
      submissionId: order.id,
      dueAt: order.dueDate,
      deliveredAt,
      refundPence,
      basis: owed.basis,
      refundTo,
      refundStatus: refundPence === 0 ? 'nothing-paid' : 'refunded',
    })
    .onConflictDoNothing()
    .returning();
  // Settled before: this order's guarantee has been kept (or is being kept by the transaction holding the row).
  if (!claimed) return null;
  let refundStatus: LateRefundStatus = claimed.refundStatus;
  if (refundPence > 0) {
    try {
      await tx.transaction((savepoint) =>
        refundOrder(savepoint, refunds, {
          submissionId: order.id,
          amount: refundPence,
          idempotencyKey: lateRefundKey(order.id),
          source: LATE_DELIVERY_SOURCE,
          reason: LATE_DELIVERY_REASON,
          requestedBy: null,
        }),
      );
    } catch (error) {
      // Only the provider's refusal (502) is kept as "failed"; a database error aborts the whole delivery.
      if (!(error instanceof HttpError) || error.statusCode !== 502) throw error;
      refundStatus = 'failed';
      await tx.update(lateDeliveries).set({ refundStatus }).where(eq(lateDeliveries.submissionId, order.id));
    }
  }
  return {
    dueAt: claimed.dueAt.toISOString(),
    deliveredAt: claimed.deliveredAt.toISOString(),
    refundPence,
    basis: claimed.basis,
    refundTo,
    refundStatus,
  };
}

/** An order's late delivery, if it had one (the dashboard, the admin's order). */
export async function lateDeliveryOf(db: Executor, submissionId: string): Promise<LateDeliveryFacts | null> {
  const [row] = await db.select().from(lateDeliveries).where(eq(lateDeliveries.submissionId, submissionId)).limit(1);
  if (!row) return null;
  return {
    dueAt: row.dueAt.toISOString(),
    deliveredAt: row.deliveredAt.toISOString(),
    refundPence: row.refundPence,
    basis: row.basis,
    refundTo: row.refundTo,
    refundStatus: row.refundStatus,
  };
}
