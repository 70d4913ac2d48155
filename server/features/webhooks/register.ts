import type { FastifyInstance } from 'fastify';
import { WebhookWorker } from './worker';

/** Runs the webhook outbox worker with the app when WEBHOOK_WORKER=on (app.ts stops it before the database closes). */
export function registerWebhookWorker(app: FastifyInstance): { stop: () => Promise<void> } {
  let worker: WebhookWorker | null = null;
  app.addHook('onReady', async () => {
    if (app.config.WEBHOOK_WORKER !== 'on') return;
    worker = new WebhookWorker({
      db: app.db,
      mail: app.mail,
      log: app.log,
      allowLoopback: app.config.WEBHOOKS_ALLOW_LOOPBACK === '1',
      pollIntervalMs: app.config.WEBHOOK_POLL_MS,
    });
    worker.start();
  });
  return {
    stop: async () => {
      await worker?.stop();
      worker = null;
    },
  };
}
