/**
 * Who may call a route. Every route declares one in its options, `{ config: { access: 'customer' } }`;
 * the auth plugin (server/plugins/auth.ts) refuses to start when a route has none, and its guard runs on
 * the matched route before the body is parsed or validated.
 *
 * - `public`: anybody; the handler may still read `request.user` (null when signed out).
 * - `customer`: any signed-in account (customers and administrators); 401 otherwise.
 * - `admin`: administrators only; 401 signed out, 403 for customers.
 * - `webhook`: another system calls it; no session is read and the handler verifies a signature
 *   (Stripe's webhook, the signed upload PUT).
 */
export const ROUTE_ACCESS = ['public', 'customer', 'admin', 'webhook'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];
