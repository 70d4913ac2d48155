import { vatOfGross } from '../../../shared/billing-documents.schema';

/** What the credit notes already issued against one invoice or receipt credited, together. */
export interface CreditedSoFar {
  grossPence: number;
  vatPence: number;
}

/**
 * The VAT of one credit note (decision 055): the VAT of everything refunded against its invoice so far, this refund
 * included, rounded as the invoice rounds, minus the VAT the earlier credit notes credited. Rounding each part on its
 * own would credit more than the invoice charged (£5.00 refunded as 5 × £1: 5 × 17p = 85p against 83p); the running
 * difference credits exactly the invoice's VAT once everything is refunded, in any number of parts. Clamped to
 * [0, gross] and to the invoice's VAT still uncredited, so notes issued before this rule (which may have credited too
 * much) are evened out by the next one rather than made worse.
 */
export function creditNoteVat(input: { grossPence: number; rateBasisPoints: number; invoiceVatPence: number; before: CreditedSoFar }): number {
  const { grossPence, rateBasisPoints, invoiceVatPence, before } = input;
  if (rateBasisPoints <= 0 || grossPence <= 0) return 0;
  const owed = vatOfGross(before.grossPence + grossPence, rateBasisPoints) - before.vatPence;
  return Math.max(0, Math.min(owed, grossPence, invoiceVatPence - before.vatPence));
}
