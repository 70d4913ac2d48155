import type { FastifyInstance } from 'fastify';
import { createMailTransport, type MailTransport } from './transport';
import { MailWorker } from './worker';

/**
 * Runs the outbox worker with the app when MAIL_WORKER=on: started once the app is ready, stopped on close after
 * the send in flight (registered after the database, so it closes before the database does).
 */
export function registerMail(app: FastifyInstance): void {
  let worker: MailWorker | null = null;
  let transport: MailTransport | null = null;
  app.addHook('onReady', async () => {
    if (app.config.MAIL_WORKER !== 'on') return;
    transport = createMailTransport(app.config, app.log);
    worker = new MailWorker({ db: app.db, transport, log: app.log });
    worker.start();
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    transport?.close();
    worker = null;
    transport = null;
  });
}
