import { DUE_FLAG_LABELS, type DueFlag } from '@shared/review.schema';
import { formatDayTime } from '@client/lib/format';

/**
 * The due date with its flag: "Overdue" (red) or "Due within 4 hours" (amber). The server computes the flag
 * (`dueFlag`, decision 022) so the table, the dialog and the due-soon e-mail agree on one clock.
 */
export function DueDate({ submission }: { submission: { dueDate: string | null; dueFlag?: DueFlag | null } }) {
  if (!submission.dueDate) return <span className="text-slate-500">—</span>;
  const flag = submission.dueFlag ?? null;
  return (
    <span className={flag === 'overdue' ? 'font-semibold text-red-700' : flag === 'due-soon' ? 'font-semibold text-amber-800' : 'text-slate-700'}>
      <time dateTime={submission.dueDate}>{formatDayTime(submission.dueDate)}</time>
      {flag ? (
        <span
          data-testid="due-flag"
          className={flag === 'overdue' ? 'ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs' : 'ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs'}
        >
          {DUE_FLAG_LABELS[flag]}
        </span>
      ) : null}
    </span>
  );
}
