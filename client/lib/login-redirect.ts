/** Sign-in is a full-page navigation to the server's login route (spec section 6). */
export const LOGIN_URL = '/api/login';
/** The same route, opening on the provider's sign-up screen. */
export const SIGN_UP_URL = '/api/login?screen_hint=signup';
/** Signing out is a navigation too: the server ends the session and sends the browser home. */
export const LOGOUT_URL = '/api/logout';
/** Spec section 9: after a 401 on a call, the login redirect waits 500 ms (the notice shows meanwhile). */
export const LOGIN_AFTER_401_MS = 500;
/** Spec section 9: a logged-out visitor on a customer page is sent to sign in after 1 second. */
export const SIGN_IN_REDIRECT_MS = 1000;

/** Sends the browser to sign in after `delayMs`; returns a cancel function (for an effect's cleanup). */
export function scheduleLoginRedirect(delayMs: number): () => void {
  const timer = window.setTimeout(() => window.location.assign(LOGIN_URL), delayMs);
  return () => window.clearTimeout(timer);
}
