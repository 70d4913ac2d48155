import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import {
  AFTER_PAYMENT_MESSAGES,
  REVISION_TURNAROUND_BUSINESS_DAYS,
  REVISION_WINDOW_DAYS,
} from '../../../shared/after-payment.schema';
import { addBusinessDays } from '../../../shared/due-date';
import type { Executor } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { transition } from './transition';
import type { OrderLifecycle } from './order-events';

/**
 * The one free revision (spec section 9): a completed order, delivered less than 7 days ago, never revised. One
 * conditional UPDATE, so two tabs cannot both use it; the order gets a due date 2 business days out and goes to
 * the top of the review queue. A refusal is a 409 saying why. `where` is the caller's access rule.
 */
export async function reviseOrder<Context extends OrderLifecycle<Context>>(
  tx: Executor,
  context: Context,
  order: Pick<SubmissionRow, 'id' | 'fastTurnaround'>,
  input: { userId: string; message: string; now: Date; where: SQL },
): Promise<SubmissionRow> {
  const { now } = input;
  const windowStart = new Date(now.getTime() - REVISION_WINDOW_DAYS * 86_400_000);
  const updated = await transition(
    tx,
    { ...order, status: 'completed' },
    'revision-requested',
    { kind: 'customer', userId: input.userId },
    'Free revision requested by the customer',
    {
      context,
      patch: { revisionRequestedAt: now, revisionMessage: input.message, dueDate: addBusinessDays(now, REVISION_TURNAROUND_BUSINESS_DAYS) },
      where: and(input.where, isNull(submissions.revisionRequestedAt), gt(submissions.completedAt, windowStart)),
      now,
    },
  );
  if (updated) return updated;
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, order.id)).limit(1);
  if (row?.revisionRequestedAt) throw conflict(AFTER_PAYMENT_MESSAGES.revisionUsed);
  if (row?.status !== 'completed') throw conflict(AFTER_PAYMENT_MESSAGES.revisionNotCompleted);
  throw conflict(AFTER_PAYMENT_MESSAGES.revisionWindowPassed);
}
