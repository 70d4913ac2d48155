import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { documentPath, type ReviewDocument } from '../../../shared/review.schema';
import type { Executor } from '../../db/client';
import { reviewDocuments, submissions, users, type SubmissionRow } from '../../db/schema';

export interface CustomerInfo {
  firstName: string | null;
  lastName: string | null;
  name: string;
  email: string;
}

export const customerColumns = { firstName: users.firstName, lastName: users.lastName, name: users.name, email: users.email };

export function customerName(c: CustomerInfo): string {
  const full = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return full || c.name;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A submission row as the admin API answers it (adminSubmissionSchema). */
export function toAdminSubmission(row: SubmissionRow, customer: CustomerInfo, documents: ReviewDocument[]): AdminSubmission {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    serviceTier: row.serviceTier,
    category: row.category,
    wordCount: row.wordCount,
    amount: row.amountPence / 100,
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
    customerName: customerName(customer),
    customerEmail: customer.email,
  };
}

/** The uploaded review documents of some submissions, oldest first, grouped by submission id. */
export async function loadDocuments(db: Executor, submissionIds: string[]): Promise<Map<string, ReviewDocument[]>> {
  const grouped = new Map<string, ReviewDocument[]>();
  if (submissionIds.length === 0) return grouped;
  const rows = await db
    .select({ id: reviewDocuments.id, submissionId: reviewDocuments.submissionId, fileName: reviewDocuments.fileName })
    .from(reviewDocuments)
    .where(and(inArray(reviewDocuments.submissionId, submissionIds), eq(reviewDocuments.status, 'uploaded')))
    .orderBy(asc(reviewDocuments.createdAt), asc(reviewDocuments.id));
  for (const r of rows) {
    if (!r.submissionId) continue;
    const list = grouped.get(r.submissionId) ?? [];
    list.push({ id: r.id, fileName: r.fileName ?? 'document', url: documentPath(r.id) });
    grouped.set(r.submissionId, list);
  }
  return grouped;
}

/** One submission with its customer and documents, as the admin API answers it; null when unknown. */
export async function loadAdminSubmission(db: Executor, id: string): Promise<AdminSubmission | null> {
  const [found] = await db
    .select({ row: submissions, customer: customerColumns })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.id, id))
    .limit(1);
  if (!found) return null;
  const docs = await loadDocuments(db, [id]);
  return toAdminSubmission(found.row, found.customer, docs.get(id) ?? []);
}
