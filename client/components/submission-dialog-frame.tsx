import type { ReactNode } from 'react';
import { Eye } from 'lucide-react';
import { categoryLabel } from '@shared/categories';
import { tierLabel } from '@shared/service-tiers';
import type { Submission } from '@shared/submission.schema';
import { cn } from '@client/lib/cn';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogTrigger } from './ui/dialog';
import { StatusBadge } from './ui/status-badge';

/**
 * The dialog of one order, as the customer's dashboard (View Details) and the admin queue (View) open it: an
 * outlined "eye" button, "Submission <id>" over the order's title, and the sections it is given, one under another.
 * Uncontrolled unless `open` is given.
 */
export function SubmissionDialogFrame({
  submission,
  triggerText,
  triggerLabel,
  open,
  onOpenChange,
  className,
  footer,
  bodyLabel,
  children,
}: {
  submission: Pick<Submission, 'id' | 'title'>;
  /** The button's text; `triggerLabel` its accessible name when the text alone is not enough. */
  triggerText: string;
  triggerLabel?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  /** Pinned below the scrolling body (DialogContent's footer). */
  footer?: ReactNode;
  /** Makes the body a named, focusable scroll region (DialogContent's bodyLabel). */
  bodyLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          <Eye className="h-4 w-4" aria-hidden="true" /> {triggerText}
        </Button>
      </DialogTrigger>
      <DialogContent title={`Submission ${submission.id}`} description={submission.title} className={className} footer={footer} bodyLabel={bodyLabel}>
        <div className="flex flex-col gap-6">{children}</div>
      </DialogContent>
    </Dialog>
  );
}

/** One fact of an order in a <dl>: its label above its value. */
export function SubmissionField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The facts both dialogs open with, as people read them (labels from shared/, never raw slugs): status, service,
 * category, words (under `wordsLabel`), the amount (left out when `amount` is undefined) and fast turnaround.
 */
export function SubmissionFacts({
  submission: s,
  wordsLabel,
  amount,
  statusLabel,
}: {
  submission: Pick<Submission, 'status' | 'serviceTier' | 'category' | 'wordCount' | 'fastTurnaround'>;
  wordsLabel: string;
  amount: ReactNode;
  /** The status in the reader's words (the customer's "Awaiting payment"); the status's own label otherwise. */
  statusLabel?: string | null;
}) {
  return (
    <>
      <SubmissionField label="Status">
        <StatusBadge status={s.status} label={statusLabel} />
      </SubmissionField>
      <SubmissionField label="Service">{tierLabel(s.serviceTier)}</SubmissionField>
      <SubmissionField label="Category">{categoryLabel(s.category)}</SubmissionField>
      <SubmissionField label={wordsLabel}>{s.wordCount.toLocaleString('en-GB')}</SubmissionField>
      {amount === undefined ? null : <SubmissionField label="Amount">{amount}</SubmissionField>}
      <SubmissionField label="Fast turnaround">{s.fastTurnaround ? 'Yes (+50%)' : 'No'}</SubmissionField>
    </>
  );
}
