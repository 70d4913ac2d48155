import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  AFTER_PAYMENT_MESSAGES,
  REVISION_TURNAROUND_BUSINESS_DAYS,
  REVISION_WINDOW_DAYS,
} from '../../../shared/after-payment.schema';
import { addBusinessDays } from '../../../shared/due-date';
import type { Database } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { FeatureContext } from '../context';
import { customerCanSee, getAccessibleSubmission } from '../submissions';
import { transition } from '../orders';

/**
 * The one free revision (spec section 9): a completed order, delivered less than 7 days ago, never revised. One
 * conditional UPDATE, so two tabs cannot both use it; the order gets a due date 2 business days out and goes to
 * the top of the admin queue.
 */
export async function requestRevision(
  db: Database,
  context: FeatureContext,
  input: { submissionId: string; userId: string; message: string; now: Date },
): Promise<SubmissionRow> {
  const { submissionId, userId, message, now } = input;
  const owned = await getAccessibleSubmission(db, submissionId, { id: userId, isAdmin: false });
  return db.transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - REVISION_WINDOW_DAYS * 86_400_000);
    const updated = await transition(
      tx,
      { ...owned, status: 'completed' },
      'revision-requested',
      { kind: 'customer', userId },
      'Free revision requested by the customer',
      {
        context,
        patch: { revisionRequestedAt: now, revisionMessage: message, dueDate: addBusinessDays(now, REVISION_TURNAROUND_BUSINESS_DAYS) },
        where: and(customerCanSee(userId), isNull(submissions.revisionRequestedAt), gt(submissions.completedAt, windowStart)),
        now,
      },
    );
    if (!updated) {
      const [row] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1);
      if (row?.revisionRequestedAt) throw conflict(AFTER_PAYMENT_MESSAGES.revisionUsed);
      if (row?.status !== 'completed') throw conflict(AFTER_PAYMENT_MESSAGES.revisionNotCompleted);
      throw conflict(AFTER_PAYMENT_MESSAGES.revisionWindowPassed);
    }
    return updated;
  });
}
