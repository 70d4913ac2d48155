import { eq } from 'drizzle-orm';
import { previewOf, type AdminQueueItem, type AdminSubmission } from '../../../shared/submission.schema';
import { dueFlagOf, type ReviewDocument } from '../../../shared/review.schema';
import type { ClaimInfo } from '../../../shared/team.schema';
import { claimsByOrder } from './order-claims';
import { deskRowOfOrder, deskVersion } from './desk-state';
import { documentsByOrder, toCustomerOrder } from '../customer-orders';
import type { Executor } from '../../db/client';
import { refundedByOrder } from '../payments';
import { reviewDeskOrders, submissions, users, type SubmissionRow } from '../../db/schema';
import { personColumns } from '../../lib/person';
import { auditOfOrder } from '../ratings';
import { signOffOfOrder } from '../sign-offs';

export interface CustomerInfo {
  firstName: string | null;
  lastName: string | null;
  name: string;
  email: string;
}

export const customerColumns = personColumns(users);

export function customerName(c: CustomerInfo): string {
  const full = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return full || c.name;
}

/** A submission row as the admin API answers it (adminSubmissionSchema): the customer's shape plus who ordered it. */
export function toDeskOrder(
  row: SubmissionRow & { reviewVersion: number },
  customer: CustomerInfo,
  documents: ReviewDocument[],
  refundedPence = 0,
  claim: ClaimInfo | null = null,
  now: Date = new Date(),
): AdminSubmission {
  return {
    ...toCustomerOrder(row, documents, { isAdmin: true }, refundedPence),
    customerName: customerName(customer),
    customerEmail: customer.email,
    claim,
    reviewVersion: row.reviewVersion,
    dueFlag: dueFlagOf(row, now),
  };
}

/**
 * A queue row as the list reads it: every column but the two long texts, the first characters of the original, and
 * the desk's claim times and draft version (review_desk_orders, decision 075).
 */
export type QueueRow = Omit<SubmissionRow, 'content' | 'reviewedContent'> & {
  preview: string;
  claimedAt: Date | null;
  claimActiveAt: Date | null;
  reviewVersion: number;
};

/**
 * One row of the queue's list (adminQueueItemSchema, decision 037): the admin answer without `content` and
 * `reviewedContent`, with a preview of at most QUEUE_PREVIEW_CHARACTERS of the original.
 */
export function toAdminQueueItem(
  row: QueueRow,
  customer: CustomerInfo,
  documents: ReviewDocument[],
  refundedPence = 0,
  claim: ClaimInfo | null = null,
  now: Date = new Date(),
): AdminQueueItem {
  const { preview, ...rest } = row;
  const full = toDeskOrder({ ...rest, content: '', reviewedContent: null }, customer, documents, refundedPence, claim, now);
  const { content: _content, reviewedContent: _reviewedContent, ...item } = full;
  return { ...item, preview: previewOf(preview), unreadMessages: false };
}

type Money = { amount?: unknown; amountPence?: unknown; refundedPence?: unknown };

/** What the viewer may see of an order or a queue row: admins everything, reviewers no money (decision 021). */
export function forViewer<T extends Money>(submission: T, viewer: { isAdmin: boolean }): T {
  if (viewer.isAdmin) return submission;
  const { amount: _amount, amountPence: _amountPence, refundedPence: _refundedPence, ...rest } = submission;
  return rest as T;
}

/** The uploaded review documents of some submissions, oldest first, grouped by submission id. */
export const loadDocuments = documentsByOrder;

/** One submission with its customer and documents, as the admin API answers it; null when unknown. */
export async function loadDeskOrder(db: Executor, id: string): Promise<AdminSubmission | null> {
  const [found] = await db
    .select({ row: submissions, customer: customerColumns, reviewVersion: deskVersion })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(reviewDeskOrders, deskRowOfOrder)
    .where(eq(submissions.id, id))
    .limit(1);
  if (!found) return null;
  const docs = await loadDocuments(db, [id]);
  const refunded = await refundedByOrder(db, [id]);
  const claims = await claimsByOrder(db, [id]);
  const audit = await auditOfOrder(db, id);
  const row = { ...found.row, reviewVersion: found.reviewVersion };
  const signOff = await signOffOfOrder(db, id);
  return { ...toDeskOrder(row, found.customer, docs.get(id) ?? [], refunded.get(id) ?? 0, claims.get(id) ?? null), audit, signOff };
}
