import type { OrderEventConsumer } from '../orders';
import { issueOrderPaymentDocuments, type BillingIssuer } from './issuer';

/**
 * Billing documents' consumer of order events (decision 044, registered in server/features/index.ts): a paid
 * order's succeeded payment gets its receipt or VAT invoice, numbered, in the transaction that moved the money.
 */
export const billingDocumentOrderEvents: OrderEventConsumer<{ billing: BillingIssuer }> = async (tx, { billing }, { to, order }) => {
  if (to === 'paid') await issueOrderPaymentDocuments(tx, billing, order.id);
};
