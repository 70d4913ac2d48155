import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../jobs/queues';
import { workerJob } from '../jobs/rounds';
import type { JobHandler } from '../jobs/runner';
import { createMailTransport } from './transport';
import { MailDelivery } from './delivery';

/**
 * The "mail.deliver" job on instances with MAIL_WORKER=on: one outbox round per job (server/jobs). On close the
 * send in flight finishes and the rest of its batch is handed back; the job runner stops before the database.
 */
export function mailDeliveryJob(app: FastifyInstance): JobHandler | null {
  return workerJob(app, () => {
    const transport = createMailTransport(app.config, app.log);
    const delivery = new MailDelivery({ db: app.db, transport, log: app.log });
    app.log.info({ transport: transport.kind }, 'mail delivery on');
    return {
      queue: QUEUES.mail,
      run: async () => {
        const round = await delivery.runOnce();
        return { more: round.claimed === delivery.batchSize && round.released === 0 };
      },
      stopping: () => delivery.requestStop(),
      close: () => transport.close(),
    };
  });
}
