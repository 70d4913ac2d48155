import { BillingDocumentsExport } from '@client/features/billing-documents';
import { usePageMeta } from '@client/lib/page-meta';
import { LedgerExport } from './refund-form';
import { AdminSubpage } from './unauthorized';

/** /admin/payments: the admin's money exports, out of the reviewers' queue toolbar (issue 42). */
export default function PaymentsPage() {
  usePageMeta();
  return (
    <AdminSubpage title="Payments" lead="Exports for the accounts: the ledger of payments and refunds, and a month of billing documents.">
      {() => (
        <div className="flex flex-col gap-6">
          <section className="flex flex-col gap-2" aria-labelledby="payments-ledger">
            <h2 id="payments-ledger" className="text-lg font-semibold">
              Ledger
            </h2>
            <p className="text-sm text-slate-600">Payments and refunds of a date range, as CSV.</p>
            <LedgerExport />
          </section>
          <section className="flex flex-col gap-2" aria-labelledby="payments-billing">
            <h2 id="payments-billing" className="text-lg font-semibold">
              Billing documents
            </h2>
            <p className="text-sm text-slate-600">Every receipt, VAT invoice and credit note of a month, as PDFs with a CSV.</p>
            <BillingDocumentsExport />
          </section>
        </div>
      )}
    </AdminSubpage>
  );
}
