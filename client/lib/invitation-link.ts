/**
 * An invitation link (the review team's, decision 021; an organisation's, decision 043) carries its token in the
 * fragment (#token=...), so it never reaches a server log or a Referer. The join page keeps it in session storage
 * under its own key, so the visitor comes back to it after signing in or creating the account.
 */

/** The token of the link just opened (kept for the way back), else the one kept earlier, else null. */
export function invitationTokenFromLink(storageKey: string): string | null {
  if (typeof window === 'undefined') return null;
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  try {
    if (fromHash) {
      window.sessionStorage.setItem(storageKey, fromHash);
      return fromHash;
    }
    return window.sessionStorage.getItem(storageKey);
  } catch {
    return fromHash;
  }
}

/** Whether an invitation opened while signed out is waiting under `storageKey`. */
export function hasPendingInvitation(storageKey: string): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(storageKey));
  } catch {
    return false;
  }
}

/** The invitation was accepted (or is no longer wanted): no more coming back to its page. */
export function forgetPendingInvitation(storageKey: string): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
