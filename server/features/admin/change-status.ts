import { eq } from 'drizzle-orm';
import { computeDueDate } from '../../../shared/due-date';
import type { SubmissionStatus } from '../../../shared/submission-status';
import type { Transaction } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { REVIEW_MESSAGES } from '../../../shared/review.schema';
import { notifyReviewCompleted, notifyReviewStarted } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { recordStatusChange } from '../submissions';

export const SUBMISSION_NOT_FOUND = 'Submission not found';

/** Reads a submission and locks it for the rest of the transaction (two reviewers cannot interleave). */
export async function lockSubmission(tx: Transaction, id: string): Promise<SubmissionRow> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update').limit(1);
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}

/**
 * Moves a locked submission to `to`, inside the caller's transaction: completedAt is set on completion and cleared
 * when the order leaves 'completed'; the change is recorded and the customer notified. No-op for the same status.
 */
/**
 * What a reviewer may not do by hand: only a confirmed payment sets 'paid' (issue 4: "nothing else can"), and a
 * paid order never goes back to 'new', where it could be paid a second time.
 */
export function assertReviewerMove(row: SubmissionRow, to: SubmissionStatus): void {
  if (to === row.status) return;
  if (to === 'paid') throw conflict(REVIEW_MESSAGES.paidOnlyByPayment);
  if (to === 'new' && row.paidAt) throw conflict(REVIEW_MESSAGES.paidCannotBeNew);
}

export async function moveStatus(
  tx: Transaction,
  mail: MailSettings,
  row: SubmissionRow,
  to: SubmissionStatus,
  change: { changedBy: string; reason: string; patch?: Partial<typeof submissions.$inferInsert> },
): Promise<SubmissionRow> {
  const now = new Date();
  const statusChanged = row.status !== to;
  const set: Partial<typeof submissions.$inferInsert> = { ...change.patch, updatedAt: now };
  if (statusChanged) {
    set.status = to;
    set.completedAt = to === 'completed' ? now : null;
    // An order paid outside the card flow goes new → in-review (decisions.md): its clock starts then.
    if (to === 'in-review' && !row.dueDate) set.dueDate = computeDueDate(now, row.fastTurnaround);
  }
  const [updated] = await tx.update(submissions).set(set).where(eq(submissions.id, row.id)).returning();
  if (!updated) throw notFound(SUBMISSION_NOT_FOUND);
  if (statusChanged) {
    await recordStatusChange(tx, {
      submissionId: row.id,
      from: row.status,
      to,
      changedBy: change.changedBy,
      reason: change.reason,
    });
    if (to === 'in-review') await notifyReviewStarted(mail, tx, updated);
    if (to === 'completed') await notifyReviewCompleted(mail, tx, updated);
  }
  return updated;
}
