import { Link } from 'wouter';
import { CreditCard, Trash2 } from 'lucide-react';
import type { Submission } from '@shared/submission.schema';
import { UNPAID_ORDER_MESSAGES } from '@shared/unpaid-order';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { formatPence } from '@client/lib/format';
import { useDiscardOrder } from './api/unpaid-order';

/**
 * An order awaiting payment (status `new`, decision 069): Pay goes to its checkout; Discard, after a confirmation,
 * moves it out of the way (the server's lifecycle cancels it, unpaid). Nothing for any other status.
 */
export function UnpaidOrderActions({ submission }: { submission: Pick<Submission, 'id' | 'status' | 'amountPence'> }) {
  const discard = useDiscardOrder(submission.id);
  if (submission.status !== 'new') return null;
  const error = discard.error instanceof ApiError ? (discard.error.serverMessage ?? discard.error.message) : discard.error ? 'Something went wrong. Please try again.' : null;
  return (
    <>
      <Button asChild variant="accent" size="sm">
        <Link href={`/checkout/${submission.id}`} aria-label={`Pay ${formatPence(submission.amountPence)} for order ${submission.id}`}>
          <CreditCard className="h-4 w-4" aria-hidden="true" /> Pay {formatPence(submission.amountPence)}
        </Link>
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" onClick={() => discard.reset()}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Discard
          </Button>
        }
        title={UNPAID_ORDER_MESSAGES.discardConfirmTitle}
        description={<p>{UNPAID_ORDER_MESSAGES.discardConfirmDescription}</p>}
        error={error}
        cancelLabel="Keep order"
        confirmLabel="Discard order"
        busyLabel="Discarding…"
        pending={discard.isPending}
        onConfirm={(close) =>
          // mutateAsync: the refetched list can remove this dialog before the answer is handled.
          discard.mutateAsync().then(
            () => {
              close();
              toast({ title: UNPAID_ORDER_MESSAGES.discardedToast, description: `Order ${submission.id} will not be charged.` });
            },
            () => undefined, // shown in the dialog
          )
        }
      />
    </>
  );
}
