import type { ReactNode } from 'react';
import { MessageSquare, PenLine, Zap } from 'lucide-react';
import { Link } from 'wouter';
import { workspacePath } from '@shared/routes';
import { tierLabel } from '@shared/service-tiers';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import type { AdminQueueItem } from '@shared/submission.schema';
import { Skeleton } from '@client/components/ui/skeleton';
import { AdminMessagesDialog } from './admin-messages-dialog';
import { AdvanceStatusButton } from './advance-status-button';
import { RevisionFlag } from './refund-form';
import { SubmissionDialog } from './submission-dialog';
import { StatusBadge } from '@client/components/ui/status-badge';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { DueDate } from './due-date';
import { ClaimBadge } from './claim-bar';
import { ColumnHeaders } from '@client/components/ui/column-headers';

function Actions({ s }: { s: AdminQueueItem }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild size="sm" variant="accent">
        <Link href={workspacePath(s.id)} aria-label={`Open ${s.id} in the workspace`}>
          <PenLine className="h-4 w-4" aria-hidden="true" /> Open
        </Link>
      </Button>
      <SubmissionDialog submission={s} />
      <AdvanceStatusButton submission={s} />
      <AdminMessagesDialog submissionId={s.id} customerName={s.customerName} />
    </div>
  );
}

function SubmissionCell({ s }: { s: AdminQueueItem }) {
  return (
    <div className="flex flex-col items-start">
      <span className="font-mono font-semibold text-slate-900">{s.id}</span>
      <span className="text-xs text-slate-600">{s.wordCount.toLocaleString('en-GB')} words</span>
      <FastFlag s={s} />
      {s.unreadMessages ? (
        <Badge tone="blue" className="mt-1 inline-flex items-center gap-1" data-testid="unread-flag">
          <MessageSquare className="h-3 w-3" aria-hidden="true" /> Unread message
        </Badge>
      ) : null}
    </div>
  );
}

/** Fast turnaround (due within 24 hours): flagged in the row, so the queue reads as a to-do list (issue 42). */
export function FastFlag({ s }: { s: Pick<AdminQueueItem, 'fastTurnaround'> }) {
  if (!s.fastTurnaround) return null;
  return (
    <Badge tone="yellow" className="mt-1 inline-flex items-center gap-1" data-testid="fast-flag">
      <Zap className="h-3 w-3" aria-hidden="true" /> Fast turnaround
    </Badge>
  );
}

function CustomerCell({ s }: { s: AdminQueueItem }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate font-medium">{s.customerName}</span>
      <span className="truncate text-xs text-slate-600">{s.customerEmail}</span>
    </div>
  );
}

/** The status, with the revision flag. */
function StatusCell({ s }: { s: AdminQueueItem }) {
  return (
    <>
      <StatusBadge status={s.status} />
      <RevisionFlag status={s.status} />
    </>
  );
}

/** Who holds the order, or a dash when nobody does. */
function ClaimedByCell({ s }: { s: AdminQueueItem }) {
  return s.claim ? <ClaimBadge claim={s.claim} /> : <span className="text-slate-500">—</span>;
}

const TierCell = ({ s }: { s: AdminQueueItem }) => tierLabel(s.serviceTier);
const DateCell = ({ s }: { s: AdminQueueItem }) => <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>;
const DueCell = ({ s }: { s: AdminQueueItem }) => <DueDate submission={s} />;

interface Field {
  label: string;
  Cell: (props: { s: AdminQueueItem }) => ReactNode;
  /** The table cell's classes, or the card's item's. */
  className?: string;
}

/** The table's columns. */
const COLUMNS: readonly Field[] = [
  { label: 'Submission', Cell: SubmissionCell },
  { label: 'Customer', Cell: CustomerCell, className: 'max-w-56' },
  { label: 'Service tier', Cell: TierCell, className: 'whitespace-nowrap' },
  { label: 'Status', Cell: StatusCell },
  { label: 'Claimed by', Cell: ClaimedByCell },
  { label: 'Date', Cell: DateCell, className: 'whitespace-nowrap' },
  { label: 'Due', Cell: DueCell, className: 'whitespace-nowrap' },
  { label: 'Actions', Cell: Actions },
];

/** What a card lists under its id and status (the customer's label is for screen readers only). */
const CARD_FIELDS: readonly (Field & { hideLabel?: boolean })[] = [
  { label: 'Customer', Cell: CustomerCell, className: 'col-span-2 min-w-0', hideLabel: true },
  { label: 'Service tier', Cell: TierCell },
  { label: 'Date', Cell: DateCell },
  { label: 'Due', Cell: DueCell },
  { label: 'Claimed by', Cell: ClaimedByCell },
];

/** Desktop: a table. Small screens: one card per submission (no sideways scrolling of the page). */
export function QueueTable({ items }: { items: AdminQueueItem[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <ColumnHeaders labels={COLUMNS.map((c) => c.label)} cellClassName="px-4 py-3 font-semibold" />
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.map((s) => (
              <tr key={s.id} data-testid={`queue-row-${s.id}`} className="align-top">
                {COLUMNS.map(({ label, Cell, className }) => (
                  <td key={label} className={cn('px-4 py-3', className)}>
                    <Cell s={s} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 lg:hidden" aria-label="Submissions">
        {items.map((s) => (
          <li key={s.id} data-testid={`queue-card-${s.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <SubmissionCell s={s} />
              <div>
                <StatusCell s={s} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              {CARD_FIELDS.map(({ label, Cell, className, hideLabel }) => (
                <div key={label} className={className}>
                  <dt className={hideLabel ? 'sr-only' : 'text-xs text-slate-500'}>{label}</dt>
                  <dd>
                    <Cell s={s} />
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 border-t border-slate-100 pt-3">
              <Actions s={s} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export function QueueSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading submissions">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}
