import { useState, type ReactElement, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { Button } from './button';
import { FormAlert } from './form-field';

/**
 * The one confirmation before a destructive action (remove a card or a member, leave, cancel an order): `trigger`
 * opens it; it says what happens, then Cancel and the destructive action, in that order. Cancel has the focus when
 * it opens, a click outside does not close it, and while the action is `pending` nothing closes it. `onConfirm` gets
 * `close`, for the action's success; a failure the dialog should show is `error`.
 *
 * Radix's AlertDialog, announced as a dialog: the pages and their end-to-end tests know these confirmations by that
 * role, and the focus and dismissal rules are what an alert dialog adds.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  error,
  cancelLabel = 'Cancel',
  confirmLabel,
  busyLabel,
  pending,
  onConfirm,
  onOpenChange,
  className,
}: {
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  error?: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  busyLabel: string;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  /** Told when it opens or closes (a form resets its last error). */
  onOpenChange?: (open: boolean) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        onOpenChange?.(next);
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          role="dialog"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="border-b border-slate-200 p-4 sm:p-5">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          </div>
          <div className="flex min-h-0 flex-col gap-4 overflow-y-auto p-4 sm:p-5">
            <AlertDialog.Description asChild>
              <div className="flex flex-col gap-2 text-sm text-slate-700">{description}</div>
            </AlertDialog.Description>
            {error ? <FormAlert>{error}</FormAlert> : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:px-5">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={pending} onClick={() => onConfirm(() => setOpen(false))}>
              {pending ? busyLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
