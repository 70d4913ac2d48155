import type { Submission, SubmissionDraft } from '../../../shared/submission.schema';
import { penceToPounds } from '../../../shared/money';
import type { SubmissionRow } from '../../db/schema';

export interface SubmissionDocument {
  id: string;
  fileName: string;
  url: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API's Submission (shared submissionSchema): amount in pounds, ISO dates. */
export function toSubmission(row: SubmissionRow, documents: SubmissionDocument[] = []): Submission {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    serviceTier: row.serviceTier,
    category: row.category,
    wordCount: row.wordCount,
    amount: penceToPounds(row.amountPence),
    fastTurnaround: row.fastTurnaround,
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
    reviewedContent: row.reviewedContent,
    reviewerNotes: row.reviewerNotes,
    attachmentMode: row.attachmentMode,
    documentLink: row.documentLink,
    documents,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    dueDate: iso(row.dueDate),
    completedAt: iso(row.completedAt),
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
