export const SUBMISSION_STATUSES = ['new', 'paid', 'in-review', 'completed', 'revision-requested', 'cancelled'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: 'New',
  paid: 'Paid',
  'in-review': 'In review',
  completed: 'Completed',
  'revision-requested': 'Revision requested',
  cancelled: 'Cancelled',
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

/** Who makes a move: the payment provider (system), a reviewer (admin) or the customer. */
export type StatusActor = 'system' | 'admin' | 'customer';

/**
 * The lifecycle (decision 018): every move the server accepts, and who may make it. Anything else answers 409.
 * A move to the same status is not a move (a review draft saved twice), and is always accepted.
 */
export const LIFECYCLE: Record<SubmissionStatus, Partial<Record<SubmissionStatus, readonly StatusActor[]>>> = {
  // A customer discards an order they have not paid (decision 069).
  new: { paid: ['system'], 'in-review': ['admin'], cancelled: ['customer'] },
  paid: { 'in-review': ['admin'], completed: ['admin'], cancelled: ['customer'] },
  'in-review': { completed: ['admin'] },
  completed: { 'revision-requested': ['customer'], 'in-review': ['admin'] },
  'revision-requested': { 'in-review': ['admin'], completed: ['admin'] },
  cancelled: {},
};

export function canMove(from: string, to: SubmissionStatus, actor: StatusActor): boolean {
  if (from === to) return true;
  if (!isSubmissionStatus(from)) return false;
  return LIFECYCLE[from][to]?.includes(actor) ?? false;
}

export function moveNotAllowedMessage(from: string, to: string): string {
  const label = (s: string) => (isSubmissionStatus(s) ? STATUS_LABELS[s] : s);
  if (from === 'cancelled') return 'This order was cancelled and refunded; it can no longer change.';
  return `A submission cannot go from "${label(from)}" to "${label(to)}".`;
}
