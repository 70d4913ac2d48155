import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/client';
import { createBoss } from './boss';
import { DEAD_LETTER_QUEUE, QUEUES, SCHEDULES, type QueueName } from './queues';

export interface JobLogger {
  debug: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** What a queue's job does. `more` asks for another run straight away (a delivery round that found a full batch). */
export interface JobHandler {
  queue: QueueName;
  run: () => Promise<{ more?: boolean } | void>;
  /** Jobs of this queue this instance runs at once (default 1). */
  concurrency?: number;
  /** Called first when the app stops: a round in flight hands back what it has not started. */
  stopping?: () => void;
  /** Released when the app stops (a mail transport's connections). */
  close?: () => void;
}

/** Sends jobs; every instance has one, whether or not it works jobs. */
export interface JobSender {
  /** Queues a job in the caller's transaction: it exists exactly when the change that caused it commits. */
  sendInTransaction: (tx: Executor, queue: QueueName) => Promise<void>;
  /** Queues a job now; `retryLimit` overrides the queue's tries (0: a failure goes straight to dead letters). */
  send: (queue: QueueName, options?: { retryLimit?: number }) => Promise<void>;
}

export interface FailedJob {
  id: string;
  queue: string;
  failedAt: string;
  retries: number;
  error: string | null;
}

export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  failed: number;
}

export interface JobRunner extends JobSender {
  /** Starts the producer (and, with handlers, the workers and cron schedules). */
  start: (handlers: JobHandler[]) => Promise<void>;
  /** Lets jobs in flight finish (up to 30 s), then stops. */
  stop: () => Promise<void>;
  deadLetters: (limit: number) => Promise<FailedJob[]>;
  /** Sends a dead-lettered job back to the queue it came from; false when there is no such job. */
  retryDeadLetter: (id: string) => Promise<boolean>;
  counts: () => Promise<QueueCounts[]>;
}

function errorText(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message.slice(0, 500) : null;
}

/**
 * The app's one job runner (pg-boss, decision 031). Every background task is a queue here: e-mail and webhook
 * delivery rounds, the due-soon sweep and the retention purge. Several instances may run it: pg-boss hands each
 * job to one of them (SKIP LOCKED) and fires each cron occurrence once.
 */
export function createJobRunner(options: { handle: DatabaseHandle; log: JobLogger; worker: boolean }): JobRunner {
  const { log } = options;
  let boss: PgBoss | null = null;
  let handlers: JobHandler[] = [];

  const started = (): PgBoss => {
    if (!boss) throw new Error('The job runner has not started');
    return boss;
  };

  const runner: JobRunner = {
    async sendInTransaction(tx, queue) {
      await started().send(queue, null, { db: fromDrizzle(tx as never, sql as never) });
    },
    async send(queue, sendOptions = {}) {
      await started().send(queue, null, sendOptions);
    },
    async start(list) {
      const worker = options.worker && list.length > 0;
      boss = createBoss(options.handle, worker ? 'worker' : 'producer');
      boss.on('error', (err: Error) => log.error({ err }, 'job runner error'));
      boss.on('warning', (warning: { message?: string }) => log.warn({ warning }, 'job runner warning'));
      await boss.start();
      if (!worker) return;
      handlers = list;
      for (const handler of list) {
        await boss.work(handler.queue, { pollingIntervalSeconds: 1, batchSize: 1, localConcurrency: handler.concurrency ?? 1 }, async ([job]) => {
          const result = await handler.run();
          if (result?.more) await boss?.send(handler.queue, null);
          log.debug({ queue: handler.queue, jobId: job?.id }, 'job done');
        });
      }
      const working = new Set(list.map((h) => h.queue));
      for (const { queue, cron } of SCHEDULES) {
        if (working.has(queue)) await boss.schedule(queue, cron, null, { tz: 'UTC' });
      }
      // What an earlier run left (an outbox filled while no instance delivered) goes out now, not at the next cron.
      for (const queue of [QUEUES.mail, QUEUES.webhooks, QUEUES.dueSoon]) if (working.has(queue)) await boss.send(queue, null);
      log.info({ queues: [...working] }, 'job runner started');
    },
    async stop() {
      if (!boss) return;
      for (const handler of handlers) handler.stopping?.();
      const current = boss;
      boss = null;
      await current.stop({ graceful: true, timeout: 30_000, close: true });
      for (const handler of handlers) handler.close?.();
      if (handlers.length > 0) log.info({}, 'job runner stopped');
      handlers = [];
    },
    async deadLetters(limit) {
      const jobs = await started().findJobs(DEAD_LETTER_QUEUE, { limit });
      return jobs
        .filter((job) => job.state !== 'completed' && job.state !== 'cancelled')
        .map((job) => ({
          id: job.id,
          queue: (job as { sourceName?: string | null }).sourceName ?? 'unknown',
          failedAt: new Date(job.createdOn).toISOString(),
          retries: (job as { sourceRetryCount?: number | null }).sourceRetryCount ?? 0,
          error: errorText((job as { sourceOutput?: unknown }).sourceOutput),
        }))
        .reverse();
    },
    async retryDeadLetter(id) {
      const moved = await started().redrive(DEAD_LETTER_QUEUE, { ids: [id] });
      return moved > 0;
    },
    async counts() {
      const queues = await started().getQueues([...Object.values(QUEUES), DEAD_LETTER_QUEUE]);
      return queues.map((q) => ({ queue: q.name, waiting: q.queuedCount, active: q.activeCount, failed: q.failedCount }));
    },
  };
  return runner;
}
