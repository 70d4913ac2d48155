/** What other features may use from billing documents (decision 044). */
export { BillingDocumentsCard } from './billing-documents-card';
export { BillingDocumentsExport } from './billing-export';
export { OrderDocumentLinks } from './order-document-link';
export { CheckoutInvoiceDetails } from './checkout-invoice-details';
