/**
 * A notice that survives a full page load: a page without the app (the order form's island, decision 051) goes
 * to the next page by loading it, and the notice it just showed ("Authentication Required") is shown again there.
 * Kept for this tab only, and shown once: by the app's toaster, or on a page without React by static-toast.ts
 * (decision 076).
 */
import { CARRIED_TOAST_KEY, takeCarriedToast } from './carried-toast';
import { toast, visibleToasts } from './use-toast';

/** Keeps the notice on screen for the next page this tab loads. */
export function carryToastToNextPage(): void {
  const [current] = visibleToasts();
  if (!current) return;
  const { title, description, variant } = current;
  try {
    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify({ title, description, variant }));
  } catch {
    // Storage refused (private mode, quota): the next page simply shows no notice.
  }
}

/** Shows the notice the previous page carried over, once. */
export function showCarriedToast(): void {
  const carried = takeCarriedToast();
  if (carried) toast(carried);
}
