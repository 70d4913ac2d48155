/**
 * The one route table of the browser app. It drives the client's router and lazy loading
 * (client/app/routes.tsx), each page's <title> and meta description (client/lib/page-meta.ts), and the server's
 * HTML shells: the status code (404 for a path no route matches), the title in the HTML and the chunks preloaded
 * for the page (server/plugins/route-preloads.ts). Adding a page is one entry here.
 *
 * `page` is the module under client/ that renders it; `signedInPage` replaces it for a signed-in user (/);
 * `access` is who may see it (`customer` pages ask a visitor to sign in; the admin page turns away non-admins).
 */
import { BRAND } from './brand';
import type { IslandScript } from './island-scripts';

export type PageAccess = 'public' | 'customer' | 'staff' | 'admin';

export interface PageRoute {
  /** wouter's syntax: `:name` matches one non-empty path segment. */
  path: string;
  page: string;
  signedInPage?: string;
  access: PageAccess;
  title: string;
  description?: string;
  /**
   * Rendered to static HTML at build time (client/entry-server.tsx), with its content, title, description,
   * canonical URL and Open Graph tags; listed in sitemap.xml unless `noindex`. A pattern (`/blog/:slug`) is
   * rendered for each value the entry lists (each post), and any other value is a 404.
   */
  prerender?: boolean;
  /** Kept out of search engines: `<meta name="robots" content="noindex">`, and never in sitemap.xml. */
  noindex?: boolean;
  /**
   * A pre-rendered page whose interactive parts all have an island: for a visitor without the signed-in hint it
   * loads that island script (shared/island-scripts.ts) instead of the app. `static` is a few KB with no React
   * (decision 049); `order-form` hydrates /check-now's form alone (decision 051). A signed-in visitor's page loads
   * the app, which hydrates it as any other.
   */
  islands?: IslandScript;
  /**
   * The page carries the draft hint's head script (shared/draft-hint.ts), so a notice about this tab's unsent draft is
   * painted with the page instead of appearing at hydration.
   */
  draftHint?: boolean;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/marketing-home-page.tsx',
    signedInPage: 'features/dashboard/customer-home-page.tsx',
    access: 'public',
    title: 'Human review for AI-generated text',
    description:
      'Professional UK copywriters fact-check, polish or rewrite your AI-generated content before you publish. Pay per word, from the price list on our services page.',
  },
  {
    path: '/check-now',
    prerender: true,
    islands: 'order-form',
    draftHint: true,
    page: 'features/submissions/check-now-page.tsx',
    access: 'public',
    title: 'Submit your content',
    description:
      'Paste or upload your AI-generated text, choose a review service and see the exact price.',
  },
  {
    path: '/about',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/about-page.tsx',
    access: 'public',
    title: 'About us',
    description:
      'HumanProof is a UK team of professional copywriters and fact-checkers who make AI-generated content accurate, original and ready to publish.',
  },
  {
    path: '/services',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/services-page.tsx',
    access: 'public',
    title: 'Services and pricing',
    description:
      'Fact checked, Polished or Rewritten: compare what each HumanProof review includes, per-word prices in GBP, the minimum charge and fast turnaround.',
  },
  {
    path: '/blog',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/blog-page.tsx',
    access: 'public',
    title: 'Blog',
    description:
      'Articles from the HumanProof team on AI writing, fact checking, content strategy and building trust with readers.',
  },
  {
    path: '/blog/:slug',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/blog-post-page.tsx',
    access: 'public',
    // The page sets its post's own title and excerpt.
    title: 'Blog post',
  },
  {
    path: '/contact',
    prerender: true,
    islands: 'support',
    page: 'features/public-site/contact-page.tsx',
    access: 'public',
    title: 'Contact us',
    description:
      'Questions about an order, pricing or a larger project? Contact the HumanProof support team by form, e-mail or phone.',
  },
  {
    path: '/help-center',
    prerender: true,
    islands: 'support',
    page: 'features/public-site/help-center-page.tsx',
    access: 'public',
    title: 'Help center',
    description:
      'Answers on ordering, pricing and billing, the review process and your HumanProof account, plus ways to reach our support team.',
  },
  {
    path: '/privacy-policy',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/privacy-policy-page.tsx',
    access: 'public',
    title: 'Privacy policy',
    description:
      'How HumanProof collects, uses, stores and protects your personal data and the content you submit, and your rights under UK data protection law.',
  },
  {
    path: '/terms-of-service',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/terms-of-service-page.tsx',
    access: 'public',
    title: 'Terms of service',
    description:
      'The terms for using HumanProof: orders, per-word prices, payment, turnaround, revisions, refunds, your content and account closure.',
  },
  {
    path: '/accessibility',
    prerender: true,
    islands: 'static',
    page: 'features/public-site/accessibility-statement-page.tsx',
    access: 'public',
    title: 'Accessibility statement',
    description:
      'How accessible the HumanProof website is against WCAG 2.2 AA, how we tested it, the known gaps, and how to report a problem.',
  },
  {
    path: '/login',
    prerender: true,
    islands: 'login',
    page: 'features/auth/login-page.tsx',
    access: 'public',
    title: 'Sign in or create an account',
    description:
      'Sign in to HumanProof or create an account to order human review of your content.',
  },
  {
    path: '/sign-in',
    noindex: true,
    page: 'features/auth/sign-in-page.tsx',
    access: 'public',
    title: 'Sign in',
    description:
      'Sign in to your HumanProof account.',
  },
  {
    path: '/sign-up',
    noindex: true,
    page: 'features/auth/sign-up-page.tsx',
    access: 'public',
    title: 'Create account',
    description:
      'Create a HumanProof account to order human review of your content.',
  },
  {
    path: '/forgot-password',
    noindex: true,
    page: 'features/auth/forgot-password-page.tsx',
    access: 'public',
    title: 'Forgot password',
    description: 'Reset the password of your HumanProof account.',
  },
  {
    path: '/reset-password',
    noindex: true,
    page: 'features/auth/reset-password-page.tsx',
    access: 'public',
    title: 'Choose a new password',
    description: 'Choose a new password for your HumanProof account.',
  },
  {
    path: '/email-verified',
    noindex: true,
    page: 'features/account/email-verified-page.tsx',
    access: 'public',
    title: 'E-mail address',
    description: 'Confirm the e-mail address of your HumanProof account.',
  },
  {
    path: '/auth-success',
    noindex: true,
    page: 'features/auth/auth-success-page.tsx',
    access: 'public',
    title: 'Signing you in',
  },
  {
    path: '/dashboard',
    noindex: true,
    page: 'features/dashboard/dashboard-page.tsx',
    access: 'customer',
    title: 'Dashboard',
    description:
      'Track your submissions, message the review team and download reviewed content.',
  },
  {
    path: '/settings',
    noindex: true,
    page: 'features/settings/settings-page.tsx',
    access: 'customer',
    title: 'Settings',
    description:
      'Your HumanProof profile and account settings.',
  },
  {
    path: '/admin',
    noindex: true,
    page: 'features/admin/admin-page.tsx',
    access: 'staff',
    title: 'Admin panel',
    description:
      'Review desk: every submission, due dates, reviews and messages.',
  },
  {
    path: '/admin/orders/:id',
    noindex: true,
    page: 'features/admin/workspace-page.tsx',
    access: 'staff',
    title: 'Review workspace',
    description: 'Review one order: the original and the reviewed text side by side, the fact-check report and the order details.',
  },
  {
    path: '/admin/insights',
    noindex: true,
    page: 'features/insights/insights-page.tsx',
    access: 'staff',
    title: 'Insights',
    description:
      'Operations dashboard: orders and revenue per day, turnaround against the promise, open work and reviewer output.',
  },
  {
    path: '/admin/payments',
    noindex: true,
    page: 'features/admin/payments-page.tsx',
    access: 'admin',
    title: 'Payments',
    description: 'Exports for the accounts: the ledger of payments and refunds, and a month of billing documents.',
  },
  {
    path: '/admin/jobs',
    noindex: true,
    page: 'features/background-jobs/jobs-page.tsx',
    access: 'admin',
    title: 'Background jobs',
    description: 'E-mail and webhook delivery queues, and the jobs that failed, with Retry.',
  },
  {
    path: '/admin/team',
    noindex: true,
    page: 'features/team/team-page.tsx',
    access: 'admin',
    title: 'Review team',
    description: 'Invite reviewers, suspend or remove them, and withdraw pending invitations.',
  },
  {
    path: '/team/join',
    noindex: true,
    page: 'features/team/join-page.tsx',
    access: 'public',
    title: 'Join the review team',
    description: 'Accept an invitation to the HumanProof review team.',
  },
  {
    path: '/organisation/join',
    noindex: true,
    page: 'features/organisations/join-page.tsx',
    access: 'public',
    title: 'Join an organisation',
    description: 'Accept an invitation to an organisation on HumanProof: see and place its orders with your colleagues.',
  },
  {
    path: '/verify/:code',
    // The app's shell (a signed-in user) and the sitemap; the page the server writes for a visitor lets search engines
    // keep a public, valid certificate (decision 083).
    noindex: true,
    // The server writes the page for a visitor, into a layout the build pre-renders, with an island for the checks
    // (decision 076); a signed-in user gets the app.
    islands: 'certificate',
    page: 'features/certificates/verify-page.tsx',
    access: 'public',
    title: 'Verify a human review certificate',
    description: 'Check a HumanProof certificate of human review, and check a copy of the text against it.',
  },
  {
    path: '/checkout/:submissionId',
    noindex: true,
    page: 'features/checkout/checkout-page.tsx',
    access: 'customer',
    title: 'Checkout',
    description:
      'Pay securely by card to start the human review of your content.',
  },
];

/** The reviewer's workspace for one order (issue 23). */
export function workspacePath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}`;
}

/** The page any other path shows (with HTTP 404 from the server). */
export const NOT_FOUND_PAGE = 'features/errors/not-found-page.tsx';
export const NOT_FOUND_TITLE = '404 Page Not Found';
export const NOT_FOUND_DESCRIPTION = 'The page you are looking for does not exist.';

/** The document title of a page: "… | HumanProof". */
export function documentTitle(title: string): string {
  return title === BRAND.name ? title : `${title} | ${BRAND.name}`;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The route's parameters when `pathname` matches `pattern`, else null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = normalise(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    const actual = have[i]!;
    if (segment.startsWith(':')) {
      if (actual === '') return null;
      params[segment.slice(1)] = actual;
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

export function findPageRoute(pathname: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => matchPath(route.path, pathname) !== null);
}
