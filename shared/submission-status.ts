export const SUBMISSION_STATUSES = ['new', 'paid', 'in-review', 'completed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: 'New',
  paid: 'Paid',
  'in-review': 'In review',
  completed: 'Completed',
};

export function isSubmissionStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

/** The label people read for a status ("In review"); any other value is shown as it is (spec section 4). */
export function statusLabel(status: string): string {
  return isSubmissionStatus(status) ? STATUS_LABELS[status] : status;
}

/** The admin "advance" button (spec section 4): paid → in-review, in-review → completed, anything else → in-review. */
export function nextStatus(current: string): SubmissionStatus {
  if (current === 'paid') return 'in-review';
  if (current === 'in-review') return 'completed';
  return 'in-review';
}
