import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../../jobs/queues';
import { countedRoundJob } from '../../jobs/rounds';
import type { JobHandler } from '../../jobs/runner';
import { moveStatus } from '../review-desk';
import { sweepDueSignOffs } from './sweep-due';

/** One round of the sign-offs that ran out of time, delivered through the review desk's move (decision 073). */
export function sweepDueSignOffsOf(app: FastifyInstance): Promise<number> {
  return sweepDueSignOffs(app.db, app.context.now(), (tx, order, authorId) =>
    moveStatus(tx, app.context, order, 'completed', { changedBy: authorId, reason: 'Delivered before its due time; the sign-off becomes an audit', auditAfter: true }),
  );
}

/** The "orders.sign-offs-due" job: a cron runs it every minute on worker instances (MAIL_WORKER=on). */
export function signOffsDueJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, { queue: QUEUES.signOffsDue, round: () => sweepDueSignOffsOf(app), message: 'sign-offs delivered before their due time' });
}
