import { useState } from 'react';
import { billingExportPath } from '@shared/billing-documents.schema';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';

const LABEL = 'Billing documents (zip)';

/** This London month, YYYY-MM. */
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).slice(0, 7);

/** Admins: every receipt, VAT invoice and credit note of a month as PDFs, with a CSV of them (decision 044). */
export function BillingDocumentsExport() {
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <form className="flex flex-wrap items-end gap-2" aria-label="Export billing documents" onSubmit={(event) => event.preventDefault()}>
      <label className="flex flex-col text-xs text-slate-600">
        Billing documents month
        <Input type="month" value={month} onChange={(event) => setMonth(event.target.value)} className="h-9" />
      </label>
      {valid ? (
        <Button asChild variant="outline" size="sm">
          <a href={billingExportPath(month)} download>
            {LABEL}
          </a>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          {LABEL}
        </Button>
      )}
    </form>
  );
}
