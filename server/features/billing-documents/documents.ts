import { and, desc, eq, getTableName, inArray, type SQL } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  type billingDetailsInputSchema,
  formatDocumentNumber,
  type BillingDetails,
  type BillingDocumentSummary,
} from '../../../shared/billing-documents.schema';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { billingDetails, billingDocuments, type BillingDocumentRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { heldBy, holderColumn, holderKey, holderOf } from '../organisations';
import { customerCanSee } from '../customer-orders';
import type { ReferredDocument } from './render-pdf';

/** The customer's list shows the newest documents first, this many at most. */
export const MAX_LISTED_DOCUMENTS = 500;

/**
 * Which documents a customer sees: decision 047's rule, the one the order routes use, read over the document's own
 * account and organisation (decision 055). A lone account's documents are its own; an organisation's (its orders'
 * invoices, receipts and credit notes, its packs') are every current member's, and no longer a former member's, even
 * for the orders they placed.
 */
export function visibleDocuments(userId: string): SQL {
  return customerCanSee(userId, getTableName(billingDocuments));
}

export async function listDocuments(db: Executor, userId: string, submissionId?: string): Promise<BillingDocumentSummary[]> {
  const visible = visibleDocuments(userId);
  const rows = await db
    .select()
    .from(billingDocuments)
    .where(submissionId ? and(visible, eq(billingDocuments.submissionId, submissionId)) : visible)
    .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.number))
    .limit(MAX_LISTED_DOCUMENTS);
  const referred = await referredDocuments(db, rows);
  return rows.map((row) => ({
    id: row.id,
    number: formatDocumentNumber(row.number),
    kind: row.kind,
    issuedAt: row.issuedAt.toISOString(),
    grossPence: row.grossPence,
    submissionId: row.submissionId,
    refersTo: row.refersToId && referred.has(row.refersToId) ? formatDocumentNumber(referred.get(row.refersToId)!.number) : null,
  }));
}

/** The documents that credit notes among `rows` refer to, by id. */
export async function referredDocuments(db: Executor, rows: readonly BillingDocumentRow[]): Promise<Map<string, ReferredDocument>> {
  const ids = [...new Set(rows.map((r) => r.refersToId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: billingDocuments.id, number: billingDocuments.number, kind: billingDocuments.kind, issuedAt: billingDocuments.issuedAt })
    .from(billingDocuments)
    .where(inArray(billingDocuments.id, ids));
  return new Map(found.map((r) => [r.id, { number: r.number, kind: r.kind, issuedAt: r.issuedAt }]));
}

/** One document the customer may see, with the one it refers to; 404 for anyone else's. */
export async function findVisibleDocument(db: Executor, userId: string, id: string): Promise<{ document: BillingDocumentRow; refersTo: ReferredDocument | null }> {
  const [document] = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), visibleDocuments(userId)))
    .limit(1);
  if (!document) throw notFound(BILLING_MESSAGES.notFound);
  const referred = await referredDocuments(db, [document]);
  return { document, refersTo: document.refersToId ? (referred.get(document.refersToId) ?? null) : null };
}

// ---------------------------------------------------------------------------------------------
// Billing details: the organisation's (its owners edit them) or a lone account's own
// ---------------------------------------------------------------------------------------------

export async function getBillingDetails(db: Executor, userId: string): Promise<BillingDetails> {
  const holder = await holderOf(db, userId);
  const [row] = await db.select().from(billingDetails).where(heldBy(billingDetails, holder)).limit(1);
  return {
    scope: 'organisationId' in holder ? 'organisation' : 'account',
    organisationName: holder.organisationName,
    canEdit: holder.canEdit,
    billingName: row?.billingName ?? '',
    address: row?.address ?? '',
    purchaseOrderReference: row?.purchaseOrderReference ?? '',
  };
}

export async function saveBillingDetails(db: Executor, userId: string, input: z.output<typeof billingDetailsInputSchema>): Promise<BillingDetails> {
  const holder = await holderOf(db, userId);
  if (!holder.canEdit) throw forbidden(BILLING_MESSAGES.ownerOnly(holder.organisationName));
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(billingDetails)
    .values({ id: newId(), ...holderKey(holder), ...values })
    .onConflictDoUpdate({ target: holderColumn(billingDetails, holder), set: values });
  return getBillingDetails(db, userId);
}
