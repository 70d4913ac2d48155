import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../db/client';
import type { QueueName } from './queues';
import type { JobHandler } from './runner';

/**
 * A job only worker instances run (MAIL_WORKER=on): elsewhere null, so an instance with MAIL_WORKER=off only
 * queues jobs. `handler` is called on worker instances only (it may open connections).
 */
export function workerJob(app: FastifyInstance, handler: () => JobHandler): JobHandler | null {
  return app.config.MAIL_WORKER === 'on' ? handler() : null;
}

/** A worker job whose run is one round: a round that handled anything logs how many (`{ count }`) with `message`. */
export function countedRoundJob(
  app: FastifyInstance,
  job: { queue: QueueName; round: () => Promise<number>; message: string; concurrency?: number },
): JobHandler | null {
  const { round, message, ...handler } = job;
  return workerJob(app, () => ({
    ...handler,
    run: async () => {
      const count = await round();
      if (count > 0) app.log.info({ count }, message);
    },
  }));
}

/**
 * Runs `batch` again and again, each in a transaction of its own, until one handles fewer than `size` rows (the
 * rows it takes FOR UPDATE SKIP LOCKED, so two instances never work the same ones). Returns how many in all.
 */
export async function inBatches(db: Database, size: number, batch: (tx: Transaction) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await db.transaction(batch);
    total += handled;
    if (handled < size) return total;
  }
}
