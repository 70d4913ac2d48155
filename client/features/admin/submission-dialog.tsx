import { useState } from 'react';
import { Link } from 'wouter';
import { workspacePath } from '@shared/routes';
import { statusLabel } from '@shared/submission-status';
import { englishVariantLabel } from '@shared/categories';
import type { AdminQueueItem, AdminSubmission } from '@shared/submission.schema';
import { SubmissionDialogFrame, SubmissionFacts, SubmissionField } from '@client/components/submission-dialog-frame';
import { Skeleton } from '@client/components/ui/skeleton';
import { useToastClearance } from '@client/components/ui/toast-clearance';
import { formatDayTime, formatPence } from '@client/lib/format';
import { useCurrentUser } from '@client/lib/current-user';
import { useStatusHistory } from './api/get-status-history';
import { useAdminSubmission } from './api/order-claim';
import { ClaimBar } from './claim-bar';
import { DueDate } from './due-date';
import { KeptText, useKeptText } from './kept-text';
import { AfterPaymentPanel } from './refund-form';
import { AuditPanel } from '@client/features/audits';
import { BlockedAssignmentNotes } from '@client/features/reviewer-preferences';
import { SignOffPanel } from '@client/features/sign-offs';
import { ReviewForm } from './review/review-form';

const statusName = (s: string | null) => (s ? statusLabel(s) : 'Created');

/** An admin's fact: an empty value shows as a dash. */
function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return <SubmissionField label={label}>{children || '—'}</SubmissionField>;
}

export function StatusHistory({ id }: { id: string }) {
  const history = useStatusHistory(id);
  if (history.isLoading) return <Skeleton className="h-16 w-full" />;
  if (history.isError) return <p className="text-sm text-red-700">Could not load the status history.</p>;
  const entries = history.data ?? [];
  if (entries.length === 0) return <p className="text-sm text-slate-600">No status changes yet.</p>;
  return (
    <>
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
      <BlockedAssignmentNotes submissionId={id} />
    </>
  );
}

/** The order's facts, with every value as people read it (labels from shared/, never raw slugs). */
export function SubmissionDetails({ submission: s, compact = false }: { submission: AdminSubmission; compact?: boolean }) {
  return (
    <dl className={compact ? 'grid grid-cols-2 gap-3' : 'grid grid-cols-2 gap-3 sm:grid-cols-3'}>
      <SubmissionFacts submission={s} wordsLabel="Words" amount={s.amountPence === undefined ? undefined : formatPence(s.amountPence)} />
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

/** The customer's instructions and additional notes, when they gave any (`as`: the heading's level). */
export function CustomerInstructions({ submission: s, as: Heading = 'h3' }: { submission: AdminSubmission; as?: 'h2' | 'h3' }) {
  if (!s.instructions && !s.additionalNotes) return null;
  return (
    <section className="flex flex-col gap-2">
      <Heading className="text-sm font-semibold">Customer instructions</Heading>
      {s.instructions ? <p className="text-sm whitespace-pre-wrap">{s.instructions}</p> : null}
      {s.additionalNotes ? <p className="text-sm whitespace-pre-wrap text-slate-700">{s.additionalNotes}</p> : null}
    </section>
  );
}

/**
 * View details and review one submission (spec section 2: "view details and review dialog"). Save Draft and
 * Complete Review sit in the dialog's pinned footer, in reach without scrolling past the original; the status
 * history comes after the review. The queue's row has a preview of the text only (decision 037): the dialog loads
 * the whole order when it opens, fresh each time, and shows the form once it has it.
 */
export function SubmissionDialog({ submission: row }: { submission: AdminQueueItem }) {
  const [open, setOpen] = useState(false);
  const [actionsSlot, setActionsSlot] = useState<HTMLDivElement | null>(null);
  useToastClearance(actionsSlot);
  return (
    <SubmissionDialogFrame
      submission={row}
      triggerText="View"
      triggerLabel={`View and review ${row.id}`}
      open={open}
      onOpenChange={setOpen}
      className="max-w-6xl"
      footer={<div ref={setActionsSlot} />}
    >
      <FullOrder id={row.id} open={open} actionsSlot={actionsSlot} onCompleted={() => setOpen(false)} />
    </SubmissionDialogFrame>
  );
}

/** The dialog's body, mounted while it is open: the whole order from GET /api/admin/submissions/{id}. */
function FullOrder({ id, open, actionsSlot, onCompleted }: { id: string; open: boolean; actionsSlot: HTMLDivElement | null; onCompleted: () => void }) {
  const order = useAdminSubmission(id, { fresh: true });
  if (order.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The order could not be loaded. Please close the dialog and try again.
      </p>
    );
  }
  // Fetched since the dialog opened: a form started from an older copy would save against an old draft version.
  if (!order.data || !order.isFetchedAfterMount) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the order">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return <OrderReview submission={order.data} open={open} actionsSlot={actionsSlot} onCompleted={onCompleted} />;
}

function OrderReview({
  submission,
  open,
  actionsSlot,
  onCompleted,
}: {
  submission: AdminSubmission;
  open: boolean;
  actionsSlot: HTMLDivElement | null;
  onCompleted: () => void;
}) {
  const { user } = useCurrentUser();
  // After a conflict's Reload: the latest order, a fresh form on it, and the text the old form had not saved.
  const [reloaded, setReloaded] = useState<AdminSubmission | null>(null);
  const keptText = useKeptText();
  const s = reloaded && reloaded.id === submission.id && reloaded.reviewVersion > submission.reviewVersion ? reloaded : submission;
  return (
    <>
      <SubmissionDetails submission={s} />
      <CustomerInstructions submission={s} />
      <p className="text-sm">
        <Link href={workspacePath(s.id)} className="font-medium text-emerald-800 underline">
          Open in the workspace
        </Link>{' '}
        <span className="text-slate-600">(full page, with keyboard shortcuts)</span>
      </p>
      <AfterPaymentPanel submission={s} open={open} showMoney={user?.isAdmin ?? false} />
      <SignOffPanel submission={s} />
      <AuditPanel submission={s} />
      <ClaimBar submission={s} />
      <section className="flex flex-col gap-3 border-t border-slate-200 pt-4">
        <h3 className="text-base font-semibold">Review</h3>
        <p className="text-sm text-slate-600">The original is on the left; edit the copy on the right.</p>
        <KeptText kept={keptText.kept} onDismiss={keptText.dismiss} showNotes />
        <ReviewForm
          key={keptText.formKey}
          submission={s}
          onCompleted={onCompleted}
          actionsSlot={actionsSlot}
          onReload={(latest, unsaved) => {
            setReloaded(latest);
            keptText.keep(unsaved);
          }}
        />
      </section>
      <section className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <h3 className="text-sm font-semibold">Status history</h3>
        <StatusHistory id={s.id} />
      </section>
    </>
  );
}
