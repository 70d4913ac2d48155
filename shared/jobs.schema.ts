import { z } from 'zod';

/** What each background queue does, in the admins' words (server/jobs/queues.ts names the queues). */
export const JOB_QUEUE_LABELS: Record<string, string> = {
  'mail.deliver': 'E-mail delivery',
  'webhooks.deliver': 'Webhook delivery',
  'orders.due-soon': 'Due-soon reminders',
  'retention.purge': 'Retention purge',
  'orders.suggest-claims': 'Suggested claims',
  'orders.check-links': 'Link checks',
  'insights.rollup': 'Insights rollups',
  'orders.sign-offs-due': 'Sign-offs due (delivered, audited afterwards)',
  'dead-letters': 'Failed jobs',
};

export const queueCountsSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  failedAt: z.string(),
  retries: z.number().int(),
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** GET /api/admin/jobs: each queue's counts and the jobs that failed every try (dead letters), newest first. */
export const jobsOverviewSchema = z.object({
  queues: z.array(queueCountsSchema),
  failed: z.array(failedJobSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid({ message: 'Unknown job' }) });

export const JOBS_MESSAGES = {
  notFound: 'This failed job no longer exists. It may have been retried already.',
  retried: 'The job was sent back to its queue.',
} as const;

/** How many failed jobs the page lists (the oldest beyond it wait for the newer to be dealt with). */
export const FAILED_JOBS_LIMIT = 200;
