/**
 * The storage of a notice carried to the next page (toast-carry.ts), without React: the app's toaster and the
 * static toast of pages without the app (static-toast.ts, decision 076) both take it from here.
 */
export const CARRIED_TOAST_KEY = 'hp-carried-toast';

export interface CarriedToast {
  title: string;
  description?: string;
  variant?: 'destructive';
}

/** The notice the previous page carried over, removed as it is read (it is shown once); null without one. */
export function takeCarriedToast(): CarriedToast | null {
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
