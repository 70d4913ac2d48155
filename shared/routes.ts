/** Client routes the server knows, so an unknown path can answer 404 while still rendering the app's 404 page. */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/check-now$/,
  /^\/about$/,
  /^\/services$/,
  /^\/blog$/,
  /^\/blog\/[^/]+$/,
  /^\/contact$/,
  /^\/help-center$/,
  /^\/privacy-policy$/,
  /^\/terms-of-service$/,
  /^\/login$/,
  /^\/sign-in$/,
  /^\/sign-up$/,
  /^\/auth-success$/,
  /^\/dashboard$/,
  /^\/settings$/,
  /^\/admin$/,
  /^\/checkout\/[^/]+$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((p) => p.test(path));
}
