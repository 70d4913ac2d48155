import type { Queue } from 'pg-boss';

/** pg-boss keeps its tables in this schema, beside the app's (decision 031). */
export const JOBS_SCHEMA = 'pgboss';

/** Where a job that failed all its tries goes; admins see it on the failed-jobs page and can retry it. */
export const DEAD_LETTER_QUEUE = 'dead-letters';

/**
 * Every queue the app runs. A delivery job ("mail.deliver", "webhooks.deliver") runs one round of its outbox:
 * the outbox rows are the record of each e-mail and event (written in the transaction of the change that caused
 * them, with the job), and keep their own retry schedule (24 h for both) because customers and admins read it.
 */
export const QUEUES = {
  mail: 'mail.deliver',
  webhooks: 'webhooks.deliver',
  dueSoon: 'orders.due-soon',
  retention: 'retention.purge',
  suggestClaims: 'orders.suggest-claims',
  checkLinks: 'orders.check-links',
  insightsRollup: 'insights.rollup',
  signOffsDue: 'orders.sign-offs-due',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const common = {
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 300,
  // A round that has not finished in this long is taken to have died with its instance and is run again.
  expireInSeconds: 600,
  deleteAfterSeconds: 24 * 60 * 60,
  deadLetter: DEAD_LETTER_QUEUE,
} satisfies Omit<Queue, 'name'>;

export const QUEUE_OPTIONS: Record<QueueName | typeof DEAD_LETTER_QUEUE, Omit<Queue, 'name'>> = {
  [DEAD_LETTER_QUEUE]: { retentionSeconds: 30 * 24 * 60 * 60, deleteAfterSeconds: 30 * 24 * 60 * 60 },
  [QUEUES.mail]: common,
  [QUEUES.webhooks]: common,
  [QUEUES.dueSoon]: common,
  [QUEUES.retention]: { ...common, expireInSeconds: 3600 },
  [QUEUES.suggestClaims]: common,
  // Up to 50 links, 3 attempts of 10 s each, 5 redirects: a round may take minutes.
  [QUEUES.checkLinks]: { ...common, expireInSeconds: 1800 },
  // The first runs after migration 0019 compute every day with figures: at a million orders, minutes.
  [QUEUES.insightsRollup]: { ...common, expireInSeconds: 1800 },
  [QUEUES.signOffsDue]: common,
};

/** Cron schedules (UTC). The delivery rounds also run every minute: the floor for retries and for any kick lost. */
export const SCHEDULES: Array<{ queue: QueueName; cron: string }> = [
  { queue: QUEUES.mail, cron: '* * * * *' },
  { queue: QUEUES.webhooks, cron: '* * * * *' },
  { queue: QUEUES.dueSoon, cron: '* * * * *' },
  { queue: QUEUES.retention, cron: '17 3 * * *' },
  { queue: QUEUES.suggestClaims, cron: '* * * * *' },
  { queue: QUEUES.checkLinks, cron: '* * * * *' },
  // Today, yesterday and any day a late change marked dirty (decision 041).
  { queue: QUEUES.insightsRollup, cron: '* * * * *' },
  // A sign-off nobody gave by an hour before the due time: delivered, audited afterwards (decision 073).
  { queue: QUEUES.signOffsDue, cron: '* * * * *' },
];
