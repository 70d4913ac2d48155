import { useState, type FormEvent } from 'react';
import { ChevronDown, Receipt } from 'lucide-react';
import {
  BILLING_MESSAGES,
  billingDetailsInputSchema,
  MAX_BILLING_ADDRESS_CHARACTERS,
  MAX_BILLING_ADDRESS_LINES,
  MAX_BILLING_NAME_CHARACTERS,
  MAX_PURCHASE_ORDER_CHARACTERS,
  orderPurchaseOrderInputSchema,
  type BillingDetails,
} from '@shared/billing-documents.schema';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api';
import { useBillingDetails, useOrderPurchaseOrder, useSaveBillingDetails, useSaveOrderPurchaseOrder } from './api/billing-documents';
import { SaveRow } from '@client/components/ui/save-row';

type Field = 'billingName' | 'address' | 'purchaseOrderNumber';
const failureText = (error: Error | null) => (error ? (error instanceof ApiError ? (error.serverMessage ?? 'Please try again.') : 'Please try again.') : null);

/**
 * The form: who the invoice is made out to (the organisation's or the account's billing details: editable by those
 * who may change them, else shown) and this order's purchase-order number. One save; both checked by the server's
 * own schemas first.
 */
function InvoiceDetailsForm({ submissionId, details, purchaseOrderNumber }: { submissionId: string; details: BillingDetails; purchaseOrderNumber: string }) {
  const [values, setValues] = useState({ billingName: details.billingName, address: details.address, purchaseOrderNumber });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<string | null>(null);
  const saveDetails = useSaveBillingDetails();
  const savePurchaseOrder = useSaveOrderPurchaseOrder(submissionId);
  const busy = saveDetails.isPending || savePurchaseOrder.isPending;
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setStatus(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const detailsInput = { billingName: values.billingName, address: values.address, purchaseOrderReference: details.purchaseOrderReference };
    const parsedDetails = details.canEdit ? billingDetailsInputSchema.safeParse(detailsInput) : null;
    if (parsedDetails && !parsedDetails.success) {
      for (const issue of parsedDetails.error.issues) found[issue.path[0] as Field] ??= issue.message;
    }
    const parsedNumber = orderPurchaseOrderInputSchema.safeParse({ purchaseOrderNumber: values.purchaseOrderNumber });
    if (!parsedNumber.success) found.purchaseOrderNumber = parsedNumber.error.issues[0]?.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saveDetails.reset();
    savePurchaseOrder.reset();
    try {
      if (parsedDetails?.success && (values.billingName !== details.billingName || values.address !== details.address)) {
        const saved = await saveDetails.mutateAsync(detailsInput);
        setValues((v) => ({ ...v, billingName: saved.billingName, address: saved.address }));
      }
      const saved = await savePurchaseOrder.mutateAsync(parsedNumber.data!.purchaseOrderNumber);
      setValues((v) => ({ ...v, purchaseOrderNumber: saved.purchaseOrderNumber }));
      setStatus(BILLING_MESSAGES.purchaseOrderSaved);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const failure = failureText(saveDetails.error) ?? failureText(savePurchaseOrder.error);
  const whose = details.scope === 'organisation' ? details.organisationName : null;
  return (
    <form noValidate className="flex flex-col gap-4" aria-label="Invoice details" onSubmit={(event) => void submit(event)}>
      {details.canEdit ? (
        <>
          <FormField label={whose ? `Billing name of ${whose}` : 'Billing name'} error={errors.billingName} hint="The person or company the invoice is made out to. Empty: your name.">
            {(p) => <Input {...p} autoComplete="organization" maxLength={MAX_BILLING_NAME_CHARACTERS} value={values.billingName} onChange={set('billingName')} />}
          </FormField>
          <FormField label="Billing address" error={errors.address} hint={`Up to ${MAX_BILLING_ADDRESS_LINES} lines. Kept for your next invoices too.`}>
            {(p) => <Textarea {...p} autoComplete="street-address" rows={3} maxLength={MAX_BILLING_ADDRESS_CHARACTERS} value={values.address} onChange={set('address')} />}
          </FormField>
        </>
      ) : (
        <div className="flex flex-col gap-1 text-sm" data-testid="invoice-billed-to">
          <p className="text-slate-600">Made out to {details.billingName || whose || 'you'}. Only an owner of {whose} can change the billing details.</p>
          {details.address ? <p className="whitespace-pre-line text-slate-800">{details.address}</p> : null}
        </div>
      )}
      <FormField
        label="Purchase-order number for this order"
        error={errors.purchaseOrderNumber}
        hint={details.purchaseOrderReference ? `Empty: your standing reference, ${details.purchaseOrderReference}.` : 'Optional. Printed on this order’s invoice.'}
      >
        {(p) => <Input {...p} name="purchaseOrderNumber" maxLength={MAX_PURCHASE_ORDER_CHARACTERS * 2} value={values.purchaseOrderNumber} onChange={set('purchaseOrderNumber')} />}
      </FormField>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <SaveRow label="Save invoice details" variant="outline" pending={busy} status={status} />
    </form>
  );
}

/** What the form needs, loaded once the customer opens it. */
function InvoiceDetailsBody({ submissionId }: { submissionId: string }) {
  const details = useBillingDetails();
  const purchaseOrder = useOrderPurchaseOrder(submissionId, true);
  if (details.isLoading || purchaseOrder.isLoading) return <p className="text-sm text-slate-600">Loading invoice details…</p>;
  if (!details.data || !purchaseOrder.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        The invoice details could not be loaded.
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void details.refetch();
            void purchaseOrder.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return <InvoiceDetailsForm submissionId={submissionId} details={details.data} purchaseOrderNumber={purchaseOrder.data.purchaseOrderNumber} />;
}

/**
 * Checkout's "Invoice details" (issue 45, decision 070): folded by default (its one line takes the same room before
 * and after the page loads), opened to give billing details and a purchase-order number before paying.
 */
export function CheckoutInvoiceDetails({ submissionId }: { submissionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card data-testid="invoice-details">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-emerald-600 sm:p-5 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2 font-semibold text-slate-900">
            <Receipt className="h-5 w-5 text-emerald-700" aria-hidden="true" /> Invoice details and purchase order
          </span>
          <ChevronDown className="h-4 w-4 text-slate-600 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="border-t border-slate-100 p-4 sm:p-5">{open ? <InvoiceDetailsBody submissionId={submissionId} /> : null}</div>
      </details>
    </Card>
  );
}
