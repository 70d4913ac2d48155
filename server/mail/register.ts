import type { FastifyInstance } from 'fastify';
import { configureMail } from './settings';
import { createMailTransport, type MailTransport } from './transport';
import { MailWorker } from './worker';

/**
 * Gives the notify functions the app's configuration, and runs the outbox worker with the app when
 * MAIL_WORKER=on: started once the app is ready, stopped on close after the send in flight (in preClose, so
 * before the database closes).
 */
export function registerMail(app: FastifyInstance): void {
  configureMail(app.config);
  let worker: MailWorker | null = null;
  let transport: MailTransport | null = null;
  app.addHook('onReady', async () => {
    if (app.config.MAIL_WORKER !== 'on') return;
    transport = createMailTransport(app.config, app.log);
    worker = new MailWorker({ db: app.db, transport, log: app.log });
    worker.start();
  });
  // preClose runs before every onClose hook, so the worker has stopped before the database closes,
  // whatever order the hooks were added in. Requests still in flight only queue rows; nothing is lost.
  app.addHook('preClose', async () => {
    await worker?.stop();
    transport?.close();
    worker = null;
    transport = null;
  });
}
