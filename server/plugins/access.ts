/**
 * Who may call a route. Every route declares one in its options, `{ config: { access: 'customer' } }`;
 * the auth plugin (server/plugins/auth.ts) refuses to start when a route has none, and its guard runs on
 * the matched route before the body is parsed or validated.
 *
 * - `public`: anybody; the handler may still read `request.user` (null when signed out).
 * - `customer`: any signed-in account (customers and administrators); 401 otherwise.
 * - `staff`: the review team, reviewers and administrators (decision 021); 401 signed out, 403 for customers and
 *   suspended reviewers. Handlers that hold money or the team stay `admin`.
 * - `admin`: administrators only; 401 signed out, 403 for customers and reviewers.
 * - `webhook`: another system calls it; no session is read and the handler verifies a signature
 *   (Stripe's webhook, the signed upload PUT).
 * - `api-key`: the public API (/api/v1): `Authorization: Bearer hp_live_…` only, never the session cookie; the
 *   route names the scope it needs in `config.apiScope` (server/features/api-keys/authenticate.ts). Errors are
 *   RFC 9457 problem details and CSRF checks do not apply (no cookie is read).
 */
export const ROUTE_ACCESS = ['public', 'customer', 'staff', 'admin', 'webhook', 'api-key'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];
