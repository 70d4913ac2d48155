import { useEffect, useRef, useState } from 'react';
import { Flag } from 'lucide-react';
import {
  AFTER_PAYMENT_LABELS,
  AFTER_PAYMENT_MESSAGES,
  MAX_REFUND_REASON_CHARACTERS,
  parsePounds,
} from '@shared/after-payment.schema';
import { formatPence } from '@shared/money';
import type { AdminSubmission } from '@shared/submission.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { formatDateTime } from '@client/lib/format';
import { ledgerCsvUrl, markReviewOpened, useAdminRefund, useOrderMoney } from './api/after-payment';

/** The queue's flag on a revision request (they are listed first). */
export function RevisionFlag({ status }: { status: string }) {
  if (status !== 'revision-requested') return null;
  return (
    <Badge tone="red" className="ml-1 inline-flex items-center gap-1" data-testid="revision-flag">
      <Flag className="h-3 w-3" aria-hidden="true" /> Revision
    </Badge>
  );
}

/** Opening a paid order starts it: from then on the customer cannot cancel it. */
function useMarkOpened(submission: AdminSubmission, open: boolean) {
  const sent = useRef(false);
  useEffect(() => {
    if (!open || sent.current || submission.status !== 'paid') return;
    sent.current = true;
    markReviewOpened(submission.id).catch(() => {
      sent.current = false;
    });
  }, [open, submission.id, submission.status]);
}

function RefundForm({ submission, remainingPence }: { submission: AdminSubmission; remainingPence: number }) {
  const [amount, setAmount] = useState(() => (remainingPence / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  // One request id per filled-in form: a double click or a retry refunds once; a new refund gets a new id.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const refund = useAdminRefund(submission.id);
  const submit = () => {
    const pence = parsePounds(amount);
    const next = {
      amount: pence === null ? AFTER_PAYMENT_MESSAGES.refundAmount : pence > remainingPence ? AFTER_PAYMENT_MESSAGES.refundTooLarge(remainingPence) : undefined,
      reason: reason.trim() === '' ? AFTER_PAYMENT_MESSAGES.refundReason : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason || pence === null) return;
    // mutateAsync, not mutate's callbacks: a refund in full can remove this form (live) before the answer is handled.
    refund.mutateAsync({ requestId, amountPence: pence, reason: reason.trim() }).then(
      (money) => {
        toast({ title: `Refunded ${formatPence(pence)}`, description: `Net now ${formatPence(money.netPence)}.` });
        setReason('');
        setAmount(((money.paidPence - money.refundedPence) / 100).toFixed(2));
        setRequestId(crypto.randomUUID());
      },
      () => undefined, // shown below the form from refund.error
    );
  };
  const serverError = refund.error instanceof ApiError ? (refund.error.serverMessage ?? refund.error.message) : refund.error ? AFTER_PAYMENT_MESSAGES.refundFailed : null;
  return (
    <form
      className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
      noValidate
      aria-label="Refund"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField label="Amount (£)" error={errors.amount}>
        {(props) => (
          <Input
            {...props}
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setRequestId(crypto.randomUUID());
            }}
          />
        )}
      </FormField>
      <FormField label="Reason" error={errors.reason}>
        {(props) => (
          <Input
            {...props}
            value={reason}
            maxLength={MAX_REFUND_REASON_CHARACTERS}
            onChange={(event) => {
              setReason(event.target.value);
              setRequestId(crypto.randomUUID());
            }}
          />
        )}
      </FormField>
      <Button type="submit" variant="destructive" className="sm:mt-6" disabled={refund.isPending}>
        {refund.isPending ? 'Refunding…' : AFTER_PAYMENT_LABELS.refund}
      </Button>
      {serverError ? (
        <div className="sm:col-span-3">
          <FormAlert>{serverError}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}

/** The admin dialog's money and revision section (decision 018): the ledger of the order and the refund form. */
export function AfterPaymentPanel({ submission, open, showMoney = true }: { submission: AdminSubmission; open: boolean; showMoney?: boolean }) {
  useMarkOpened(submission, open);
  const money = useOrderMoney(submission.id, open && showMoney);
  // Reviewers see the customer's revision request, never the money (decision 021).
  if (!showMoney) {
    return submission.revisionRequestedAt ? (
      <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">Free revision requested {formatDateTime(submission.revisionRequestedAt)}</p>
        <p className="whitespace-pre-wrap">{submission.revisionMessage}</p>
      </div>
    ) : null;
  }
  return (
    <section className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-label="Payments and refunds">
      {submission.revisionRequestedAt ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Free revision requested {formatDateTime(submission.revisionRequestedAt)}</p>
          <p className="whitespace-pre-wrap">{submission.revisionMessage}</p>
        </div>
      ) : null}
      <h3 className="text-base font-semibold">Payments and refunds</h3>
      {money.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : money.isError ? (
        <p className="text-sm text-red-700">The payments could not be loaded.</p>
      ) : (
        <>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1.5">
              <dt className="text-slate-600">Paid</dt>
              <dd className="font-medium" data-testid="money-paid">{formatPence(money.data.paidPence)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-slate-600">Refunded</dt>
              <dd className="font-medium" data-testid="money-refunded">{formatPence(money.data.refundedPence)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-slate-600">Net</dt>
              <dd className="font-medium" data-testid="money-net">{formatPence(money.data.netPence)}</dd>
            </div>
          </dl>
          {money.data.entries.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm text-slate-700">
              {money.data.entries.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.at)} · {e.kind === 'payment' ? 'Payment' : `Refund (${e.source})`} ·{' '}
                  {formatPence(e.amountPence)}
                  {e.reason ? ` · ${e.reason}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {money.data.netPence > 0 ? (
            <RefundForm key={money.data.netPence} submission={submission} remainingPence={money.data.netPence} />
          ) : null}
        </>
      )}
    </section>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Download the ledger (payments and refunds) of a date range as CSV. */
export function LedgerExport() {
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const valid = from !== '' && to !== '' && from <= to;
  return (
    <form className="flex flex-wrap items-end gap-2" aria-label="Export the ledger" onSubmit={(event) => event.preventDefault()}>
      <label className="flex flex-col text-xs text-slate-600">
        From
        <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="h-9" />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        To
        <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} className="h-9" />
      </label>
      {valid ? (
        <Button asChild variant="outline" size="sm">
          <a href={ledgerCsvUrl(from, to)} download>
            {AFTER_PAYMENT_LABELS.exportLedger}
          </a>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          {AFTER_PAYMENT_LABELS.exportLedger}
        </Button>
      )}
    </form>
  );
}
