import { desc, eq } from 'drizzle-orm';
import { reviewedTextOf } from '../../../shared/review.schema';
import { normaliseLineEnds, type DiffPart } from '../../../shared/text-diff';
import type { Executor } from '../../db/client';
import { deliveries, type SubmissionRow } from '../../db/schema';
import { diffPool } from './diff-pool';

/**
 * The word diff of a delivery, computed once and stored on its row (issue 29): the API's order answer and the
 * customer's reviewed.docx read it instead of diffing 3,000 words on every request. Computing happens in a worker
 * thread (diff-pool.ts), never on the event loop.
 */

/** Whether `parts` is the diff of exactly these two texts (equal + deleted = original, equal + inserted = reviewed). */
export function diffDescribes(parts: readonly DiffPart[], original: string, reviewed: string): boolean {
  let before = '';
  let after = '';
  for (const part of parts) {
    if (part.type !== 'insert') before += part.text;
    if (part.type !== 'delete') after += part.text;
  }
  return before === normaliseLineEnds(original) && after === normaliseLineEnds(reviewed);
}

/** At delivery: compute the diff of the delivered text (off the main thread) and store it on the delivery's row. */
export async function storeDeliveryDiff(db: Executor, deliveryId: string, original: string, delivered: ReviewedFields): Promise<DiffPart[] | null> {
  const reviewed = reviewedTextOf(delivered);
  if (reviewed.trim() === '') return null;
  let diff: DiffPart[];
  try {
    diff = await diffPool.diff(original, reviewed);
  } catch {
    return null; // a busy or failed worker never blocks a delivery: the first read computes and stores it
  }
  await db.update(deliveries).set({ diff }).where(eq(deliveries.id, deliveryId));
  return diff;
}

type ReviewedFields = Parameters<typeof reviewedTextOf>[0];

/**
 * The diff of the order's reviewed text against its original: the latest delivery's stored diff when it describes
 * these texts; otherwise (a delivery from before the column, or none) computed once in the worker thread and stored
 * on the latest delivery when that delivery holds this text. Null when there is no reviewed text.
 */
export async function deliveredDiff(db: Executor, row: SubmissionRow): Promise<DiffPart[] | null> {
  const reviewed = reviewedTextOf(row);
  if (reviewed.trim() === '') return null;
  const [latest] = await db
    .select({ id: deliveries.id, diff: deliveries.diff, reviewedContent: deliveries.reviewedContent, attachmentMode: deliveries.attachmentMode, documentLink: deliveries.documentLink })
    .from(deliveries)
    .where(eq(deliveries.submissionId, row.id))
    .orderBy(desc(deliveries.number))
    .limit(1);
  if (latest?.diff && diffDescribes(latest.diff, row.content, reviewed)) return latest.diff;
  const parts = await diffPool.diff(row.content, reviewed);
  if (latest && reviewedTextOf(latest) === reviewed) {
    await db.update(deliveries).set({ diff: parts }).where(eq(deliveries.id, latest.id));
  }
  return parts;
}
