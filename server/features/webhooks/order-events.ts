import type { JobSender } from '../../jobs/runner';
import type { OrderEventConsumer } from '../orders';
import { enqueueStatusEvent, enqueueWebhookEvent } from './enqueue';

/**
 * Webhooks' consumer of order events (registered in server/features/index.ts): the account's endpoints hear of every
 * move that has a webhook event (order.paid, order.completed, ...), and of a late delivery's refund (`order.late`,
 * decision 068) right after its order.completed.
 */
export const webhookOrderEvents: OrderEventConsumer<{ jobs: JobSender }> = async (tx, { jobs }, event) => {
  await enqueueStatusEvent(jobs, tx, event.order.id, event.to, event.data.certificateCode ? { certificateCode: event.data.certificateCode } : {});
  if (event.data.lateDelivery) {
    await enqueueWebhookEvent(jobs, tx, event.order.id, 'order.late', { status: event.to, lateDelivery: event.data.lateDelivery });
  }
};
