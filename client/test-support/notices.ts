import { vi } from 'vitest';
import { dismissToast, visibleToasts } from '@client/components/ui/use-toast';

/** The notice on screen now (one at a time: a newer one replaces it), as title and description. */
export function shownNotice(): { title: string; description?: string } | undefined {
  const [shown] = visibleToasts();
  return shown ? { title: shown.title, description: shown.description } : undefined;
}

/**
 * A 401 sends the browser to sign in after a moment: the navigation is recorded instead of made. Undo with
 * vi.restoreAllMocks; `clearNotices` between tests.
 */
export function recordSignInRedirect() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

export function clearNotices(): void {
  for (const shown of visibleToasts()) dismissToast(shown.id);
}
