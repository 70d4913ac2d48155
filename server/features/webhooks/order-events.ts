import type { JobSender } from '../../jobs/runner';
import type { OrderEventConsumer } from '../orders';
import { enqueueStatusEvent } from './enqueue';

/**
 * Webhooks' consumer of order events (registered in server/features/index.ts): the account's endpoints hear of every
 * move that has a webhook event (order.paid, order.completed, ...).
 */
export const webhookOrderEvents: OrderEventConsumer<{ jobs: JobSender }> = (tx, { jobs }, event) =>
  enqueueStatusEvent(jobs, tx, event.order.id, event.to, event.data.certificateCode ? { certificateCode: event.data.certificateCode } : {});
