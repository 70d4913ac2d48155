import type { Queue } from 'pg-boss';

/** pg-boss keeps its tables in this schema, beside the app's (decision 031). */
export const JOBS_SCHEMA = 'pgboss';

/** Where a job that failed all its tries goes; admins see it on the failed-jobs page and can retry it. */
export const DEAD_LETTER_QUEUE = 'dead-letters';

type QueueOptions = Omit<Queue, 'name'>;

const common = {
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 300,
  // A round that has not finished in this long is taken to have died with its instance and is run again.
  expireInSeconds: 600,
  deleteAfterSeconds: 24 * 60 * 60,
  deadLetter: DEAD_LETTER_QUEUE,
} satisfies QueueOptions;

/** The delivery rounds run every minute too: the floor for retries and for any kick lost. */
const EVERY_MINUTE = '* * * * *';

/**
 * Every queue the app runs, one line each: its name, its cron schedule (UTC) and what its pg-boss options change of
 * `common`'s. A delivery job ("mail.deliver", "webhooks.deliver") runs one round of its outbox: the outbox rows are
 * the record of each e-mail and event (written in the transaction of the change that caused them, with the job),
 * and keep their own retry schedule (24 h for both) because customers and admins read it.
 */
const QUEUE_TABLE = {
  mail: { name: 'mail.deliver', cron: EVERY_MINUTE },
  webhooks: { name: 'webhooks.deliver', cron: EVERY_MINUTE },
  dueSoon: { name: 'orders.due-soon', cron: EVERY_MINUTE },
  retention: { name: 'retention.purge', cron: '17 3 * * *', options: { expireInSeconds: 3600 } },
  suggestClaims: { name: 'orders.suggest-claims', cron: EVERY_MINUTE },
  // Up to 50 links, 3 attempts of 10 s each, 5 redirects: a round may take minutes.
  checkLinks: { name: 'orders.check-links', cron: EVERY_MINUTE, options: { expireInSeconds: 1800 } },
  // Today, yesterday and any day a late change marked dirty (decision 041). The first runs after migration 0019
  // compute every day with figures: at a million orders, minutes.
  insightsRollup: { name: 'insights.rollup', cron: EVERY_MINUTE, options: { expireInSeconds: 1800 } },
  // A sign-off nobody gave by an hour before the due time: delivered, audited afterwards (decision 073).
  signOffsDue: { name: 'orders.sign-offs-due', cron: EVERY_MINUTE },
} as const;

type QueueKey = keyof typeof QUEUE_TABLE;
export type QueueName = (typeof QUEUE_TABLE)[QueueKey]['name'];

/** A line of QUEUE_TABLE. */
interface QueueDefinition {
  name: QueueName;
  cron: string;
  options?: Partial<QueueOptions>;
}

const definitions = Object.entries(QUEUE_TABLE) as Array<[QueueKey, QueueDefinition]>;

/** Each queue's name by its key: `QUEUES.mail` is "mail.deliver". */
export const QUEUES = Object.fromEntries(definitions.map(([key, queue]) => [key, queue.name])) as {
  readonly [K in QueueKey]: (typeof QUEUE_TABLE)[K]['name'];
};

export const QUEUE_OPTIONS = {
  [DEAD_LETTER_QUEUE]: { retentionSeconds: 30 * 24 * 60 * 60, deleteAfterSeconds: 30 * 24 * 60 * 60 },
  ...Object.fromEntries(definitions.map(([, queue]) => [queue.name, { ...common, ...queue.options }])),
} as Record<QueueName | typeof DEAD_LETTER_QUEUE, QueueOptions>;

export const SCHEDULES: ReadonlyArray<{ queue: QueueName; cron: string }> = definitions.map(([, queue]) => ({ queue: queue.name, cron: queue.cron }));
