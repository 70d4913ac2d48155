import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@client/lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  footer,
  bodyLabel,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Pinned below the scrolling body (actions that must stay in reach), e.g. a form's buttons. */
  footer?: ReactNode;
  /**
   * Names the scrolling body and makes it a focusable region, so End, PageDown and the arrow keys scroll it and a
   * long body can be read by keyboard (WCAG 2.1.1). For bodies with long text; a short form needs none.
   */
  bodyLabel?: string;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-slate-900/50" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4 sm:p-5">
          <div>
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
            ) : null}
          </div>
          <RadixDialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <div
          className="min-h-0 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 sm:p-5"
          {...(bodyLabel ? { tabIndex: 0, role: 'region', 'aria-label': bodyLabel, 'data-testid': 'dialog-body' } : {})}
        >
          {children}
        </div>
        {footer ? <div className="border-t border-slate-200 bg-white px-4 py-3 sm:px-5">{footer}</div> : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
