import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  paidWithText,
  VAT_STANDARD_RATE_BASIS_POINTS,
  vatOfGross,
  type BillingDocumentKind,
} from '../../../shared/billing-documents.schema';
import { CREDIT_PROVIDER } from '../../../shared/payment.schema';
import { tierLabel } from '../../../shared/service-tiers';
import { cutAtWord } from '../../../shared/order-title';
import type { Executor } from '../../db/client';
import {
  billingDetails,
  billingDocuments,
  creditPurchases,
  orderPurchaseOrders,
  organisations,
  payments,
  refunds,
  submissions,
  users,
  type BillingDocumentBuyer,
  type BillingDocumentLine,
  type BillingDocumentRow,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { creditNoteVat, type CreditedSoFar } from './credit-note-vat';
import { heldBy, holderOfOrder } from '../organisations';

/**
 * Issuing receipts, VAT invoices and credit notes (decision 044). Every function here runs in the caller's
 * transaction, the one that moves the money, and is idempotent per money row: a document exists exactly when the
 * payment, the credit pack or the refund committed, and its number is taken in that same transaction.
 */

/** What issuing needs from configuration: our VAT number (null: not VAT-registered, receipts say no VAT is charged). */
export interface BillingIssuer {
  vatNumber: string | null;
}

/** One series for every kind of document: HMRC asks for a unique sequential number, not one per kind. */
const SERIES = 'billing';

/**
 * The next number of the series. One statement: it inserts the series row on first use, or adds one to it, and
 * holds that row's lock until the transaction ends. A rolled-back payment so rolls its number back with it (no
 * gap), and two instances issuing at once queue on the row (no duplicate).
 */
export async function nextDocumentNumber(tx: Executor): Promise<number> {
  const result = await tx.execute<{ last_number: number | string }>(sql`
    insert into document_number_series (series, last_number) values (${SERIES}, 1)
    on conflict (series) do update set last_number = document_number_series.last_number + 1
    returning last_number`);
  return Number(result.rows[0]!.last_number);
}

/**
 * The buyer as the document prints them, as they are now: the billing name (else the account's name), the account's
 * e-mail, and the organisation's billing details for an organisation's order or pack, else the account's own.
 */
export async function buyerSnapshot(tx: Executor, userId: string, organisationId: string | null): Promise<BillingDocumentBuyer> {
  const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const [organisation] = organisationId
    ? await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).limit(1)
    : [];
  const [details] = await tx.select().from(billingDetails).where(heldBy(billingDetails, holderOfOrder({ userId, organisationId }))).limit(1);
  return {
    name: details?.billingName || user?.name || '',
    email: user?.email ?? '',
    organisation: organisation?.name ?? null,
    address: details?.address ?? '',
    purchaseOrderReference: details?.purchaseOrderReference ?? '',
  };
}

interface NewDocument {
  kind: BillingDocumentKind;
  userId: string | null;
  organisationId: string | null;
  paymentId?: string;
  creditPurchaseId?: string;
  refundId?: string;
  submissionId?: string | null;
  refersToId?: string | null;
  paidWith?: string | null;
  buyer: BillingDocumentBuyer;
  lines: BillingDocumentLine[];
  vatNumber: string | null;
  vatRateBasisPoints: number;
  grossPence: number;
}

/**
 * Numbers and writes one document. The caller has checked that its money row has none (and holds that row).
 * `vatAfterNumbering` (a credit note's) is read once the number is taken: the series row's lock is then held, so
 * whatever an earlier issuer wrote has committed and this statement sees it (PostgreSQL's read committed).
 */
async function writeDocument(tx: Executor, input: NewDocument, vatAfterNumbering?: () => Promise<number>): Promise<BillingDocumentRow> {
  const number = await nextDocumentNumber(tx);
  const vatPence = vatAfterNumbering ? await vatAfterNumbering() : vatOfGross(input.grossPence, input.vatRateBasisPoints);
  const [row] = await tx
    .insert(billingDocuments)
    .values({ id: newId(), number, ...input, netPence: input.grossPence - vatPence, vatPence })
    .returning();
  return row!;
}

/** A VAT invoice at the standard rate when we are VAT-registered, else a receipt. */
function vatTreatment(issuer: BillingIssuer): Pick<NewDocument, 'kind' | 'vatNumber' | 'vatRateBasisPoints'> {
  return issuer.vatNumber
    ? { kind: 'vat-invoice', vatNumber: issuer.vatNumber, vatRateBasisPoints: VAT_STANDARD_RATE_BASIS_POINTS }
    : { kind: 'receipt', vatNumber: null, vatRateBasisPoints: 0 };
}

const clip = cutAtWord;

/** The document of one succeeded payment of an order (card, sandbox or credit); null when it already has one. */
export async function issuePaymentDocument(tx: Executor, issuer: BillingIssuer, paymentId: string): Promise<BillingDocumentRow | null> {
  const [existing] = await tx.select({ id: billingDocuments.id }).from(billingDocuments).where(eq(billingDocuments.paymentId, paymentId)).limit(1);
  if (existing) return null;
  const [found] = await tx
    .select({ payment: payments, order: submissions })
    .from(payments)
    .innerJoin(submissions, eq(submissions.id, payments.submissionId))
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')))
    .limit(1);
  if (!found) return null;
  const { payment, order } = found;
  const fromCredit = payment.provider === CREDIT_PROVIDER;
  const words = `${order.wordCount.toLocaleString('en-GB')} ${order.wordCount === 1 ? 'word' : 'words'}`;
  const description =
    `Human review of “${clip(order.title, 120)}”: ${tierLabel(order.serviceTier)}, ${words}` +
    `${order.fastTurnaround ? ', fast turnaround' : ''} (order ${order.id})${fromCredit ? ', paid from prepaid credit' : ''}`;
  // An order paid from credit: the VAT was charged when the credit was bought (its pack's VAT invoice), so this
  // document is a receipt that charges none; our VAT number still shows who issued it.
  const treatment: Pick<NewDocument, 'kind' | 'vatNumber' | 'vatRateBasisPoints'> = fromCredit
    ? { kind: 'receipt', vatNumber: issuer.vatNumber, vatRateBasisPoints: 0 }
    : vatTreatment(issuer);
  // The buyer as now, with the purchase-order number given at checkout for this order (issue 45), if any, in place
  // of the standing reference; and the card that paid (or the credit).
  const buyer = await buyerSnapshot(tx, order.userId, order.organisationId);
  const [orderPurchaseOrder] = await tx
    .select({ number: orderPurchaseOrders.purchaseOrderNumber })
    .from(orderPurchaseOrders)
    .where(eq(orderPurchaseOrders.submissionId, order.id))
    .limit(1);
  if (orderPurchaseOrder?.number) buyer.purchaseOrderReference = orderPurchaseOrder.number;
  return writeDocument(tx, {
    ...treatment,
    userId: order.userId,
    organisationId: order.organisationId,
    paymentId: payment.id,
    submissionId: order.id,
    paidWith: paidWithText({ fromCredit, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 }),
    buyer,
    lines: [{ description, quantity: 1, unitPence: payment.amountPence, amountPence: payment.amountPence }],
    grossPence: payment.amountPence,
  });
}

/**
 * Every succeeded payment of an order that has no document yet gets one (the 'paid' event's consumer, and a second
 * payment of an order already paid).
 */
export async function issueOrderPaymentDocuments(tx: Executor, issuer: BillingIssuer, submissionId: string): Promise<void> {
  const missing = await tx
    .select({ id: payments.id })
    .from(payments)
    .leftJoin(billingDocuments, eq(billingDocuments.paymentId, payments.id))
    .where(and(eq(payments.submissionId, submissionId), eq(payments.status, 'succeeded'), isNull(billingDocuments.id)))
    .orderBy(asc(payments.succeededAt), asc(payments.id));
  for (const { id } of missing) await issuePaymentDocument(tx, issuer, id);
}

/** The document of a credit pack that has just succeeded; null when it already has one. */
export async function issueCreditPurchaseDocument(tx: Executor, issuer: BillingIssuer, creditPurchaseId: string): Promise<BillingDocumentRow | null> {
  const [existing] = await tx
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(eq(billingDocuments.creditPurchaseId, creditPurchaseId))
    .limit(1);
  if (existing) return null;
  const [pack] = await tx
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.id, creditPurchaseId), eq(creditPurchases.status, 'succeeded')))
    .limit(1);
  if (!pack) return null;
  return writeDocument(tx, {
    ...vatTreatment(issuer),
    userId: pack.userId,
    organisationId: pack.organisationId,
    creditPurchaseId: pack.id,
    buyer: await buyerSnapshot(tx, pack.userId, pack.organisationId),
    lines: [{ description: 'Prepaid review credit, spent on orders at the order form’s prices', quantity: 1, unitPence: pack.amountPence, amountPence: pack.amountPence }],
    grossPence: pack.amountPence,
  });
}

/**
 * What the credit notes already issued against `original` (an invoice or receipt of one of the order's payments)
 * credited together. Read through the order's refunds (indexed by order, each note by its refund).
 */
async function creditedAgainst(tx: Executor, submissionId: string, originalId: string): Promise<CreditedSoFar> {
  const [row] = await tx
    .select({
      grossPence: sql<number>`coalesce(sum(${billingDocuments.grossPence}), 0)::int`,
      vatPence: sql<number>`coalesce(sum(${billingDocuments.vatPence}), 0)::int`,
    })
    .from(refunds)
    .innerJoin(billingDocuments, eq(billingDocuments.refundId, refunds.id))
    .where(and(eq(refunds.submissionId, submissionId), eq(billingDocuments.refersToId, originalId)));
  return { grossPence: Number(row?.grossPence ?? 0), vatPence: Number(row?.vatPence ?? 0) };
}

/**
 * A credit note for every refund of an order that has none yet. Each refers to its payment's document and credits
 * VAT at that document's rate (none for a receipt), whatever the configuration says today, as the running
 * difference against that document (creditNoteVat, decision 055): all its credit notes together credit at most its
 * VAT and net, exactly those once it is refunded in full.
 */
export async function issueRefundCreditNotes(tx: Executor, submissionId: string): Promise<void> {
  const missing = await tx
    .select({ refund: refunds })
    .from(refunds)
    .leftJoin(billingDocuments, eq(billingDocuments.refundId, refunds.id))
    .where(and(eq(refunds.submissionId, submissionId), isNull(billingDocuments.id)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  if (missing.length === 0) return;
  const [order] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1);
  if (!order) return;
  for (const { refund } of missing) {
    const [original] = await tx.select().from(billingDocuments).where(eq(billingDocuments.paymentId, refund.paymentId)).limit(1);
    const reason = refund.reason.trim();
    // Read after the number is taken (writeDocument): a concurrent refund's note has committed by then.
    const vatOfThisNote = async () =>
      original
        ? creditNoteVat({
            grossPence: refund.amountPence,
            rateBasisPoints: original.vatRateBasisPoints,
            invoiceVatPence: original.vatPence,
            before: await creditedAgainst(tx, order.id, original.id),
          })
        : 0;
    const note: NewDocument = {
      kind: 'credit-note',
      userId: original?.userId ?? order.userId,
      organisationId: original ? original.organisationId : order.organisationId,
      refundId: refund.id,
      submissionId: order.id,
      refersToId: original?.id ?? null,
      buyer: original?.buyer ?? (await buyerSnapshot(tx, order.userId, order.organisationId)),
      lines: [
        {
          description: `Refund for order ${order.id}${reason ? `: ${clip(reason, 200)}` : ''}`,
          quantity: 1,
          unitPence: refund.amountPence,
          amountPence: refund.amountPence,
        },
      ],
      vatNumber: original?.vatNumber ?? null,
      vatRateBasisPoints: original?.vatRateBasisPoints ?? 0,
      grossPence: refund.amountPence,
    };
    await writeDocument(tx, note, vatOfThisNote);
  }
}
