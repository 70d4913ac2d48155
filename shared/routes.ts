/**
 * Client routes the server knows: an unknown path answers 404 (still rendering the app's 404 page), and a known
 * one gets its page's code preloaded in the HTML. `page` is the module under client/ that the router lazy-loads
 * for it (client/app/routes.tsx); a test keeps the two lists in step.
 */
export interface ClientRoute {
  pattern: RegExp;
  page: string;
}

export const CLIENT_ROUTES: readonly ClientRoute[] = [
  { pattern: /^\/$/, page: 'features/public-site/marketing-home-page.tsx' },
  { pattern: /^\/check-now$/, page: 'features/submissions/check-now-page.tsx' },
  { pattern: /^\/about$/, page: 'features/public-site/about-page.tsx' },
  { pattern: /^\/services$/, page: 'features/public-site/services-page.tsx' },
  { pattern: /^\/blog$/, page: 'features/public-site/blog-page.tsx' },
  { pattern: /^\/blog\/[^/]+$/, page: 'features/public-site/blog-post-page.tsx' },
  { pattern: /^\/contact$/, page: 'features/public-site/contact-page.tsx' },
  { pattern: /^\/help-center$/, page: 'features/public-site/help-center-page.tsx' },
  { pattern: /^\/privacy-policy$/, page: 'features/public-site/privacy-policy-page.tsx' },
  { pattern: /^\/terms-of-service$/, page: 'features/public-site/terms-of-service-page.tsx' },
  { pattern: /^\/login$/, page: 'features/auth/login-page.tsx' },
  { pattern: /^\/sign-in$/, page: 'features/auth/sign-in-page.tsx' },
  { pattern: /^\/sign-up$/, page: 'features/auth/sign-up-page.tsx' },
  { pattern: /^\/auth-success$/, page: 'features/auth/auth-success-page.tsx' },
  { pattern: /^\/dashboard$/, page: 'features/dashboard/dashboard-page.tsx' },
  { pattern: /^\/settings$/, page: 'features/settings/settings-page.tsx' },
  { pattern: /^\/admin$/, page: 'features/admin/admin-page.tsx' },
  { pattern: /^\/checkout\/[^/]+$/, page: 'features/checkout/checkout-page.tsx' },
];

/** Pages the router loads without a path of their own (the signed-in home at /, the 404 page). */
export const OTHER_PAGES = ['features/dashboard/customer-home-page.tsx', 'features/errors/not-found-page.tsx'] as const;

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function findClientRoute(pathname: string): ClientRoute | undefined {
  const path = normalise(pathname);
  return CLIENT_ROUTES.find((r) => r.pattern.test(path));
}

export function isClientRoute(pathname: string): boolean {
  return findClientRoute(pathname) !== undefined;
}
