import { useState } from 'react';
import { History } from 'lucide-react';
import { AFTER_PAYMENT_LABELS, deliveredParts } from '@shared/after-payment.schema';
import type { Delivery } from '@shared/after-payment.schema';
import type { Submission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDateTime } from '@client/lib/format';
import { ReviewDelivery } from '@client/features/fact-check';
import { useDeliveries } from './api/after-payment';

function DeliveryText({ delivery, label }: { delivery: Delivery; label: string }) {
  return (
    <section className="flex flex-col gap-1" data-testid={`delivery-${delivery.number}`}>
      <h4 className="text-sm font-semibold text-slate-900">
        {label} <span className="font-normal text-slate-600">(delivered {formatDateTime(delivery.deliveredAt)})</span>
      </h4>
      <div className="max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
        {delivery.reviewedContent || 'No reviewed text in this version.'}
      </div>
      {delivery.reviewerNotes ? <p className="text-sm text-slate-700">Notes: {delivery.reviewerNotes}</p> : null}
    </section>
  );
}

/** An order the customer asked to revise, whose next delivery is not made yet. */
export function isRevising(submission: Submission): boolean {
  return submission.revisionRequestedAt !== null && submission.status !== 'completed' && submission.status !== 'cancelled';
}

/** The order as delivery `delivery` gave it: its text, notes and link over the order (the files come from the server). */
function asDelivered(submission: Submission, delivery: Delivery): Submission {
  return { ...submission, ...deliveredParts(delivery) };
}

/**
 * While a revision is made (decision 018, issue 45): what the customer asked, and the delivery already made with its
 * text, files, report and certificate, marked "Delivery 1", all still downloadable.
 */
export function RevisionInProgress({ submission }: { submission: Submission }) {
  const deliveries = useDeliveries(submission.id, true);
  const latest = deliveries.data?.[0];
  return (
    <section className="flex flex-col gap-4">
      <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        Your revision is being made. What you asked: “{submission.revisionMessage}”
      </p>
      {deliveries.isPending ? <Skeleton className="h-16 w-full" /> : null}
      {deliveries.isError ? <p className="text-sm text-red-700">The delivered version could not be loaded. Please try again later.</p> : null}
      {latest ? <ReviewDelivery submission={asDelivered(submission, latest)} label={`Delivery ${latest.number}`} /> : null}
    </section>
  );
}

/** Once a revision is delivered: the latest is shown above and "Previous version" opens the first (decision 018). */
export function DeliveryHistory({ submission }: { submission: Submission }) {
  const revised = submission.revisionRequestedAt !== null && submission.status === 'completed';
  const [showPrevious, setShowPrevious] = useState(false);
  const deliveries = useDeliveries(submission.id, revised);
  if (!revised) return null;
  if (deliveries.isPending) return <Skeleton className="h-16 w-full" />;
  if (deliveries.isError) return <p className="text-sm text-red-700">The earlier version could not be loaded. Please try again later.</p>;
  const previous = deliveries.data[1];
  if (!previous) return null;
  return (
    <section className="flex flex-col gap-2">
      <div>
        <Button variant="outline" size="sm" aria-expanded={showPrevious} onClick={() => setShowPrevious((v) => !v)}>
          <History className="h-4 w-4" aria-hidden="true" /> {AFTER_PAYMENT_LABELS.previousVersion}
        </Button>
      </div>
      {showPrevious ? <DeliveryText delivery={previous} label={AFTER_PAYMENT_LABELS.previousVersion} /> : null}
    </section>
  );
}
