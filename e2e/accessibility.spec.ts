/**
 * Issue 25: WCAG 2.2 AA on every page, for every role. axe (tags wcag2a, wcag2aa, wcag21aa, wcag22aa, every impact)
 * over every route of the route table: as a visitor, a customer with orders, a reviewer and an admin; and no
 * sideways scroll at 320 px on any of them (reflow). A route added to the table without a place in this walk fails
 * the first test.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGE_ROUTES } from '../shared/routes';
import { createOrderViaApi, expect, signUpViaApi, test, uniqueEmail } from './fixtures';
import { inviteAndJoin, person } from './support/team';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Known exceptions, each with its reason: none today. An entry is a rule id and the route it is allowed on.
 */
const EXCEPTIONS: readonly { rule: string; route: string; reason: string }[] = [];

/**
 * Where each role's walk opens each route (ids filled in once the orders exist). A page that sends a visitor on
 * names where it lands: the walk waits for that, so the redirect cannot cut into the next page's load.
 */
type Stop = string | { path: string; landsOn: RegExp };
const VISITOR_PATHS: Record<string, Stop> = {
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
  '/auth-success': { path: '/auth-success', landsOn: /\/sign-in$/ }, // then the dashboard, which asks to sign in
  '/team/join': '/team/join',
  '/organisation/join': '/organisation/join',
  '/verify/:code': '/verify/HP-0000-0000',
  '/dashboard': { path: '/dashboard', landsOn: /\/sign-in$/ }, // "Authentication required", then sign-in
};
const CUSTOMER_ROUTES = ['/', '/dashboard', '/settings', '/checkout/:submissionId', '/check-now'];
const REVIEWER_ROUTES = ['/admin', '/admin/orders/:id'];
const ADMIN_ROUTES = ['/admin', '/admin/orders/:id', '/admin/insights', '/admin/payments', '/admin/jobs', '/admin/team'];

/** Waits until the page has its heading and nothing is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
}

/**
 * How far the page scrolls sideways. A stop that sends the visitor on (`landsOn`) may navigate while this reads:
 * then it reads the page it landed on, once that has loaded, rather than failing on the torn-down one.
 */
async function sidewaysScroll(page: Page): Promise<number> {
  const read = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt === 3 || !/Execution context was destroyed/.test(String(error))) throw error;
      await page.waitForLoadState();
    }
  }
}

async function violationsOn(page: Page, route: string, stop: Stop): Promise<string[]> {
  const path = typeof stop === 'string' ? stop : stop.path;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(path);
  await settled(page);
  const analyze = () => new AxeBuilder({ page }).withTags(TAGS).analyze();
  let results: Awaited<ReturnType<typeof analyze>>;
  try {
    results = await analyze();
  } catch (error) {
    // A stop that sends the visitor on may leave while axe reads it: then the page it lands on is checked.
    if (typeof stop === 'string') throw error;
    await page.waitForURL(stop.landsOn);
    await settled(page);
    results = await analyze();
  }
  const found = results.violations
    .filter((v) => !EXCEPTIONS.some((e) => e.rule === v.id && e.route === route))
    .map((v) => `${path}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  // Reflow (1.4.10): at 320 CSS pixels nothing but a table's own scroll area is wider than the screen. Charts follow
  // their container once their resize observer reports, so this waits for the state rather than reading it once.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect.poll(() => sidewaysScroll(page), { timeout: 5_000 }).toBeLessThanOrEqual(0).catch(() => undefined);
  const overflow = await sidewaysScroll(page);
  if (overflow > 0) found.push(`${path}: scrolls sideways by ${overflow} px at 320 px wide`);
  if (typeof stop !== 'string') await page.waitForURL(stop.landsOn);
  return found;
}

async function walk(page: Page, paths: Record<string, Stop>): Promise<void> {
  const found: string[] = [];
  for (const [route, path] of Object.entries(paths)) found.push(...(await violationsOn(page, route, path)));
  expect(found).toEqual([]);
}

test('every route of the route table has its place in the walk', () => {
  const walked = new Set([...Object.keys(VISITOR_PATHS), ...CUSTOMER_ROUTES, ...REVIEWER_ROUTES, ...ADMIN_ROUTES]);
  expect(PAGE_ROUTES.map((r) => r.path).filter((path) => !walked.has(path))).toEqual([]);
});

// The visitor's walk in two halves, so the two workers share it.
const visitorStops = Object.entries({ ...VISITOR_PATHS, '(not found)': '/no-such-page' });
const half = Math.ceil(visitorStops.length / 2);

test('a visitor meets no WCAG 2.2 AA violation on any page (first half of the route table)', async ({ page }) => {
  test.slow(); // half the route table, each page scanned at two widths
  await walk(page, Object.fromEntries(visitorStops.slice(0, half)));
});

test('a visitor meets no WCAG 2.2 AA violation on any page (second half)', async ({ page }) => {
  test.slow(); // half the route table, each page scanned at two widths
  await walk(page, Object.fromEntries(visitorStops.slice(half)));
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

test('a reviewer and an admin meet none on the review desk, the workspace, insights, jobs and the team', async ({ page, browser, signUpAdmin }) => {
  // Two people walk eight pages each, with an axe scan and a 320 px reflow check on every one.
  test.slow();
  const customerEmail = uniqueEmail('a11y-orders');
  await signUpViaApi(page, { email: customerEmail });
  const id = await createOrderViaApi(page, { email: customerEmail, content: 'The museum opened in 1901 and holds two million objects.' });

  const admin = await person(browser, { firstName: 'Ada', lastName: 'Access' }, signUpAdmin);
  await walk(admin, {
    '/admin': '/admin',
    '/admin/orders/:id': `/admin/orders/${id}`,
    '/admin/insights': '/admin/insights',
    '/admin/payments': '/admin/payments',
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
