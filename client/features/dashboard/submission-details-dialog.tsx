import { englishVariantLabel } from '@shared/categories';
import type { ReactNode } from 'react';
import { Download, Eye, FileText, Link as LinkIcon } from 'lucide-react';
import { categoryLabel } from '@shared/categories';
import { tierLabel } from '@shared/service-tiers';
import { priceBreakdown } from '@shared/price-breakdown';
import type { Submission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { formatDateTime, formatPence } from '@client/lib/format';
import { StatusBadge } from '@client/components/ui/status-badge';
import { ReviewDelivery } from '@client/features/fact-check';
import { DeliveryHistory } from './delivery-history';


function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

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

/** Every field of a submission, its dates, the review and its documents. */
export function SubmissionDetailsDialog({ submission }: { submission: Submission }) {
  const s = submission;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Eye className="h-4 w-4" aria-hidden="true" /> View Details
        </Button>
      </DialogTrigger>
      <DialogContent title={`Submission ${s.id}`} description={s.title} className="max-w-4xl">
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Status">
              <StatusBadge status={s.status} />
            </Field>
            <Field label="Service">{tierLabel(s.serviceTier)}</Field>
            <Field label="Category">{categoryLabel(s.category)}</Field>
            <Field label="Word count">{s.wordCount.toLocaleString('en-GB')}</Field>
            <Field label="Amount">
              {formatPence(s.amountPence)}
              <span className="block text-xs text-slate-600" data-testid="price-breakdown">
                {priceBreakdown(s)}
              </span>
            </Field>
            <Field label="Fast turnaround">{s.fastTurnaround ? 'Yes (+50%)' : 'No'}</Field>
            <Field label="Tone">{orNone(s.tone)}</Field>
            <Field label="Target audience">{orNone(s.targetAudience)}</Field>
            <Field label="English variant">{englishVariantLabel(s.englishVariant)}</Field>
            <Field label="Submitted">{formatDateTime(s.createdAt)}</Field>
            <Field label="Paid">{formatDateTime(s.paidAt, 'Not paid yet')}</Field>
            <Field label="Due date">{formatDateTime(s.dueDate, 'Set when paid')}</Field>
            <Field label="Completed">{formatDateTime(s.completedAt, 'Not completed yet')}</Field>
            <Field label="Contact name">{orNone(s.contactName)}</Field>
            <Field label="Contact email">{orNone(s.contactEmail)}</Field>
            <Field label="Contact phone">{orNone(s.contactPhone)}</Field>
            <Field label="Website" wide>
              {s.contactWebsite ? (
                <a href={s.contactWebsite} className="text-accent underline" target="_blank" rel="noreferrer noopener">
                  {s.contactWebsite}
                </a>
              ) : (
                orNone('')
              )}
            </Field>
          </dl>
          <TextBlock label="Instructions" text={s.instructions} empty="No instructions." />
          <TextBlock label="Additional notes" text={s.additionalNotes} empty="No additional notes." />
          <TextBlock label="Your content" text={s.content} empty="No content." />
          {s.status === 'completed' ? (
            <ReviewDelivery submission={s} />
          ) : (
            <TextBlock label="Reviewed content" text={null} empty="The reviewed content appears here when the review is complete." />
          )}
          <DeliveryHistory submission={s} />
          <TextBlock label="Reviewer notes" text={s.reviewerNotes} empty="No notes from the reviewer yet." />
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
        </div>
      </DialogContent>
    </Dialog>
  );
}
