import type { StatusActor, SubmissionStatus } from '../../shared/submission-status';
import type { Executor } from '../db/client';
import type { OrderEventData, SubmissionRow } from '../db/schema';
import {
  notifyOrderCancelled,
  notifyPaymentReceived,
  notifyReviewCompleted,
  notifyReviewStarted,
  notifyRevisionRequested,
  type DeliveredDiffReader,
} from './notify';
import type { MailSettings } from './settings';

/** What the e-mails read of an order's move: the lifecycle's event (server/features/orders/order-events.ts). */
export interface OrderMove {
  to: SubmissionStatus;
  actor: StatusActor;
  data: OrderEventData;
  order: SubmissionRow;
}

/**
 * Mail's consumer of order events (registered in server/features/index.ts): which move tells whom (spec section 8,
 * decision 018). The e-mails are recorded in the outbox in the transaction of the move, so one exists exactly when
 * the move commits. `deliveredDiff` is the delivery-diff feature's reader, which the registry hands in.
 */
export function orderMoveEmails(deliveredDiff: DeliveredDiffReader) {
  return async (tx: Executor, { mail }: { mail: MailSettings }, { to, actor, data, order }: OrderMove): Promise<void> => {
    if (to === 'paid') return notifyPaymentReceived(mail, tx, order);
    if (to === 'in-review') return notifyReviewStarted(mail, tx, order);
    if (to === 'completed') return notifyReviewCompleted(mail, tx, order, deliveredDiff, data.lateDelivery);
    if (to === 'revision-requested') return notifyRevisionRequested(mail, tx, order, order.revisionMessage ?? '');
    // A customer's cancellation is refunded in full (decision 018); an administrator's cancel e-mails nobody, nor
    // does discarding an order never paid (decision 069).
    if (to === 'cancelled' && actor === 'customer' && order.paidAt !== null) return notifyOrderCancelled(mail, tx, order, data.refundedPence ?? 0);
  };
}
