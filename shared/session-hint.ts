/**
 * The signed-in hint (decision 019): a cookie the server sets beside the session cookie and clears with it. It is
 * readable by scripts and holds no secret (just `1`), so the page can tell before it paints whether the visitor is
 * probably signed in: `/` then waits for the customer home instead of flashing the pre-rendered marketing page,
 * and an anonymous visitor's client can skip asking for the current user. The session cookie stays the authority.
 */
export const SESSION_HINT_COOKIE = 'hp_signed_in';

/** True when a `document.cookie`-style header string carries the hint. */
export function cookieHasSessionHint(cookieHeader: string | undefined | null): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Class the head script puts on <html> when the hint is present. */
export const SESSION_HINT_CLASS = 'hp-session';

/** A script expression, true when `document.cookie` carries the hint (for the pages' inline scripts). */
export const SESSION_HINT_TEST = `/(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)`;

/**
 * Runs in <head> before the body is parsed (its hash is allowed by the Content-Security-Policy). With the hint,
 * the pre-rendered page of a route that has a signed-in variant stays hidden until the client renders.
 */
export const SESSION_HINT_SCRIPT = `if(${SESSION_HINT_TEST})document.documentElement.classList.add('${SESSION_HINT_CLASS}')`;
export const SESSION_HINT_STYLE = `html.${SESSION_HINT_CLASS} #root[data-signed-in-variant]{visibility:hidden}`;
