import { z } from 'zod';
import { formatPence } from './money';
import type { AttachmentMode } from './review.schema';

/**
 * After payment (issue 13, product spec section 9, decision 018): cancel and refund before work starts, one free
 * revision, refunds by an admin, and the money ledger.
 */
export const CANCEL_WINDOW_HOURS = 24;
export const REVISION_WINDOW_DAYS = 7;
export const REVISION_TURNAROUND_BUSINESS_DAYS = 2;
export const FREE_REVISIONS = 1;
export const MIN_REVISION_MESSAGE_CHARACTERS = 10;
export const MAX_REVISION_MESSAGE_CHARACTERS = 1000;
export const MAX_REFUND_REASON_CHARACTERS = 500;
/** Longest ledger export, so one request cannot ask for every row ever written. */
export const MAX_LEDGER_RANGE_DAYS = 366;

export const AFTER_PAYMENT_LABELS = {
  cancelOrder: 'Cancel order',
  confirmCancel: 'Cancel and refund',
  keepOrder: 'Keep order',
  requestRevision: 'Request revision',
  sendRevision: 'Send request',
  previousVersion: 'Previous version',
  latestVersion: 'Latest version',
  refund: 'Refund',
  exportLedger: 'Export ledger (CSV)',
} as const;

export const refundedText = (pence: number) => `Refunded ${formatPence(pence)}`;

export const AFTER_PAYMENT_MESSAGES = {
  cancelled: 'Your order was cancelled and your payment refunded.',
  alreadyStarted: 'A reviewer has already started on this order, so it can no longer be cancelled. Message the team if you need help.',
  cancelWindowPassed: `Orders can be cancelled only within ${CANCEL_WINDOW_HOURS} hours of submission.`,
  notCancellable: 'Only a paid order that has not been started can be cancelled.',
  cancelledByCustomer: 'The customer cancelled this order and was refunded, so it cannot be started.',
  revisionMessageShort: `Please describe what to change (at least ${MIN_REVISION_MESSAGE_CHARACTERS} characters).`,
  revisionMessageLong: `Your message must be ${MAX_REVISION_MESSAGE_CHARACTERS.toLocaleString('en-GB')} characters or less.`,
  revisionRequested: 'Revision requested. A reviewer will send it within 2 business days.',
  revisionUsed: 'This order has already had its free revision.',
  revisionWindowPassed: `A free revision can be requested within ${REVISION_WINDOW_DAYS} days of delivery.`,
  revisionNotCompleted: 'A revision can be requested only for a completed order.',
  refundAmount: 'Enter an amount in pounds and pence, more than £0.00.',
  refundTooLarge: (remainingPence: number) => `At most ${formatPence(remainingPence)} can still be refunded.`,
  refundNothingPaid: 'Nothing has been paid for this order, so there is nothing to refund.',
  refundRequestReused: 'This refund request was already used for another order. Open the refund form again.',
  refundReason: 'Please give a reason for the refund.',
  refundFailed: 'The refund could not be made. Nothing was refunded; please try again.',
  ledgerRange: `Choose a date range of at most ${MAX_LEDGER_RANGE_DAYS} days, with the start before the end.`,
} as const;

export const revisionRequestSchema = z.object({
  message: z
    .string({ error: AFTER_PAYMENT_MESSAGES.revisionMessageShort })
    .trim()
    .min(MIN_REVISION_MESSAGE_CHARACTERS, AFTER_PAYMENT_MESSAGES.revisionMessageShort)
    .max(MAX_REVISION_MESSAGE_CHARACTERS, AFTER_PAYMENT_MESSAGES.revisionMessageLong),
});
export type RevisionRequest = z.infer<typeof revisionRequestSchema>;

/** An admin refund. `requestId` is made once per opened form, so a double click or a retry refunds once. */
export const adminRefundSchema = z.object({
  requestId: z.uuid({ error: 'requestId must be a UUID' }),
  amountPence: z.number({ error: AFTER_PAYMENT_MESSAGES.refundAmount }).int(AFTER_PAYMENT_MESSAGES.refundAmount).positive(AFTER_PAYMENT_MESSAGES.refundAmount),
  reason: z
    .string({ error: AFTER_PAYMENT_MESSAGES.refundReason })
    .trim()
    .min(1, AFTER_PAYMENT_MESSAGES.refundReason)
    .max(MAX_REFUND_REASON_CHARACTERS, `The reason must be ${MAX_REFUND_REASON_CHARACTERS} characters or less.`),
});
export type AdminRefundInput = z.infer<typeof adminRefundSchema>;

/** "12.50" or "12" → 1250 pence; null when it is not a positive amount with at most two decimals. */
export function parsePounds(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > 0 ? pence : null;
}

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  provider: z.string(),
  providerId: z.string(),
  amountPence: z.number().int(),
  source: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** An order's money: paid, refunded and net are sums of the rows, never stored. */
export const orderMoneySchema = z.object({
  paidPence: z.number().int(),
  refundedPence: z.number().int(),
  netPence: z.number().int(),
  entries: z.array(ledgerEntrySchema),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

export const cancelResponseSchema = z.object({
  status: z.literal('cancelled'),
  refundedPence: z.number().int(),
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** POST /api/admin/submissions/:id/open: whether this call was the one that started the order. */
export const reviewOpenedSchema = z.object({ started: z.boolean() });

export const deliverySchema = z.object({
  number: z.number().int(),
  reviewedContent: z.string().nullable(),
  reviewerNotes: z.string().nullable(),
  attachmentMode: z.string().nullable(),
  documentLink: z.string().nullable(),
  deliveredAt: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** The parts of an order a delivery fixed: what its customer received then (the files follow from the delivery). */
export function deliveredParts(delivery: { reviewedContent: string | null; reviewerNotes: string | null; attachmentMode: string | null; documentLink: string | null }) {
  return {
    reviewedContent: delivery.reviewedContent,
    reviewerNotes: delivery.reviewerNotes,
    attachmentMode: delivery.attachmentMode as AttachmentMode | null,
    documentLink: delivery.documentLink,
  };
}
/** Newest first. */
export const deliveriesSchema = z.array(deliverySchema);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');
export const ledgerQuerySchema = z.object({ from: isoDate, to: isoDate });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** When the customer may still cancel (null: not now). Shared by the server's serializer and its rule. */
export function cancellableUntil(order: {
  status: string;
  reviewStartedAt: Date | null;
  createdAt: Date;
}): Date | null {
  if (order.status !== 'paid' || order.reviewStartedAt) return null;
  return new Date(order.createdAt.getTime() + CANCEL_WINDOW_HOURS * 3_600_000);
}

/** Until when the free revision may be asked for (null: not available: not completed, or already used). */
export function revisionAvailableUntil(order: {
  status: string;
  completedAt: Date | null;
  revisionRequestedAt: Date | null;
}): Date | null {
  if (order.status !== 'completed' || !order.completedAt || order.revisionRequestedAt) return null;
  return new Date(order.completedAt.getTime() + REVISION_WINDOW_DAYS * 86_400_000);
}
