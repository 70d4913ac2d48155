import { z } from 'zod';
import { brandLabel, normaliseBrand } from './saved-cards.schema';

/**
 * Receipts, VAT invoices and credit notes (issue 27, decision 044): one document per payment, credit pack and
 * refund, numbered in one gap-free series, with the buyer's billing details as they were when it was issued.
 */

// The rate and the VAT of a gross live in shared/vat.ts, which the prices before payment use too (issue 45).
export { VAT_STANDARD_RATE_BASIS_POINTS, vatOfGross } from './vat';

/** "20%" from basis points. */
export const vatRateText = (rateBasisPoints: number) => `${(rateBasisPoints / 100).toLocaleString('en-GB')}%`;

/** A UK VAT registration number: GB and 9 digits, or 12 (a branch); spaces are allowed and dropped. */
export const VAT_NUMBER_PATTERN = /^GB(\d{9}|\d{12})$/;
export function normaliseVatNumber(raw: string): string | null {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  return VAT_NUMBER_PATTERN.test(compact) ? compact : null;
}

export const DOCUMENT_NUMBER_PREFIX = 'HP-';
/** The printed number: "HP-000042". */
export const formatDocumentNumber = (n: number) => `${DOCUMENT_NUMBER_PREFIX}${String(n).padStart(6, '0')}`;

export const BILLING_DOCUMENT_KINDS = ['receipt', 'vat-invoice', 'credit-note'] as const;
export type BillingDocumentKind = (typeof BILLING_DOCUMENT_KINDS)[number];
export const BILLING_DOCUMENT_TITLES: Record<BillingDocumentKind, string> = {
  receipt: 'Receipt',
  'vat-invoice': 'VAT invoice',
  'credit-note': 'Credit note',
};

export const BILLING_TIME_ZONE = 'Europe/London';

export const MAX_BILLING_NAME_CHARACTERS = 200;
export const MAX_BILLING_ADDRESS_CHARACTERS = 500;
export const MAX_BILLING_ADDRESS_LINES = 6;
export const MAX_PURCHASE_ORDER_CHARACTERS = 100;

/**
 * How a payment's document says it was paid (issue 45): the card's brand and last four digits, or the prepaid
 * credit; null when the provider did not say (a payment from before cards were recorded).
 */
export function paidWithText(payment: { fromCredit: boolean; cardBrand: string | null; cardLast4: string | null }): string | null {
  if (payment.fromCredit) return BILLING_MESSAGES.paidWithCredit;
  if (!payment.cardBrand || !payment.cardLast4) return null;
  const brand = normaliseBrand(payment.cardBrand);
  return `${brand === 'unknown' ? 'Card' : `${brandLabel(brand)} card`} ending ${payment.cardLast4}`;
}

export const BILLING_MESSAGES = {
  paidWithCredit: 'Prepaid credit',
  noVat: 'No VAT is charged.',
  paidFromCredit: 'Paid from prepaid credit: the VAT was charged on the invoice for the credit, so none is charged here.',
  noVatCredited: 'No VAT is credited.',
  notFound: 'Document not found',
  ownerOnly: (organisation: string) => `Only an owner of ${organisation} can change its billing details.`,
  nameTooLong: `The billing name must be ${MAX_BILLING_NAME_CHARACTERS} characters or less.`,
  addressTooLong: `The address must be ${MAX_BILLING_ADDRESS_CHARACTERS} characters or less.`,
  addressLines: `The address may have at most ${MAX_BILLING_ADDRESS_LINES} lines.`,
  purchaseOrderTooLong: `The purchase-order reference must be ${MAX_PURCHASE_ORDER_CHARACTERS} characters or less.`,
  controlCharacters: 'Use letters, numbers and punctuation only: control characters are not allowed.',
  month: 'Choose a month as YYYY-MM, for example 2026-11.',
  saved: 'Billing details saved.',
  purchaseOrderSaved: 'Saved: printed on this order’s invoice.',
  purchaseOrderAfterPayment: 'This order is paid: its invoice has been issued and its purchase-order number can no longer change.',
} as const;

// Any C0/C1 control character or DEL; the address alone may hold line breaks (normalised to \n first).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

const oneLine = (max: number, tooLong: string) =>
  z
    .string()
    .max(max * 2, tooLong)
    .refine((v) => !CONTROL.test(v), BILLING_MESSAGES.controlCharacters)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, tooLong));

export const billingDetailsInputSchema = z.object({
  billingName: oneLine(MAX_BILLING_NAME_CHARACTERS, BILLING_MESSAGES.nameTooLong),
  address: z
    .string()
    .max(MAX_BILLING_ADDRESS_CHARACTERS * 2, BILLING_MESSAGES.addressTooLong)
    .transform((v) => v.replace(/\r\n?/g, '\n'))
    .refine((v) => !CONTROL_BUT_NEWLINE.test(v), BILLING_MESSAGES.controlCharacters)
    .transform((v) =>
      v
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join('\n'),
    )
    .pipe(
      z
        .string()
        .max(MAX_BILLING_ADDRESS_CHARACTERS, BILLING_MESSAGES.addressTooLong)
        .refine((v) => v.split('\n').length <= MAX_BILLING_ADDRESS_LINES, BILLING_MESSAGES.addressLines),
    ),
  purchaseOrderReference: oneLine(MAX_PURCHASE_ORDER_CHARACTERS, BILLING_MESSAGES.purchaseOrderTooLong),
});
export type BillingDetailsInput = z.input<typeof billingDetailsInputSchema>;

/**
 * The purchase-order number of one order, given at checkout (issue 45, decision 070): printed on that order's
 * receipt or invoice in place of the standing reference. Empty clears it. Only before the order is paid.
 */
export const orderPurchaseOrderInputSchema = z
  .object({ purchaseOrderNumber: oneLine(MAX_PURCHASE_ORDER_CHARACTERS, BILLING_MESSAGES.purchaseOrderTooLong) })
  .strict();
export type OrderPurchaseOrderInput = z.input<typeof orderPurchaseOrderInputSchema>;
export const orderPurchaseOrderSchema = z.object({ purchaseOrderNumber: z.string() });
export type OrderPurchaseOrder = z.infer<typeof orderPurchaseOrderSchema>;

export const billingDetailsSchema = z.object({
  /** Whose details: the organisation's (its owners edit them) or the account's own. */
  scope: z.enum(['organisation', 'account']),
  organisationName: z.string().nullable(),
  canEdit: z.boolean(),
  billingName: z.string(),
  address: z.string(),
  purchaseOrderReference: z.string(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const billingDocumentSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(BILLING_DOCUMENT_KINDS),
  issuedAt: z.iso.datetime(),
  grossPence: z.number().int(),
  submissionId: z.string().nullable(),
  /** The number of the document a credit note refers to. */
  refersTo: z.string().nullable(),
});
export type BillingDocumentSummary = z.infer<typeof billingDocumentSummarySchema>;
export const billingDocumentListSchema = z.object({ items: z.array(billingDocumentSummarySchema) });

/** Where a document's PDF is downloaded. */
export const billingDocumentPdfPath = (id: string) => `/api/billing/documents/${encodeURIComponent(id)}/pdf`;

export const billingExportQuerySchema = z.object({
  month: z.string({ error: BILLING_MESSAGES.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, BILLING_MESSAGES.month),
});
export const billingExportPath = (month: string) => `/api/admin/billing-documents/export?month=${encodeURIComponent(month)}`;
