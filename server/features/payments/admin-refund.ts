import type { AdminRefundInput, OrderMoney } from '../../../shared/after-payment.schema';
import type { Database } from '../../db/client';
import { notifyRefundIssued } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { orderMoney, refundOrder, type RefundGateway } from './refunds';
import { lockOrder } from '../orders';

/** An admin refunds all or part of an order, with a reason; one refund per request id (double click, retry). */
export async function adminRefund(
  db: Database,
  mail: MailSettings,
  gateway: RefundGateway,
  input: { submissionId: string; adminId: string; refund: AdminRefundInput },
): Promise<OrderMoney> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, input.submissionId);
    const outcome = await refundOrder(tx, gateway, {
      submissionId: row.id,
      amount: input.refund.amountPence,
      idempotencyKey: `admin-${input.refund.requestId}`,
      source: 'admin',
      reason: input.refund.reason,
      requestedBy: input.adminId,
    });
    if (!outcome.replayed && outcome.refundedPence > 0) {
      await notifyRefundIssued(mail, tx, row, {
        eventId: input.refund.requestId,
        amountPence: outcome.refundedPence,
        reason: input.refund.reason,
      });
    }
    return orderMoney(tx, row.id);
  });
}
