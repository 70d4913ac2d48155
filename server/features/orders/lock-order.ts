import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';

/** What a staff route answers for an unknown order (the public paths call orders submissions, spec section 7). */
export const ORDER_NOT_FOUND = 'Submission not found';

/** Reads an order and locks it for the rest of the transaction (two reviewers, or a refund and a delivery, cannot interleave). */
export async function lockOrder(tx: Transaction, id: string): Promise<SubmissionRow> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update').limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}
