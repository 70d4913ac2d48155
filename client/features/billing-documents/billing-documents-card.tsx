import { useState, type FormEvent } from 'react';
import { Download, Receipt } from 'lucide-react';
import {
  BILLING_DOCUMENT_TITLES,
  BILLING_MESSAGES,
  billingDetailsInputSchema,
  billingDocumentPdfPath,
  MAX_BILLING_ADDRESS_CHARACTERS,
  MAX_BILLING_ADDRESS_LINES,
  MAX_BILLING_NAME_CHARACTERS,
  MAX_PURCHASE_ORDER_CHARACTERS,
  type BillingDetails,
  type BillingDetailsInput,
  type BillingDocumentSummary,
} from '@shared/billing-documents.schema';
import { formatPence } from '@shared/money';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Input, Textarea } from '@client/components/ui/input';
import { ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { ApiError } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useBillingDetails, useBillingDocuments, useSaveBillingDetails } from './api/billing-documents';
import { SaveRow } from '@client/components/ui/save-row';
import { LoadFailed } from '@client/components/ui/load-failed';
import { Detail } from '@client/components/ui/detail';

/** The download link of one document: the PDF, named by its number. */
export function DocumentDownloadLink({ document, label }: { document: BillingDocumentSummary; label?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={billingDocumentPdfPath(document.id)} download={`${document.number}.pdf`}>
        <Download className="h-4 w-4" aria-hidden="true" /> {label ?? 'Download'}
        <span className="sr-only"> {`${BILLING_DOCUMENT_TITLES[document.kind]} ${document.number} (PDF)`}</span>
      </a>
    </Button>
  );
}

function DocumentList() {
  const documents = useBillingDocuments();
  if (documents.isError) {
    return (
      <LoadFailed onRetry={() => void documents.refetch()}>The documents could not be loaded.</LoadFailed>
    );
  }
  return (
    <ResourceList
      label="Receipts, invoices and credit notes"
      items={documents.data?.items}
      isLoading={documents.isLoading}
      loadingText="Loading documents…"
      emptyText="No documents yet. Each payment, credit purchase and refund adds one here."
    >
      {(document) => (
        <ResourceRow
          testId="billing-document"
          title={document.number}
          badge={<Badge tone={document.kind === 'credit-note' ? 'yellow' : 'grey'}>{BILLING_DOCUMENT_TITLES[document.kind]}</Badge>}
          details={
            <>
              {formatDate(document.issuedAt)} · {document.kind === 'credit-note' ? `${formatPence(document.grossPence)} credited` : formatPence(document.grossPence)}
              {document.refersTo ? ` · refers to ${document.refersTo}` : ''}
            </>
          }
          actions={<DocumentDownloadLink document={document} />}
        />
      )}
    </ResourceList>
  );
}

type FieldErrors = Partial<Record<keyof BillingDetailsInput, string>>;

function DetailsForm({ details }: { details: BillingDetails }) {
  const [values, setValues] = useState<BillingDetailsInput>({
    billingName: details.billingName,
    address: details.address,
    purchaseOrderReference: details.purchaseOrderReference,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const save = useSaveBillingDetails();
  const set = (field: keyof BillingDetailsInput) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setStatus(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = billingDetailsInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof BillingDetailsInput;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues({ billingName: saved.billingName, address: saved.address, purchaseOrderReference: saved.purchaseOrderReference });
        setStatus(BILLING_MESSAGES.saved);
      },
    });
  };
  const failure = save.error ? (save.error instanceof ApiError ? (save.error.serverMessage ?? 'Please try again.') : 'Please try again.') : null;
  return (
    <form noValidate className="flex flex-col gap-4" aria-label="Billing details" onSubmit={submit}>
      <FormField label="Billing name" error={errors.billingName} hint="The person or company the documents are addressed to. Empty: your name.">
        {(p) => <Input {...p} autoComplete="organization" maxLength={MAX_BILLING_NAME_CHARACTERS} value={values.billingName} onChange={set('billingName')} />}
      </FormField>
      <FormField label="Billing address" error={errors.address} hint={`Up to ${MAX_BILLING_ADDRESS_LINES} lines.`}>
        {(p) => <Textarea {...p} autoComplete="street-address" rows={4} maxLength={MAX_BILLING_ADDRESS_CHARACTERS} value={values.address} onChange={set('address')} />}
      </FormField>
      <FormField label="Purchase-order reference" error={errors.purchaseOrderReference} hint="Shown on every new document.">
        {(p) => <Input {...p} maxLength={MAX_PURCHASE_ORDER_CHARACTERS} value={values.purchaseOrderReference} onChange={set('purchaseOrderReference')} />}
      </FormField>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <SaveRow label="Save billing details" pending={save.isPending} status={status} />
    </form>
  );
}

function ReadOnlyDetails({ details }: { details: BillingDetails }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">Only an owner of {details.organisationName} can change these.</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term="Billing name">{details.billingName}</Detail>
        <Detail term="Purchase-order reference" valueClassName="break-all">
          {details.purchaseOrderReference}
        </Detail>
        <Detail term="Billing address" wide valueClassName="whitespace-pre-line">
          {details.address}
        </Detail>
      </dl>
    </div>
  );
}

function BillingDetailsSection() {
  const details = useBillingDetails();
  return (
    <section aria-labelledby="billing-details-title" className="flex flex-col gap-3">
      <h3 id="billing-details-title" className="font-semibold">
        Billing details{details.data?.scope === 'organisation' ? ` of ${details.data.organisationName}` : ''}
      </h3>
      {details.isLoading ? (
        <p className="text-sm text-slate-600">Loading billing details…</p>
      ) : details.isError || !details.data ? (
        <LoadFailed onRetry={() => void details.refetch()}>The billing details could not be loaded.</LoadFailed>
      ) : details.data.canEdit ? (
        <DetailsForm details={details.data} />
      ) : (
        <ReadOnlyDetails details={details.data} />
      )}
    </section>
  );
}

/** Settings → Receipts and invoices: every document's PDF, and the name, address and PO they are made out to. */
export function BillingDocumentsCard() {
  return (
    <Card data-testid="billing-documents-card">
      <IconCardHeader
        icon={Receipt}
        title="Receipts and invoices"
        description="A numbered receipt or VAT invoice for every payment and credit purchase, and a credit note for every refund."
      />
      <CardContent className="flex flex-col gap-6">
        <DocumentList />
        <BillingDetailsSection />
      </CardContent>
    </Card>
  );
}
