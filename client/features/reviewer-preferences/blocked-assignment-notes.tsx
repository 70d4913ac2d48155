import { formatDayTime } from '@client/lib/format';
import { useBlockedAssignments } from './api/reviewer-preferences';

/**
 * Beside an order's status history, for the review team: each time an administrator gave the order to a reviewer its
 * customer blocked, who, by whom and why (decision 074). Nothing when there is none.
 */
export function BlockedAssignmentNotes({ submissionId }: { submissionId: string }) {
  const { data } = useBlockedAssignments(submissionId);
  const assignments = data?.assignments ?? [];
  if (assignments.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Assignments to a reviewer the customer blocked" data-testid="blocked-assignments">
      {assignments.map((a) => (
        <li key={a.createdAt} className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm">
          <span className="font-medium">Given to {a.reviewerName}, whom the customer blocked</span>{' '}
          <span className="text-slate-600">
            by {a.assignedByName} · <time dateTime={a.createdAt}>{formatDayTime(a.createdAt)}</time>
          </span>
          <span className="block text-xs break-words text-slate-700">Reason: {a.reason}</span>
        </li>
      ))}
    </ul>
  );
}
