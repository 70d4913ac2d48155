import { QUEUES } from '../../jobs/queues';
import type { JobSender } from '../../jobs/runner';
import type { OrderEventConsumer } from '../orders';

/**
 * A reviewer's aid (issue 23, decision 036; registered in server/features/index.ts): a paid order's links are
 * checked by the job runner, queued in the move's transaction.
 */
export const linkCheckOrderEvents: OrderEventConsumer<{ jobs: JobSender }> = async (tx, { jobs }, { to }) => {
  if (to === 'paid') await jobs.sendInTransaction(tx, QUEUES.checkLinks);
};
