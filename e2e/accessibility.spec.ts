/**
 * Issue 25: WCAG 2.2 AA on every page, for every role. axe (tags wcag2a, wcag2aa, wcag21aa, wcag22aa, every impact)
 * over every route of the route table: as a visitor, a customer with orders, a reviewer and an admin. A route added
 * to the table without a place in this walk fails the first test.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGE_ROUTES } from '../shared/routes';
import { adminEmail, createOrderViaApi, expect, signUpViaApi, test, uniqueEmail } from './fixtures';
import { inviteAndJoin, person } from './support/team';

const ADMIN = 5; // this spec's ADMIN_EMAILS slot
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Known exceptions, each with its reason: none today. An entry is a rule id and the route it is allowed on.
 */
const EXCEPTIONS: readonly { rule: string; route: string; reason: string }[] = [];

/** Where each role's walk opens each route (ids filled in once the orders exist). */
const VISITOR_PATHS: Record<string, string> = {
  '/': '/',
  '/check-now': '/check-now',
  '/about': '/about',
  '/services': '/services',
  '/blog': '/blog',
  '/blog/:slug': '/blog/no-such-post',
  '/contact': '/contact',
  '/help-center': '/help-center',
  '/privacy-policy': '/privacy-policy',
  '/terms-of-service': '/terms-of-service',
  '/accessibility': '/accessibility',
  '/login': '/login',
  '/sign-in': '/sign-in',
  '/sign-up': '/sign-up',
  '/forgot-password': '/forgot-password',
  '/reset-password': '/reset-password',
  '/email-verified': '/email-verified',
  '/auth-success': '/auth-success',
  '/team/join': '/team/join',
  '/verify/:code': '/verify/HP-0000-0000',
  '/dashboard': '/dashboard', // asks the visitor to sign in
};
const CUSTOMER_ROUTES = ['/', '/dashboard', '/settings', '/checkout/:submissionId', '/check-now'];
const REVIEWER_ROUTES = ['/admin', '/admin/orders/:id'];
const ADMIN_ROUTES = ['/admin', '/admin/orders/:id', '/admin/insights', '/admin/jobs', '/admin/team'];

/** Waits until the page has its heading and nothing is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
}

async function violationsOn(page: Page, route: string, path: string): Promise<string[]> {
  await page.goto(path);
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => !EXCEPTIONS.some((e) => e.rule === v.id && e.route === route))
    .map((v) => `${path}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function walk(page: Page, paths: Record<string, string>): Promise<void> {
  const found: string[] = [];
  for (const [route, path] of Object.entries(paths)) found.push(...(await violationsOn(page, route, path)));
  expect(found).toEqual([]);
}

test('every route of the route table has its place in the walk', () => {
  const walked = new Set([...Object.keys(VISITOR_PATHS), ...CUSTOMER_ROUTES, ...REVIEWER_ROUTES, ...ADMIN_ROUTES]);
  expect(PAGE_ROUTES.map((r) => r.path).filter((path) => !walked.has(path))).toEqual([]);
});

test('a visitor meets no WCAG 2.2 AA violation on any page', async ({ page }) => {
  await walk(page, { ...VISITOR_PATHS, '(not found)': '/no-such-page' });
});

test('a customer with orders meets none on theirs', async ({ page }) => {
  const email = uniqueEmail('a11y-customer');
  await signUpViaApi(page, { email, firstName: 'Alex', lastName: 'Access' });
  await createOrderViaApi(page, { email, content: 'A paid order for the accessibility walk, about a bridge built in 1890.' });
  const unpaid = await createOrderViaApi(page, { email, content: 'An unpaid order waiting at checkout.', pay: false });
  await walk(page, {
    '/': '/',
    '/dashboard': '/dashboard',
    '/settings': '/settings',
    '/checkout/:submissionId': `/checkout/${unpaid}`,
    '/check-now': '/check-now',
  });
});

test('a reviewer and an admin meet none on the review desk, the workspace, insights, jobs and the team', async ({ page, browser }) => {
  const customerEmail = uniqueEmail('a11y-orders');
  await signUpViaApi(page, { email: customerEmail });
  const id = await createOrderViaApi(page, { email: customerEmail, content: 'The museum opened in 1901 and holds two million objects.' });

  const admin = await person(browser, { email: adminEmail(ADMIN), firstName: 'Ada', lastName: 'Access' });
  await walk(admin, {
    '/admin': '/admin',
    '/admin/orders/:id': `/admin/orders/${id}`,
    '/admin/insights': '/admin/insights',
    '/admin/jobs': '/admin/jobs',
    '/admin/team': '/admin/team',
  });

  const reviewerEmail = uniqueEmail('a11y-reviewer');
  const reviewer = await person(browser, { email: reviewerEmail, firstName: 'Rey', lastName: 'Access' });
  await admin.goto('/admin/team');
  await inviteAndJoin(admin, reviewer, reviewerEmail);
  await walk(reviewer, { '/admin': '/admin', '/admin/orders/:id': `/admin/orders/${id}` });
  await admin.context().close();
  await reviewer.context().close();
});
