import { toast, visibleToasts, type ToastInput } from './use-toast';

/**
 * A notice that survives a full page load: a page without the app (the order form's island, decision 051) goes
 * to the next page by loading it, and the notice it just showed ("Authentication Required") is shown again there.
 * Kept for this tab only, and shown once.
 */
const CARRIED_TOAST_KEY = 'hp-carried-toast';

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

function readCarried(): ToastInput | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(CARRIED_TOAST_KEY);
    sessionStorage.removeItem(CARRIED_TOAST_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (typeof parsed.title !== 'string' || !parsed.title) return null;
    return {
      title: parsed.title,
      ...(typeof parsed.description === 'string' ? { description: parsed.description } : {}),
      ...(parsed.variant === 'destructive' ? { variant: 'destructive' as const } : {}),
    };
  } catch {
    return null;
  }
}

/** Shows the notice the previous page carried over, once. */
export function showCarriedToast(): void {
  const carried = readCarried();
  if (carried) toast(carried);
}
