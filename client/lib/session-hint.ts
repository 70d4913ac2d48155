import { cookieHasSessionHint } from '@shared/session-hint';

/** Whether the browser holds the signed-in hint cookie (never on the server, where pages render anonymous). */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && cookieHasSessionHint(document.cookie);
}
