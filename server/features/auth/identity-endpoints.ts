import type { RouteAccess } from '../../plugins/access';

/**
 * A rate-limit bucket an endpoint's calls count against (per client address, shared by every instance).
 * `password-reset` also counts per target e-mail address, so one address cannot be flooded from many clients.
 */
export type IdentityRateLimit = 'sign-in' | 'sign-up' | 'password-reset' | 'verification-email' | 'change-password';

export interface IdentityEndpoint {
  method: 'GET' | 'POST';
  /** better-auth's path below /api/identity, in Fastify's syntax (`:param`). */
  path: string;
  access: RouteAccess;
  rateLimit?: IdentityRateLimit;
  /**
   * The answer never leaves sooner than this after the request arrived, so its timing does not tell whether the
   * address has an account (forgot password).
   */
  minimumDurationMs?: number;
}

/** Long enough to cover the lookup, token insert and outbox insert on a slow database. */
export const ENUMERATION_SAFE_DURATION_MS = 400;

/**
 * The better-auth endpoints the product uses, and nothing else: each becomes a Fastify route with its own
 * access, so better-auth's other endpoints (update-user, change-email, delete-user, ...) answer 404 and
 * every profile change goes through the app's validated routes.
 */
export const IDENTITY_ENDPOINTS: readonly IdentityEndpoint[] = [
  { method: 'POST', path: '/sign-in/email', access: 'public', rateLimit: 'sign-in' },
  { method: 'POST', path: '/sign-up/email', access: 'public', rateLimit: 'sign-up' },
  // OpenID Connect: the provider sends the browser back here (GET, or POST for response_mode=form_post).
  { method: 'GET', path: '/callback/:providerId', access: 'public' },
  { method: 'POST', path: '/callback/:providerId', access: 'public' },
  // Forgot password: ask for a link (same answer and timing for every address), then set the new password.
  {
    method: 'POST',
    path: '/request-password-reset',
    access: 'public',
    rateLimit: 'password-reset',
    minimumDurationMs: ENUMERATION_SAFE_DURATION_MS,
  },
  { method: 'POST', path: '/reset-password', access: 'public', rateLimit: 'password-reset' },
  // The link in the verification e-mail (signed token; works signed out, e.g. on another device).
  { method: 'GET', path: '/verify-email', access: 'public' },
  // "Resend" on the banner: only for the signed-in account's own address.
  { method: 'POST', path: '/send-verification-email', access: 'customer', rateLimit: 'verification-email' },
  // Settings: change e-mail (the link goes to the new address; the change happens when it is opened).
  { method: 'POST', path: '/change-email', access: 'customer', rateLimit: 'verification-email' },
  // Settings: change password (always ends the other sessions) and "Sign out other devices".
  { method: 'POST', path: '/change-password', access: 'customer', rateLimit: 'change-password' },
  { method: 'POST', path: '/revoke-other-sessions', access: 'customer' },
];

/** The table entry for a method and a path below /api/identity (already decoded), or undefined. */
export function findIdentityEndpoint(method: string, path: string): IdentityEndpoint | undefined {
  const segments = path.split('/');
  return IDENTITY_ENDPOINTS.find((endpoint) => {
    if (endpoint.method !== method) return false;
    const pattern = endpoint.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i]!.length > 0 : part === segments[i]))
    );
  });
}
