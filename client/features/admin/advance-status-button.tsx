import { ArrowRight } from 'lucide-react';
import { nextStatus, statusLabel, type SubmissionStatus } from '@shared/submission-status';
import type { AdminSubmission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateStatus } from './api/update-submission';

/** The button names where the order goes (spec mapping via nextStatus: paid → in-review, in-review → completed, else in-review). */
export const ADVANCE_LABELS: Record<SubmissionStatus, string> = {
  new: 'Mark new',
  paid: 'Mark paid',
  'in-review': 'Start review',
  completed: 'Mark completed',
  'revision-requested': 'Mark revision requested',
  cancelled: 'Mark cancelled',
};

export function advanceLabel(current: string): string {
  const to = nextStatus(current);
  return current === 'completed' && to === 'in-review' ? 'Reopen review' : ADVANCE_LABELS[to];
}

/** The toast after a status change, with the status as people read it ("In review", not "in-review"). */
export function statusChangedMessage(id: string, status: string): string {
  return `Submission ${id} is now ${statusLabel(status).toLowerCase()}.`;
}

export function AdvanceStatusButton({ submission }: { submission: Pick<AdminSubmission, 'id' | 'status'> }) {
  const update = useUpdateStatus();
  const to = nextStatus(submission.status);
  if (submission.status === 'cancelled') return null;
  return (
    <Button
      size="sm"
      variant={to === 'completed' ? 'accent' : 'primary'}
      disabled={update.isPending}
      onClick={() =>
        // mutateAsync, not mutate's callbacks: the live update of the moved order can remove this button before the
        // answer is handled (a completed order has no next step), and a callback of an unmounted mutate never runs.
        update.mutateAsync({ id: submission.id, status: to }).then(
          (updated) => toast({ title: 'Status updated', description: statusChangedMessage(updated.id, updated.status) }),
          () => undefined, // the data layer's error notice says why
        )
      }
    >
      {advanceLabel(submission.status)}
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}
