import { isSubmissionStatus, statusLabel, type SubmissionStatus } from '@shared/submission-status';
import { customerStatusLabel } from '@shared/unpaid-order';
import { Badge, type BadgeTone } from './badge';

/**
 * Spec section 4: completed green, in-review yellow, paid blue, new grey. Every status must have its colour:
 * a status added to shared/submission-status.ts does not compile until it is given one here.
 */
export const STATUS_TONES: Record<SubmissionStatus, BadgeTone> = {
  new: 'grey',
  paid: 'blue',
  'in-review': 'yellow',
  completed: 'green',
  // Decision 018's states: grey, as the spec says of any other status.
  'revision-requested': 'grey',
  cancelled: 'grey',
};

/**
 * A submission's status as a coloured badge; a status this build does not know shows as itself, in grey. `label`
 * replaces the words (the customer's reading of a status, below); `data-status` stays the status itself.
 */
export function StatusBadge({ status, label }: { status: SubmissionStatus | (string & {}); label?: string | null }) {
  return (
    <Badge tone={isSubmissionStatus(status) ? STATUS_TONES[status] : 'grey'} data-status={status}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}

/** The status as the customer reads it (decision 069): "Awaiting payment" for `new`, "Discarded" if never paid. */
export function CustomerStatusBadge({ submission }: { submission: { status: string; paidAt: string | null } }) {
  return <StatusBadge status={submission.status} label={customerStatusLabel(submission)} />;
}
