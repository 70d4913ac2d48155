import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CLAIM_LAPSE_MS, DUE_SOON_MS } from '../../../shared/review.schema';
import type { SubmissionStatus } from '../../../shared/submission-status';
import type { Database } from '../../db/client';
import { reviewDeskOrders, submissions, users } from '../../db/schema';
import { notifyDueSoon } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { QUEUES } from '../../jobs/queues';
import { countedRoundJob, inBatches } from '../../jobs/rounds';
import type { JobHandler } from '../../jobs/runner';
import { deskStateOf, newDeskRows } from './desk-state';

/** Unfinished work that has a due date: the e-mail is for these only. */
const OPEN_STATUSES: SubmissionStatus[] = ['paid', 'in-review', 'revision-requested'];
const BATCH = 50;

/**
 * One sweep (decision 022): every unfinished order due within the next 4 hours (and not yet overdue) whose
 * e-mail has not gone out for its current due date gets one, to the team and the live claimant. The rows are
 * taken FOR UPDATE SKIP LOCKED and marked (the desk's due_soon_notified_for := due_date, decision 075) in the same
 * transaction as the outbox rows, so two instances sweeping at once never both send, and a crash sends nothing or
 * everything.
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
          sql`not exists (select 1 from ${reviewDeskOrders} where ${reviewDeskOrders.orderId} = ${submissions.id} and ${reviewDeskOrders.dueSoonNotifiedFor} = ${submissions.dueDate})`,
        ),
      )
      .orderBy(asc(submissions.dueDate), asc(submissions.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const lapsedBefore = now.getTime() - CLAIM_LAPSE_MS;
    let sent = 0;
    for (const row of rows) {
      // Marked first, and only if the mark changes: the mark is not on the locked row, so a sweep whose snapshot
      // predates another's commit could take the row after it; the upsert, a statement of its own, sees that commit.
      // Copied in SQL: the column keeps microseconds, which a JavaScript Date would drop (and never match again).
      const marked = await tx
        .insert(reviewDeskOrders)
        .select(newDeskRows(eq(submissions.id, row.id), { dueSoonNotifiedFor: sql`${submissions.dueDate}` }))
        .onConflictDoUpdate({
          target: reviewDeskOrders.orderId,
          set: { dueSoonNotifiedFor: sql`excluded.due_soon_notified_for` },
          setWhere: sql`${reviewDeskOrders.dueSoonNotifiedFor} is distinct from excluded.due_soon_notified_for`,
        })
        .returning({ id: reviewDeskOrders.orderId });
      if (marked.length === 0) continue;
      let claimant: { name: string; email: string } | null = null;
      const desk = await deskStateOf(tx, row.id);
      if (desk.claimedBy && desk.claimActiveAt && desk.claimActiveAt.getTime() > lapsedBefore) {
        const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, desk.claimedBy)).limit(1);
        claimant = user ?? null;
      }
      await notifyDueSoon(settings, tx, row, claimant);
      sent += 1;
    }
    return sent;
  });
}

/** The "orders.due-soon" job: a cron runs it every minute on instances that deliver e-mail (MAIL_WORKER=on). */
export function dueSoonJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, { queue: QUEUES.dueSoon, round: () => sweepDueSoon(app.db, app.mail), message: 'due-soon e-mails queued' });
}
