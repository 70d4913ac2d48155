import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { SIGN_OFF_MIN_LEAD_MS } from '../../../shared/sign-offs.schema';
import type { Database, Transaction } from '../../db/client';
import { orderSignOffs, submissions, type SubmissionRow } from '../../db/schema';
import { inBatches } from '../../jobs/rounds';

const BATCH = 20;

/**
 * Sampling never makes an order late (decision 073): a sign-off still pending an hour before the order's due time is
 * closed as "audited" and the order delivered by its author as an ordinary completion (`deliver`: the review desk's
 * move, which opens the audit of reason "sample" after the delivery). The orders are taken FOR UPDATE SKIP LOCKED,
 * each in the batch's transaction, so two instances never deliver one twice, and a signer at the same instant waits
 * for the row lock and then finds nothing pending (409). Returns how many it delivered.
 */
export async function sweepDueSignOffs(
  db: Database,
  now: Date,
  deliver: (tx: Transaction, order: SubmissionRow, authorId: string) => Promise<unknown>,
): Promise<number> {
  const before = new Date(now.getTime() + SIGN_OFF_MIN_LEAD_MS);
  return inBatches(db, BATCH, async (tx) => {
    const rows = await tx
      .select({ order: submissions, signOffId: orderSignOffs.id, authorId: orderSignOffs.completedBy })
      .from(submissions)
      .innerJoin(orderSignOffs, and(eq(orderSignOffs.submissionId, submissions.id), isNull(orderSignOffs.outcome)))
      .where(and(eq(submissions.status, 'in-review'), lt(submissions.dueDate, before), isNotNull(orderSignOffs.completedBy)))
      .orderBy(asc(submissions.dueDate), asc(submissions.id))
      .limit(BATCH)
      .for('update', { of: submissions, skipLocked: true });
    for (const row of rows) {
      await tx
        .update(orderSignOffs)
        .set({ outcome: 'audited', decidedAt: now, notes: sql`null` })
        .where(and(eq(orderSignOffs.id, row.signOffId), isNull(orderSignOffs.outcome)));
      await deliver(tx, row.order, row.authorId!);
    }
    return rows.length;
  });
}
