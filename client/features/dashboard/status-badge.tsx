import { isSubmissionStatus, STATUS_LABELS } from '@shared/submission-status';
import { Badge, type BadgeTone } from '@client/components/ui/badge';

const TONE: Record<string, BadgeTone> = { completed: 'green', 'in-review': 'yellow', paid: 'blue' };

/** Spec section 4: completed green, in-review yellow, paid blue, new or anything else grey. */
export function statusTone(status: string): BadgeTone {
  return TONE[status] ?? 'grey';
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} data-status={status}>
      {isSubmissionStatus(status) ? STATUS_LABELS[status] : status}
    </Badge>
  );
}
