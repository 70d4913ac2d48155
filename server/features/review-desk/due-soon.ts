import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CLAIM_LAPSE_MS, DUE_SOON_MS } from '../../../shared/review.schema';
import type { SubmissionStatus } from '../../../shared/submission-status';
import type { Database } from '../../db/client';
import { submissions, users } from '../../db/schema';
import { notifyDueSoon } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { QUEUES } from '../../jobs/queues';
import { countedRoundJob, inBatches } from '../../jobs/rounds';
import type { JobHandler } from '../../jobs/runner';

/** Unfinished work that has a due date: the e-mail is for these only. */
const OPEN_STATUSES: SubmissionStatus[] = ['paid', 'in-review', 'revision-requested'];
const BATCH = 50;

/**
 * One sweep (decision 022): every unfinished order due within the next 4 hours (and not yet overdue) whose
 * e-mail has not gone out for its current due date gets one, to the team and the live claimant. The rows are
 * taken FOR UPDATE SKIP LOCKED and marked (due_soon_notified_for := due_date) in the same transaction as the
 * outbox rows, so two instances sweeping at once never both send, and a crash sends nothing or everything.
 * The outbox dedupe key (order, due date, recipient) is a second guard. Returns how many orders it handled.
 */
export async function sweepDueSoon(db: Database, settings: MailSettings, now: Date = new Date()): Promise<number> {
  return inBatches(db, BATCH, async (tx) => {
    const rows = await tx
      .select()
      .from(submissions)
      .where(
        and(
          inArray(submissions.status, OPEN_STATUSES),
          gt(submissions.dueDate, now),
          lte(submissions.dueDate, new Date(now.getTime() + DUE_SOON_MS)),
          or(isNull(submissions.dueSoonNotifiedFor), ne(submissions.dueSoonNotifiedFor, submissions.dueDate)),
        ),
      )
      .orderBy(asc(submissions.dueDate), asc(submissions.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const lapsedBefore = now.getTime() - CLAIM_LAPSE_MS;
    for (const row of rows) {
      let claimant: { name: string; email: string } | null = null;
      if (row.claimedBy && row.claimActiveAt && row.claimActiveAt.getTime() > lapsedBefore) {
        const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.claimedBy)).limit(1);
        claimant = user ?? null;
      }
      await notifyDueSoon(settings, tx, row, claimant);
      // Copied in SQL: the column keeps microseconds, which a JavaScript Date would drop (and never match again).
      await tx.update(submissions).set({ dueSoonNotifiedFor: sql`${submissions.dueDate}` }).where(eq(submissions.id, row.id));
    }
    return rows.length;
  });
}

/** The "orders.due-soon" job: a cron runs it every minute on instances that deliver e-mail (MAIL_WORKER=on). */
export function dueSoonJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, { queue: QUEUES.dueSoon, round: () => sweepDueSoon(app.db, app.mail), message: 'due-soon e-mails queued' });
}
