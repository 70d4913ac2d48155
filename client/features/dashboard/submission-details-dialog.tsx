import { Download, FileText, Link as LinkIcon } from 'lucide-react';
import { englishVariantLabel } from '@shared/categories';
import { priceBreakdown } from '@shared/price-breakdown';
import type { Submission } from '@shared/submission.schema';
import { SubmissionDialogFrame, SubmissionFacts, SubmissionField } from '@client/components/submission-dialog-frame';
import { formatDateTime, formatPence } from '@client/lib/format';
import { ReviewDelivery } from '@client/features/fact-check';
import { OrderDocumentLinks } from '@client/features/billing-documents';
import { DeliveryHistory, isRevising, RevisionInProgress } from './delivery-history';
import { customerStatusLabel, UNPAID_ORDER_MESSAGES } from '@shared/unpaid-order';
import { UnpaidOrderActions } from './unpaid-order-actions';

function TextBlock({ label, text, empty }: { label: string; text: string | null | undefined; empty: string }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      {text ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
          {text}
        </div>
      ) : (
        <p className="text-sm text-slate-500">{empty}</p>
      )}
    </section>
  );
}

const orNone = (value: string | null | undefined) => (value ? value : <span className="text-slate-500">Not provided</span>);

/**
 * Every field of a submission, its dates, the review and its documents. Result first (issue 45): a delivered order
 * opens on the review (during a revision, the delivery already made); the order's own details follow, folded.
 */
export function SubmissionDetailsDialog({ submission }: { submission: Submission }) {
  const s = submission;
  const revising = isRevising(s);
  const hasResult = s.status === 'completed' || revising;
  return (
    <SubmissionDialogFrame submission={s} triggerText="View Details" className="max-w-4xl" bodyLabel="Order details and review">
      {s.status === 'new' ? (
        <section className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="awaiting-payment">
          <p className="text-sm text-amber-950">
            <span className="font-semibold">{UNPAID_ORDER_MESSAGES.awaitingPayment}.</span> The review starts once you pay.
          </p>
          <div className="flex flex-wrap gap-2">
            <UnpaidOrderActions submission={s} />
          </div>
        </section>
      ) : null}
      {s.status === 'completed' ? <ReviewDelivery submission={s} /> : null}
      {revising ? <RevisionInProgress submission={s} /> : null}
      {hasResult || s.status === 'new' || s.status === 'cancelled' ? null : (
        <TextBlock label="Reviewed content" text={null} empty="The reviewed content appears here when the review is complete." />
      )}
      <DeliveryHistory submission={s} />
      {s.documentLink || s.documents.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Review documents</h3>
          <ul className="flex flex-col gap-1.5">
            {s.documentLink ? (
              <li>
                <a href={s.documentLink} className="text-accent inline-flex items-center gap-2 text-sm underline" target="_blank" rel="noreferrer noopener">
                  <LinkIcon className="h-4 w-4" aria-hidden="true" /> Open the review document
                </a>
              </li>
            ) : null}
            {s.documents.map((doc) => (
              <li key={doc.id}>
                <a href={doc.url} download={doc.fileName} className="text-accent inline-flex items-center gap-2 text-sm underline">
                  <FileText className="h-4 w-4" aria-hidden="true" /> {doc.fileName}
                  <Download className="h-3.5 w-3.5" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <details open={!hasResult} className="group rounded-md border border-slate-200" data-testid="order-details">
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600">
          Order details
        </summary>
        <div className="flex flex-col gap-6 border-t border-slate-200 p-3">
          <dl className="grid gap-4 sm:grid-cols-2">
            <SubmissionFacts
              submission={s}
              wordsLabel="Word count"
              statusLabel={customerStatusLabel(s)}
              amount={
                <>
                  {formatPence(s.amountPence)}
                  <span className="block text-xs text-slate-600" data-testid="price-breakdown">
                    {priceBreakdown(s)}
                  </span>
                </>
              }
            />
            <SubmissionField label="Tone">{orNone(s.tone)}</SubmissionField>
            <SubmissionField label="Target audience">{orNone(s.targetAudience)}</SubmissionField>
            <SubmissionField label="English variant">{englishVariantLabel(s.englishVariant)}</SubmissionField>
            {s.placedBy ? (
              <SubmissionField label="Placed by">
                {s.placedBy.name || s.placedBy.email} <span className="text-slate-600">({s.placedBy.email})</span>
              </SubmissionField>
            ) : null}
            <SubmissionField label="Submitted">{formatDateTime(s.createdAt)}</SubmissionField>
            <SubmissionField label="Paid">{formatDateTime(s.paidAt, 'Not paid yet')}</SubmissionField>
            {s.status === 'cancelled' ? null : (
              <SubmissionField label="Due date">{formatDateTime(s.dueDate, 'Set when paid')}</SubmissionField>
            )}
            <SubmissionField label="Completed">{formatDateTime(s.completedAt, 'Not completed yet')}</SubmissionField>
            <SubmissionField label="Contact name">{orNone(s.contactName)}</SubmissionField>
            <SubmissionField label="Contact email">{orNone(s.contactEmail)}</SubmissionField>
            <SubmissionField label="Contact phone">{orNone(s.contactPhone)}</SubmissionField>
            <SubmissionField label="Website" className="sm:col-span-2">
              {s.contactWebsite ? (
                <a href={s.contactWebsite} className="text-accent underline" target="_blank" rel="noreferrer noopener">
                  {s.contactWebsite}
                </a>
              ) : (
                orNone('')
              )}
            </SubmissionField>
          </dl>
          {s.paidAt ? <OrderDocumentLinks submissionId={s.id} paid /> : null}
          <TextBlock label="Instructions" text={s.instructions} empty="No instructions." />
          <TextBlock label="Additional notes" text={s.additionalNotes} empty="No additional notes." />
          <TextBlock label="Your content" text={s.content} empty="No content." />
        </div>
      </details>
    </SubmissionDialogFrame>
  );
}
