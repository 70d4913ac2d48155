import { forwardRef, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Ban, RotateCcw, type LucideIcon } from 'lucide-react';
import {
  AFTER_PAYMENT_LABELS,
  AFTER_PAYMENT_MESSAGES,
  MAX_REVISION_MESSAGE_CHARACTERS,
  refundedText,
  revisionRequestSchema,
} from '@shared/after-payment.schema';
import type { Submission } from '@shared/submission.schema';
import { formatPence } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { formatDateTime } from '@client/lib/format';
import { useCancelOrder, useRequestRevision } from './api/after-payment';

const errorText = (error: Error | null) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : error ? 'Something went wrong. Please try again.' : null;

/** True while `until` (ISO) is in the future; re-renders when it passes, so a button never outlives its window. */
function useStillOpen(until: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (left <= 0 || left > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && Date.parse(until) > now;
}

/** The nearest enabled button or link before `el` among its siblings (else after it). */
function neighbouringAction(el: HTMLElement): HTMLElement | null {
  const usable = (e: Element | null): e is HTMLElement =>
    e instanceof HTMLElement && e.matches('button:not([disabled]), a[href]');
  for (const step of ['previousElementSibling', 'nextElementSibling'] as const) {
    for (let e = el[step]; e; e = e[step]) if (usable(e)) return e;
  }
  return null;
}

/**
 * The card's button that opens an after-payment dialog. The request it leads to moves the order on, which removes
 * the button (after the dialog gave the focus back to it, or with the dialog still open): the focus then goes to the
 * card's neighbouring action instead of being lost to the page. `ref` goes on the button, `used` in its onClick.
 */
function useFocusAfterRemoval() {
  const trigger = useRef<HTMLButtonElement>(null);
  const used = useRef(false);
  useLayoutEffect(() => {
    const button = trigger.current;
    return () => {
      if (!button || !used.current) return;
      const active = document.activeElement;
      const contentId = button.getAttribute('aria-controls');
      const inDialog = contentId !== null && document.getElementById(contentId)?.contains(active) === true;
      if (!inDialog && active !== button && active !== document.body && active !== null) return;
      // Found now, while the button is still in the card; focused once this commit has removed it (and the dialog,
      // if it was open): an open dialog's focus trap would pull a focus given now back into its content.
      const neighbour = neighbouringAction(button);
      queueMicrotask(() => {
        const now = document.activeElement;
        if (neighbour?.isConnected && (now === null || now === document.body || !now.isConnected)) neighbour.focus();
      });
    };
  }, []);
  return {
    ref: trigger,
    used: () => {
      used.current = true;
    },
  };
}

/** The outlined button that opens an after-payment dialog; a press clears the last attempt's error. */
const TriggerButton = forwardRef<HTMLButtonElement, { icon: LucideIcon; label: string; onClick: () => void }>(function TriggerButton(
  { icon: Icon, label, onClick, ...slotProps },
  ref,
) {
  return (
    <Button ref={ref} variant="outline" size="sm" {...slotProps} onClick={onClick}>
      <Icon className="h-4 w-4" aria-hidden="true" /> {label}
    </Button>
  );
});

/** A card's after-payment form in a dialog, which cannot be closed while the request is in flight. */
function AfterPaymentDialog({
  request,
  icon,
  label,
  description,
  children,
}: {
  request: { isPending: boolean; reset: () => void };
  icon: LucideIcon;
  label: string;
  description?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const focus = useFocusAfterRemoval();
  return (
    <Dialog open={open} onOpenChange={(next) => (request.isPending ? undefined : setOpen(next))}>
      <DialogTrigger asChild>
        <TriggerButton
          ref={focus.ref}
          icon={icon}
          label={label}
          onClick={() => {
            focus.used();
            request.reset();
          }}
        />
      </DialogTrigger>
      <DialogContent title={label} description={description}>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}

function CancelOrderDialog({ submission }: { submission: Submission }) {
  const cancel = useCancelOrder(submission.id);
  const focus = useFocusAfterRemoval();
  return (
    <ConfirmDialog
      trigger={
        <TriggerButton
          ref={focus.ref}
          icon={Ban}
          label={AFTER_PAYMENT_LABELS.cancelOrder}
          onClick={() => {
            focus.used();
            cancel.reset();
          }}
        />
      }
      title={`${AFTER_PAYMENT_LABELS.cancelOrder} ${submission.id}?`}
      description={
        <p>
          No reviewer has started on this order yet. If you cancel now, we refund the full {formatPence(submission.amountPence)} to your
          card. This cannot be undone.
        </p>
      }
      error={cancel.error ? errorText(cancel.error) : null}
      cancelLabel={AFTER_PAYMENT_LABELS.keepOrder}
      confirmLabel={AFTER_PAYMENT_LABELS.confirmCancel}
      busyLabel="Cancelling…"
      pending={cancel.isPending}
      onConfirm={(close) =>
        // mutateAsync, not mutate's callbacks: the order's new status can remove this dialog (the list is refetched,
        // live) before the answer is handled, and a callback of an unmounted mutate never runs.
        cancel.mutateAsync().then(
          (result) => {
            close();
            toast({ title: AFTER_PAYMENT_MESSAGES.cancelled, description: refundedText(result.refundedPence) });
          },
          () => undefined, // shown in the dialog from cancel.error
        )
      }
    />
  );
}

function RevisionDialog({ submission }: { submission: Submission }) {
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const revise = useRequestRevision(submission.id);
  const submit = (close: () => void) => {
    const parsed = revisionRequestSchema.safeParse({ message });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    // mutateAsync: the card drops "Request revision" once the order moves, which may unmount this dialog first.
    revise.mutateAsync(parsed.data.message).then(
      () => {
        close();
        setMessage('');
        toast({ title: AFTER_PAYMENT_MESSAGES.revisionRequested });
      },
      () => undefined, // shown in the form from revise.error
    );
  };
  return (
    <AfterPaymentDialog
      request={revise}
      icon={RotateCcw}
      label={AFTER_PAYMENT_LABELS.requestRevision}
      description={`Your free revision, available until ${formatDateTime(submission.revisionAvailableUntil)}. It is done within 2 business days.`}
    >
      {(close) => (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit(close);
          }}
        >
          <FormField
            label="What should change?"
            error={fieldError}
            hint={`${message.trim().length.toLocaleString('en-GB')} / ${MAX_REVISION_MESSAGE_CHARACTERS.toLocaleString('en-GB')}`}
          >
            {(props) => (
              <Textarea
                {...props}
                value={message}
                maxLength={MAX_REVISION_MESSAGE_CHARACTERS + 100}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </FormField>
          {revise.error ? <FormAlert>{errorText(revise.error)}</FormAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={revise.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="accent" disabled={revise.isPending}>
              {revise.isPending ? 'Sending…' : AFTER_PAYMENT_LABELS.sendRevision}
            </Button>
          </div>
        </form>
      )}
    </AfterPaymentDialog>
  );
}

/** The card's after-payment buttons: "Cancel order" and "Request revision", each only while its window is open. */
export function AfterPaymentActions({ submission }: { submission: Submission }) {
  const canCancel = useStillOpen(submission.cancellableUntil);
  const canRevise = useStillOpen(submission.revisionAvailableUntil);
  return (
    <>
      {canCancel ? <CancelOrderDialog submission={submission} /> : null}
      {canRevise ? <RevisionDialog submission={submission} /> : null}
    </>
  );
}

/** "Refunded £X.XX" on the card, when any money went back. */
export function RefundedAmount({ submission }: { submission: Submission }) {
  if (submission.refundedPence <= 0) return null;
  return (
    <p className="text-sm font-medium text-emerald-800" data-testid="refunded-amount">
      {refundedText(submission.refundedPence)}
    </p>
  );
}
