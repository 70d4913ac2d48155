import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { QUEUES } from '../../jobs/queues';
import { workerJob } from '../../jobs/rounds';
import type { JobHandler } from '../../jobs/runner';
import { pruneLiveEvents } from '../live-updates';

/** Accounting records are kept for 6 years from the end of the financial year they belong to (decision 014). */
export const ACCOUNTING_RETENTION_YEARS = 6;

/**
 * The first moment still inside the retention period: records dated before it belong to a financial year
 * (1 April to 31 March) that ended more than 6 years ago. It is the latest 1 April (00:00 UTC) no later than
 * `now` minus 6 years.
 */
export function retentionCutoff(now: Date): Date {
  const sixYearsAgo = new Date(now);
  sixYearsAgo.setUTCFullYear(now.getUTCFullYear() - ACCOUNTING_RETENTION_YEARS);
  const year = sixYearsAgo.getUTCMonth() >= 3 ? sixYearsAgo.getUTCFullYear() : sixYearsAgo.getUTCFullYear() - 1;
  return new Date(Date.UTC(year, 3, 1));
}

export interface PurgeResult {
  orders: number;
  accounts: number;
}

/**
 * The daily retention purge ("retention.purge" job): what deleting an account kept for the accountants goes once
 * its period is over. Orders of deleted accounts whose every date (created, paid, completed, refunds) lies before
 * the cutoff are deleted with their payments, refunds and history (foreign keys cascade); then a deleted account
 * with no order and no credit purchase left is deleted. Live accounts are never touched.
 */
export async function purgeExpiredRecords(db: Database, now: Date = new Date()): Promise<PurgeResult> {
  const cutoff = retentionCutoff(now);
  return db.transaction(async (tx) => {
    const orders = await tx.execute<{ id: string }>(sql`
      delete from submissions s
      using users u
      where u.id = s.user_id
        and u.email like 'deleted-%@deleted.invalid'
        and greatest(s.created_at, s.paid_at, s.completed_at) < ${cutoff}
        and not exists (select 1 from refunds r where r.submission_id = s.id and r.created_at >= ${cutoff})
      returning s.id`);
    const accounts = await tx.execute<{ id: string }>(sql`
      delete from users u
      where u.email like 'deleted-%@deleted.invalid'
        and not exists (select 1 from submissions s where s.user_id = u.id)
        and not exists (select 1 from credit_purchases c where c.user_id = u.id and c.created_at >= ${cutoff})
      returning u.id`);
    return { orders: orders.rows.length, accounts: accounts.rows.length };
  });
}

/**
 * The "retention.purge" job: a cron runs it daily at 03:17 UTC on instances with MAIL_WORKER=on. It also drops the
 * live update feed's old rows (decision 038): one daily clean-up, and no timer of its own.
 */
export function retentionPurgeJob(app: FastifyInstance): JobHandler | null {
  return workerJob(app, () => ({
    queue: QUEUES.retention,
    run: async () => {
      const purged = await purgeExpiredRecords(app.db);
      await pruneLiveEvents(app.db);
      app.log.info({ ...purged }, 'retention purge done');
    },
  }));
}
