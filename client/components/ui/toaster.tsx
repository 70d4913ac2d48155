import { useEffect } from 'react';
import { Toast } from 'radix-ui';
import { toastRegionChanged } from './toast-clearance';
import { X } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './use-toast';

/** Swipe right past 50 px to dismiss; F8 focuses the notification region (Radix's default hotkey). */
export function Toaster() {
  const toasts = useToasts();
  // A notice shown or gone changes the region's height: where it may stand is measured again.
  useEffect(toastRegionChanged, [toasts.length]);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DURATION_MS}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          duration={t.duration ?? TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport data-toast-region="" className="fixed top-[var(--toast-top,auto)] right-0 bottom-[var(--toast-clearance,0px)] z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </Toast.Provider>
  );
}
