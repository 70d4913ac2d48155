import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deliveries, type SubmissionRow } from '../../db/schema';
import { deliveredParts } from '../../../shared/after-payment.schema';

/** An order is being revised: the customer asked for a revision and delivery 2 is not yet delivered. */
export function inRevision(row: Pick<SubmissionRow, 'status' | 'revisionRequestedAt'>): boolean {
  return row.revisionRequestedAt !== null && (row.status === 'revision-requested' || row.status === 'in-review');
}

/**
 * During a revision, the order as it was last delivered (issue 45): the latest delivery's text, notes and link over
 * the row, whose review fields now hold the reviewer's draft of the next delivery. Null when nothing was delivered.
 */
export async function lastDeliveredVersion(db: Executor, row: SubmissionRow): Promise<SubmissionRow | null> {
  const [latest] = await db.select().from(deliveries).where(eq(deliveries.submissionId, row.id)).orderBy(desc(deliveries.number)).limit(1);
  if (!latest) return null;
  return {
    ...row,
    ...deliveredParts(latest),
    completedAt: latest.deliveredAt,
  };
}
