import { useOrderBillingDocuments } from './api/billing-documents';
import { DocumentDownloadLink } from './billing-documents-card';

/** A paid order's receipt or VAT invoice (and any credit notes), for its details dialog; nothing until there is one. */
export function OrderDocumentLinks({ submissionId, paid }: { submissionId: string; paid: boolean }) {
  const documents = useOrderBillingDocuments(submissionId, paid);
  const items = documents.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" aria-label="Receipts and invoices of this order" role="group">
      {items.map((document) => (
        <DocumentDownloadLink
          key={document.id}
          document={document}
          label={document.kind === 'vat-invoice' ? 'Invoice' : document.kind === 'receipt' ? 'Receipt' : `Credit note ${document.number}`}
        />
      ))}
    </div>
  );
}
