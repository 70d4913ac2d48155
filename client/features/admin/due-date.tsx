import { formatDayTime } from '@client/lib/format';

export function isOverdue(submission: { dueDate: string | null; status: string }, now = Date.now()): boolean {
  return submission.dueDate !== null && submission.status !== 'completed' && Date.parse(submission.dueDate) < now;
}

export function DueDate({ submission }: { submission: { dueDate: string | null; status: string } }) {
  if (!submission.dueDate) return <span className="text-slate-500">—</span>;
  const overdue = isOverdue(submission);
  return (
    <span className={overdue ? 'font-semibold text-red-700' : 'text-slate-700'}>
      <time dateTime={submission.dueDate}>{formatDayTime(submission.dueDate)}</time>
      {overdue ? <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs">Overdue</span> : null}
    </span>
  );
}
