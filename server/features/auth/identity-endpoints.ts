import type { RouteAccess } from '../../plugins/access';

/** A rate-limit bucket an endpoint's calls count against (per client address, shared by every instance). */
export type IdentityRateLimit = 'sign-in' | 'sign-up';

export interface IdentityEndpoint {
  method: 'GET' | 'POST';
  /** better-auth's path below /api/identity, in Fastify's syntax (`:param`). */
  path: string;
  access: RouteAccess;
  rateLimit?: IdentityRateLimit;
}

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
];
