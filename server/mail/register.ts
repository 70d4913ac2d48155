import type { FastifyInstance } from 'fastify';
import { createMailTransport, type MailTransport } from './transport';
import { MailWorker } from './worker';

/**
 * Runs the outbox worker with the app when MAIL_WORKER=on: started once the app is ready. The returned `stop`
 * finishes the send in flight and ends the worker; the app calls it on close before it closes the database
 * (app.ts), so the worker never runs a query on a closed database.
 */
export function registerMail(app: FastifyInstance): { stop: () => Promise<void> } {
  let worker: MailWorker | null = null;
  let transport: MailTransport | null = null;
  app.addHook('onReady', async () => {
    if (app.config.MAIL_WORKER !== 'on') return;
    transport = createMailTransport(app.config, app.log);
    worker = new MailWorker({ db: app.db, transport, log: app.log });
    worker.start();
  });
  return {
    stop: async () => {
      await worker?.stop();
      transport?.close();
      worker = null;
      transport = null;
    },
  };
}
