import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../../jobs/queues';
import type { JobHandler } from '../../jobs/runner';
import { WebhookDelivery } from './delivery-round';

/** The "webhooks.deliver" job on instances with WEBHOOK_WORKER=on: one outbox round per job (server/jobs). */
export function webhookDeliveryJob(app: FastifyInstance): JobHandler | null {
  if (app.config.WEBHOOK_WORKER !== 'on') return null;
  const delivery = new WebhookDelivery({
    db: app.db,
    mail: app.mail,
    log: app.log,
    allowLoopback: app.config.WEBHOOKS_ALLOW_LOOPBACK === '1',
  });
  return {
    queue: QUEUES.webhooks,
    // Rounds in parallel on each instance: an endpoint that hangs for the whole timeout delays nobody else.
    concurrency: 4,
    run: async () => {
      const round = await delivery.runOnce();
      // A round takes one delivery per endpoint: while it found any, another may be due behind it.
      return { more: round.claimed > 0 };
    },
    stopping: () => delivery.requestStop(),
  };
}
