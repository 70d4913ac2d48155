import { and, eq, inArray } from 'drizzle-orm';
import {
  buildReviewedContent,
  documentIdFromReference,
  documentPath,
  REVIEW_MESSAGES,
  type ReviewUpdate,
} from '../../../shared/review.schema';
import type { Transaction } from '../../db/client';
import { reviewDocuments, type SubmissionRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { detachDocuments } from '../uploads';
import { assertReviewerMove, moveStatus } from './change-status';
import { lockOrder } from '../orders';
import { assertHolderNotBlocked, takeReviewVersion } from './order-claims';
import { AFTER_PAYMENT_MESSAGES } from '../../../shared/after-payment.schema';
import type { SubmissionStatus } from '../../../shared/submission-status';
import { assertFactCheckReady } from '../fact-check';
import type { FeatureContext } from '../context';
import { addActiveSeconds, addEffortCounts } from '../review-effort';

/** The listed documents as ids, in the order given, all uploaded for this submission (400 otherwise). */
async function resolveDocuments(tx: Transaction, submissionId: string, references: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const reference of references) {
    const id = documentIdFromReference(reference);
    if (!id) throw badRequest(REVIEW_MESSAGES.unknownDocument);
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) return ids;
  const found = await tx
    .select({ id: reviewDocuments.id })
    .from(reviewDocuments)
    .where(
      and(
        inArray(reviewDocuments.id, ids),
        eq(reviewDocuments.submissionId, submissionId),
        eq(reviewDocuments.status, 'uploaded'),
      ),
    );
  if (found.length !== ids.length) throw badRequest(REVIEW_MESSAGES.unknownDocument);
  return ids;
}

/**
 * Save Draft / Complete Review. The stored reviewedContent is built as the spec says (link or document addresses,
 * a blank line, then the text). A draft on a paid order starts the review; completing moves it to completed.
 * Returns the storage keys of the documents it took off the review, to delete once the transaction commits.
 */
export async function saveReview(
  tx: Transaction,
  context: FeatureContext,
  input: { submissionId: string; review: ReviewUpdate; reviewerId: string; reviewerIsAdmin: boolean },
): Promise<{ row: SubmissionRow; removedKeys: string[] }> {
  const { review } = input;
  // The claim and the version first (decision 021): only the holder, from the current draft, gets further.
  await takeReviewVersion(tx, input.submissionId, input.reviewerId, review.version);
  await assertHolderNotBlocked(tx, input.submissionId, input.reviewerId);
  const row = await lockOrder(tx, input.submissionId);
  const target = review.complete ? 'completed' : row.status === 'paid' ? 'in-review' : null;
  assertReviewerMove(row, target ?? (row.status as SubmissionStatus), { isAdmin: input.reviewerIsAdmin });
  if (row.status === 'cancelled') throw conflict(AFTER_PAYMENT_MESSAGES.cancelledByCustomer);
  // A delivered review changes only through a new delivery: back to "In review" first (issue 29), never silently.
  if (row.status === 'completed') throw conflict(REVIEW_MESSAGES.completedIsDelivered);
  if (review.complete) await assertFactCheckReady(tx, row, review.noCheckableClaims);
  const documentIds =
    review.attachmentMode === 'upload' ? await resolveDocuments(tx, row.id, review.uploadedDocuments) : [];
  // Whatever is not on the saved list (every upload, when the review is text or link) is no longer part of
  // the review the customer receives: it is removed, and its stored file deleted after the commit.
  const removedKeys = await detachDocuments(tx, row.id, documentIds, { includePending: review.complete });
  const reviewedContent = buildReviewedContent({
    attachmentMode: review.attachmentMode,
    reviewedText: review.reviewedContent,
    documentLink: review.documentLink,
    documentUrls: documentIds.map((id) => `${context.mail.publicUrl}${documentPath(id)}`),
  });
  const patch = {
    reviewedContent: reviewedContent === '' ? null : reviewedContent,
    reviewerNotes: review.reviewerNotes.trim() === '' ? null : review.reviewerNotes,
    attachmentMode: review.attachmentMode,
    documentLink: review.attachmentMode === 'link' && review.documentLink ? review.documentLink : null,
    ...(review.noCheckableClaims === undefined ? {} : { noCheckableClaims: review.noCheckableClaims }),
  };
  // The running totals (review_desk_orders, whose row the version took above), for the effort record at completion.
  if (review.activeSeconds !== undefined) await addActiveSeconds(tx, row, review.activeSeconds, new Date());
  if (review.effortCounts !== undefined) await addEffortCounts(tx, row, review.effortCounts);
  const saved = await moveStatus(tx, context, row, target ?? (row.status as never), {
    changedBy: input.reviewerId,
    reason: review.complete ? 'Review completed' : 'Review draft saved',
    patch,
  });
  return { row: saved, removedKeys };
}
