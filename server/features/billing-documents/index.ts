/** What other features may use from billing documents (decision 044). */
export {
  issueCreditPurchaseDocument,
  issueOrderPaymentDocuments,
  issuePaymentDocument,
  issueRefundCreditNotes,
  nextDocumentNumber,
  type BillingIssuer,
} from './issuer';
export { visibleDocuments } from './documents';
