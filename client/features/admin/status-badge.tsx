import { STATUS_LABELS, isSubmissionStatus } from '@shared/submission-status';
import { Badge, type BadgeTone } from '@client/components/ui/badge';

/** Spec section 4: completed green, in-review yellow, paid blue, new or anything else grey. */
export function adminStatusTone(status: string): BadgeTone {
  if (status === 'completed') return 'green';
  if (status === 'in-review') return 'yellow';
  if (status === 'paid') return 'blue';
  return 'grey';
}

export function AdminStatusBadge({ status }: { status: string }) {
  return <Badge tone={adminStatusTone(status)}>{isSubmissionStatus(status) ? STATUS_LABELS[status] : status}</Badge>;
}

export function isOverdue(submission: { dueDate: string | null; status: string }, now = Date.now()): boolean {
  return submission.dueDate !== null && submission.status !== 'completed' && Date.parse(submission.dueDate) < now;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export function DueDate({ submission }: { submission: { dueDate: string | null; status: string } }) {
  if (!submission.dueDate) return <span className="text-slate-500">—</span>;
  const overdue = isOverdue(submission);
  return (
    <span className={overdue ? 'font-semibold text-red-700' : 'text-slate-700'}>
      <time dateTime={submission.dueDate}>{formatDateTime(submission.dueDate)}</time>
      {overdue ? <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs">Overdue</span> : null}
    </span>
  );
}
