import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { workspacePath } from '@shared/routes';
import { statusLabel } from '@shared/submission-status';
import { categoryLabel, englishVariantLabel } from '@shared/categories';
import { tierLabel } from '@shared/service-tiers';
import type { AdminSubmission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { useState } from 'react';
import { useToastClearance } from '@client/components/ui/toast-clearance';
import { useStatusHistory } from './api/get-status-history';
import { ReviewForm } from './review-form';
import { StatusBadge } from '@client/components/ui/status-badge';
import { formatDayTime, formatPence } from '@client/lib/format';
import { DueDate } from './due-date';
import { AfterPaymentPanel } from './refund-form';
import { ClaimBar } from './claim-bar';
import { Textarea } from '@client/components/ui/input';
import { useCurrentUser } from '@client/lib/current-user';

const statusName = (s: string | null) => (s ? statusLabel(s) : 'Created');

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children || '—'}</dd>
    </div>
  );
}

export function StatusHistory({ id }: { id: string }) {
  const history = useStatusHistory(id);
  if (history.isLoading) return <Skeleton className="h-16 w-full" />;
  if (history.isError) return <p className="text-sm text-red-700">Could not load the status history.</p>;
  const entries = history.data ?? [];
  if (entries.length === 0) return <p className="text-sm text-slate-600">No status changes yet.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Status history">
      {entries.map((h, i) => (
        <li key={`${h.createdAt}-${i}`} className="text-sm">
          <span className="font-medium">
            {h.fromStatus ? `${statusName(h.fromStatus)} → ` : ''}
            {statusName(h.toStatus)}
          </span>{' '}
          <span className="text-slate-600">
            by {h.changedBy ? `${h.changedBy.name} (${h.changedBy.email})` : 'the system'} ·{' '}
            <time dateTime={h.createdAt}>{formatDayTime(h.createdAt)}</time>
          </span>
          {h.reason ? <span className="block text-xs text-slate-500">{h.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** View details and review one submission (spec section 2: "view details and review dialog"). */
/** The order's facts, with every value as people read it (labels from shared/, never raw slugs). */
export function SubmissionDetails({ submission: s, compact = false }: { submission: AdminSubmission; compact?: boolean }) {
  return (
    <dl className={compact ? 'grid grid-cols-2 gap-3' : 'grid grid-cols-2 gap-3 sm:grid-cols-3'}>
      <Detail label="Status">
        <StatusBadge status={s.status} />
      </Detail>
      <Detail label="Service">{tierLabel(s.serviceTier)}</Detail>
      <Detail label="Category">{categoryLabel(s.category)}</Detail>
      <Detail label="Words">{s.wordCount.toLocaleString('en-GB')}</Detail>
      {s.amountPence === undefined ? null : <Detail label="Amount">{formatPence(s.amountPence)}</Detail>}
      <Detail label="Fast turnaround">{s.fastTurnaround ? 'Yes (+50%)' : 'No'}</Detail>
      <Detail label="Customer">
        {s.customerName} <span className="block text-slate-600">{s.customerEmail}</span>
      </Detail>
      <Detail label="Contact">
        {s.contactName} <span className="block text-slate-600">{s.contactEmail}</span>
        {s.contactPhone ? <span className="block text-slate-600">{s.contactPhone}</span> : null}
      </Detail>
      <Detail label="Due">
        <DueDate submission={s} />
      </Detail>
      <Detail label="Tone">{s.tone}</Detail>
      <Detail label="Audience">{s.targetAudience}</Detail>
      <Detail label="English">{englishVariantLabel(s.englishVariant)}</Detail>
    </dl>
  );
}

/**
 * View details and review one submission (spec section 2: "view details and review dialog"). Save Draft and
 * Complete Review sit in the dialog's pinned footer, in reach without scrolling past the original; the status
 * history comes after the review.
 */
export function SubmissionDialog({ submission }: { submission: AdminSubmission }) {
  const [open, setOpen] = useState(false);
  const [actionsSlot, setActionsSlot] = useState<HTMLDivElement | null>(null);
  useToastClearance(actionsSlot);
  const { user } = useCurrentUser();
  // After a conflict's Reload: the latest order, a fresh form on it, and the text the old form had not saved.
  const [reloaded, setReloaded] = useState<AdminSubmission | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [kept, setKept] = useState<{ text: string; notes: string } | null>(null);
  const s = reloaded && reloaded.id === submission.id && reloaded.reviewVersion > submission.reviewVersion ? reloaded : submission;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`View and review ${s.id}`}>
          <Eye className="h-4 w-4" aria-hidden="true" /> View
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Submission ${s.id}`}
        description={s.title}
        className="max-w-6xl"
        footer={<div ref={setActionsSlot} />}
      >
        <div className="flex flex-col gap-6">
          <SubmissionDetails submission={s} />
          {s.instructions || s.additionalNotes ? (
            <section className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Customer instructions</h3>
              {s.instructions ? <p className="text-sm whitespace-pre-wrap">{s.instructions}</p> : null}
              {s.additionalNotes ? <p className="text-sm whitespace-pre-wrap text-slate-700">{s.additionalNotes}</p> : null}
            </section>
          ) : null}
          <p className="text-sm">
            <Link href={workspacePath(s.id)} className="font-medium text-emerald-800 underline">
              Open in the workspace
            </Link>{' '}
            <span className="text-slate-600">(full page, with keyboard shortcuts)</span>
          </p>
          <AfterPaymentPanel submission={s} open={open} showMoney={user?.isAdmin ?? false} />
          <ClaimBar submission={s} />
          <section className="flex flex-col gap-3 border-t border-slate-200 pt-4">
            <h3 className="text-base font-semibold">Review</h3>
            <p className="text-sm text-slate-600">The original is on the left; edit the copy on the right.</p>
            {kept ? (
              <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="kept-text">
                <p className="text-sm text-amber-900">
                  The form now shows the latest saved draft. Your unsaved text is kept here: copy what you need.
                </p>
                <Textarea readOnly rows={6} value={kept.text} aria-label="Your unsaved text" className="bg-white" />
                {kept.notes ? <Textarea readOnly rows={2} value={kept.notes} aria-label="Your unsaved notes" className="bg-white" /> : null}
                <div>
                  <Button type="button" size="sm" variant="outline" onClick={() => setKept(null)}>
                    Dismiss
                  </Button>
                </div>
              </div>
            ) : null}
            <ReviewForm
              key={formKey}
              submission={s}
              onCompleted={() => setOpen(false)}
              actionsSlot={actionsSlot}
              onReload={(latest, unsaved) => {
                setReloaded(latest);
                setKept(unsaved);
                setFormKey((k) => k + 1);
              }}
            />
          </section>
          <section className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold">Status history</h3>
            <StatusHistory id={s.id} />
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
