import { isSubmissionStatus, statusLabel, type SubmissionStatus } from '@shared/submission-status';
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

/** A submission's status as a coloured badge; a status this build does not know shows as itself, in grey. */
export function StatusBadge({ status }: { status: SubmissionStatus | (string & {}) }) {
  return (
    <Badge tone={isSubmissionStatus(status) ? STATUS_TONES[status] : 'grey'} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
