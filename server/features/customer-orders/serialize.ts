import type { Submission, SubmissionDraft } from '../../../shared/submission.schema';
import { penceToPounds } from '../../../shared/money';
import { cancellableUntil, revisionAvailableUntil } from '../../../shared/after-payment.schema';
import type { SubmissionRow } from '../../db/schema';

export interface OrderDocument {
  id: string;
  fileName: string;
  url: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Whether the viewer may see the review (text, notes, link, documents): admins always, the customer once it is
 * delivered. A reviewer's draft is work in progress, not something the customer has been given.
 */
export function canSeeReview(row: Pick<SubmissionRow, 'status'>, viewer: { isAdmin: boolean }): boolean {
  return viewer.isAdmin || row.status === 'completed';
}

/** What every view of an order names first (the customer API's Submission, the public API's order summary). */
export function orderBasics(row: SubmissionRow) {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    serviceTier: row.serviceTier,
    category: row.category,
    wordCount: row.wordCount,
    fastTurnaround: row.fastTurnaround,
  };
}

/** The API's Submission (shared submissionSchema): amount in pounds, ISO dates. */
export function toCustomerOrder(
  row: SubmissionRow,
  documents: OrderDocument[] = [],
  viewer: { isAdmin: boolean } = { isAdmin: false },
  /** The sum of the order's refund rows (0 for an order never refunded). */
  refundedPence = 0,
  /** Who placed it: given for an organisation's order only (decision 047), so a lone account's answer is unchanged. */
  placedBy?: { name: string; email: string },
): Submission {
  const review = canSeeReview(row, viewer);
  return {
    ...(placedBy ? { placedBy } : {}),
    ...orderBasics(row),
    amount: penceToPounds(row.amountPence),
    amountPence: row.amountPence,
    tone: row.tone,
    targetAudience: row.targetAudience,
    englishVariant: row.englishVariant,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    contactWebsite: row.contactWebsite,
    content: row.content,
    instructions: row.instructions,
    additionalNotes: row.additionalNotes,
    reviewedContent: review ? row.reviewedContent : null,
    reviewerNotes: review ? row.reviewerNotes : null,
    attachmentMode: review ? row.attachmentMode : null,
    documentLink: review ? row.documentLink : null,
    noCheckableClaims: review ? row.noCheckableClaims : false,
    documents: review ? documents : [],
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    dueDate: iso(row.dueDate),
    completedAt: iso(row.completedAt),
    refundedPence,
    cancellableUntil: iso(cancellableUntil(row)),
    revisionAvailableUntil: iso(revisionAvailableUntil(row)),
    revisionRequestedAt: iso(row.revisionRequestedAt),
    revisionMessage: row.revisionMessage,
    editorialResponsibility: row.editorialResponsibility ?? null,
  };
}

/** GET /api/submission/:id — the form's prefill (shared submissionDraftSchema). */
export function toDraft(row: SubmissionRow): SubmissionDraft {
  return {
    content: row.content,
    serviceTier: row.serviceTier,
    category: row.category,
    tone: row.tone,
    targetAudience: row.targetAudience,
    englishVariant: row.englishVariant,
    instructions: row.instructions,
    additionalNotes: row.additionalNotes,
    fastTurnaround: row.fastTurnaround,
  };
}
