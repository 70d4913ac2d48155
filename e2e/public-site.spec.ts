import AxeBuilder from '@axe-core/playwright';
import { waitForHydration } from './support/hydration';
import type { Page } from '@playwright/test';
import { formatRatePerWord } from '../shared/money';
import { TIER_LIST } from '../shared/service-tiers';
import { expect, test, uniqueEmail } from './fixtures';

/** Every public page, with its <h1>, key content and the in-page links it must offer. */
const PAGES = [
  {
    path: '/',
    h1: 'AI wrote it. A human makes sure it’s right.',
    texts: [
      'How it works',
      'Submit your content',
      'A human reviews it',
      'Receive reviewed content',
      'Hallucinations and misinformation',
      'Lack of originality',
      'SEO penalties',
      'Reader disconnect',
      'Most popular',
    ],
    links: ['/check-now', '/services', '/about', '/contact', '/privacy-policy', '/terms-of-service'],
  },
  {
    path: '/about',
    h1: 'We put a human between your AI draft and your readers',
    texts: ['Our mission', 'Our story', 'Why choose us'],
    links: ['/check-now', '/contact'],
  },
  {
    path: '/services',
    h1: 'Human review at the level your content needs',
    texts: ['Minimum charge: £5.00 per order', 'Fast turnaround', 'Within 24 hours, +50%', 'How it works', 'Receive your reviewed content'],
    links: ['/check-now'],
  },
  {
    path: '/blog',
    h1: 'Insights on AI content, accuracy and trust',
    texts: ['No blog posts yet', 'Get new articles by e-mail'],
    links: [],
  },
  {
    path: '/contact',
    h1: 'Get in touch with our team',
    texts: ['Business hours', 'Monday to Friday', '9:00 am - 6:00 pm EST', '10:00 am - 4:00 pm EST', 'Closed', 'Frequently asked questions'],
    links: ['/help-center'],
  },
  {
    path: '/help-center',
    h1: 'How can we help?',
    texts: ['Popular articles', 'Getting started', 'Pricing & billing', 'Review process', 'Account & settings', 'Live chat', 'Submit a ticket', 'Status page'],
    links: ['/contact'],
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy policy',
    texts: ['Last updated June 24, 2025', 'up to 3 years after it is closed', 'up to 7 years', 'up to 5 years', '30 days after termination'],
    links: ['/terms-of-service'],
  },
  {
    path: '/terms-of-service',
    h1: 'Terms of service',
    texts: [
      'Last updated June 24, 2025',
      'Payment is required in full before work begins.',
      'A minimum charge of £5.00 applies to every order.',
      'Request it within 7 days of delivery',
      'Revisions take 1-2 business days.',
      'full refund within 24 hours of submission if work has not started',
      'your account data may be deleted after 30 days',
    ],
    links: ['/services', '/privacy-policy'],
  },
  {
    path: '/accessibility',
    h1: 'Accessibility statement',
    texts: [
      'partially compliant with the Web Content Accessibility Guidelines (WCAG) version 2.2 AA',
      'Known gaps',
      'How we tested this website',
      'Reporting accessibility problems',
    ],
    links: ['/contact', '/check-now'],
  },
] as const;

const FOOTER = ['/services', '/about', '/contact', '/blog', '/help-center', '/privacy-policy', '/terms-of-service', '/accessibility'];
const PRIVATE_CHUNKS = /dashboard-page|admin-page|checkout-page|customer-home-page/;

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1')).toHaveCount(1);
  // Act on a hydrated page (a click held before hydration is tested in prerender.spec.ts).
  await waitForHydration(page, 'h1');
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('every public page', () => {
  for (const p of PAGES) {
    test(`${p.path}: one h1, key content, links, unique meta`, async ({ page }) => {
      await open(page, p.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      const main = page.getByRole('main');
      for (const text of p.texts) await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
      for (const href of p.links) {
        await expect(main.locator(`a[href="${href}"], a[href^="${href}?"], a[href^="${href}#"]`).first()).toBeVisible();
      }
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{10,}/);
      for (const re of [/lorem ipsum/i, /coming soon/i, /£0\.02/]) await expect(page.locator('body')).not.toContainText(re);
    });

    test(`${p.path}: no sideways scroll at 360 px, 0 serious axe violations, visible focus`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await open(page, p.path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoSeriousAxeViolations(page);

      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'none';
        const style = getComputedStyle(el);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline).not.toMatch(/^none|0px$/);
    });
  }

  test('titles and meta descriptions are unique', async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const p of PAGES) {
      await open(page, p.path);
      await expect(page).not.toHaveTitle('HumanProof: human review for AI-generated text');
      titles.add(await page.title());
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
    }
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  test('no public page downloads the dashboard, admin or checkout code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    for (const p of [...PAGES.map((x) => x.path), '/blog/unknown']) await open(page, p);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => PRIVATE_CHUNKS.test(s))).toEqual([]);
  });

  test('the footer holds its seven links on every public page', async ({ page }) => {
    for (const p of PAGES) {
      await open(page, p.path);
      const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
      const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(FOOTER);
    }
  });

  test('the submit form never shows the old price list either', async ({ page }) => {
    await page.goto('/check-now');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('body')).not.toContainText('£0.02');
  });
});

test('home and services show the one price list, with "Most popular" on Polished', async ({ page }) => {
  for (const path of ['/', '/services']) {
    await open(page, path);
    for (const tier of TIER_LIST) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tier.label, exact: true }) });
      await expect(card).toContainText(`${formatRatePerWord(tier.ratePence)}per word`);
      for (const item of tier.includes) await expect(card).toContainText(item);
      if (tier.mostPopular) await expect(card.getByText('Most popular')).toBeVisible();
      else await expect(card.getByText('Most popular')).toHaveCount(0);
    }
  }
  await open(page, '/');
  await page.getByRole('link', { name: 'See services and prices' }).click();
  await expect(page).toHaveURL(/#services$/);
  await expect(page.locator('#services')).toBeInViewport();
});

test('the contact form validates inline, then stores a good message', async ({ page }) => {
  await open(page, '/contact');
  const config = (await (await page.request.get('/api/config')).json()) as { support: { email: string; phone: string } };
  await expect(page.getByRole('link', { name: config.support.email })).toHaveAttribute('href', `mailto:${config.support.email}`);
  await expect(page.getByRole('link', { name: config.support.phone })).toBeVisible();
  for (const name of ['Help center', 'API documentation', 'Live chat']) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
  }

  const send = page.getByRole('button', { name: 'Send Message' });
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Message', { exact: true }).fill('short');
  await send.click();
  const messages = [
    'Please enter your first name',
    'Please enter your last name',
    'Please enter a valid email',
    'Please enter a subject',
    'Please write a message of at least 10 characters',
  ];
  // The error summary takes the focus and links to each field; each field says it too.
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(messages);
  for (const message of messages) await expect(page.locator('form[aria-label="Contact form"] p').getByText(message)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await summary.getByRole('link', { name: 'Please enter a subject' }).click();
  await expect(page.getByLabel('Subject')).toBeFocused();

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('contact'));
  await page.getByLabel('Subject').fill('Reviewing a product launch');
  await page.getByLabel('Message', { exact: true }).fill('We have twelve landing pages to check before launch. Can you help this week?');
  const [response] = await Promise.all([page.waitForResponse('**/api/contact'), send.click()]);
  expect(response.status()).toBe(201);
  await expect(page.getByRole('status').getByText('Message sent', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('');
});

test('the FAQ answers from the shared price table', async ({ page }) => {
  await open(page, '/contact');
  await page.getByText('How much does it cost?').click();
  for (const tier of TIER_LIST) await expect(page.getByRole('main')).toContainText(formatRatePerWord(tier.ratePence));
  await page.getByText('Can I ask for a revision?').click();
  await expect(page.getByText(/one free revision, which you can request within 7 days of delivery/)).toBeVisible();
});

test('the newsletter box validates, thanks the visitor and stores an address once', async ({ page }) => {
  await open(page, '/blog');
  const filters = page.getByRole('group', { name: 'Filter posts by category' }).getByRole('button');
  await expect(filters).toHaveText(['All', 'AI & technology', 'Content strategy', 'Fact checking', 'Business', 'Trust & credibility']);
  await filters.filter({ hasText: 'Fact checking' }).click();
  await expect(filters.filter({ hasText: 'Fact checking' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No blog posts yet')).toBeVisible();

  await page.getByLabel('Email address').fill('nope');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  const email = uniqueEmail('news');
  await page.getByLabel('Email address').fill(email.toUpperCase());
  const [first] = await Promise.all([
    page.waitForResponse('**/api/newsletter'),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  expect(first.status()).toBe(201);
  await expect(page.getByText('Thanks for subscribing.', { exact: false })).toBeVisible();

  // The same address again (any case): the same thanks, and nothing new stored (200, not 201).
  await page.reload();
  await page.getByLabel('Email address').fill(email);
  const [second] = await Promise.all([
    page.waitForResponse('**/api/newsletter'),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  expect(second.status()).toBe(200);
  await expect(page.getByText('Thanks for subscribing.', { exact: false })).toBeVisible();
});

test("a visitor's menu on a small screen: a modal panel with the site's links, closed by Escape or beside it", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/about');
  const button = page.getByRole('button', { name: 'Open menu' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const box = await panel.boundingBox();
  expect(box!.x + box!.width).toBeGreaterThanOrEqual(359);
  const withPanel = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(withPanel.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  for (const [name, href] of [['About', '/about'], ['Services', '/services'], ['Blog', '/blog'], ['Login', '/api/login'], ['Check now', '/check-now']]) {
    await expect(panel.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
  // Modal: Escape closes it, with the focus back on the button.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // The close button, and a press on the dimmed page beside the panel, close it too.
  await button.click();
  await panel.getByRole('button', { name: 'Close menu' }).click();
  await expect(panel).toBeHidden();
  await button.click();
  await page.mouse.click(10, 400);
  await expect(panel).toBeHidden();

  await button.click();
  await panel.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Human review at the level your content needs');
});

test('the blog filter names the chosen category in its heading and empty state, and goes back to all', async ({ page }) => {
  // content/blog/ holds no post yet: every choice shows the empty state, with its own text (the island's filtering
  // of posts is tested in blog-filter-island.test.ts).
  await open(page, '/blog');
  const filters = page.getByRole('group', { name: 'Filter posts by category' }).getByRole('button');
  await expect(page.getByRole('heading', { name: 'All posts' })).toBeAttached();
  await expect(page.getByText('Our editors are writing the first articles now.', { exact: false })).toBeVisible();

  await filters.filter({ hasText: 'Trust & credibility' }).click();
  await expect(page.getByRole('heading', { name: 'Posts in Trust & credibility' })).toBeAttached();
  await expect(page.getByText('There are no posts in Trust & credibility yet.', { exact: false })).toBeVisible();
  await expect(filters.filter({ hasText: 'All' })).toHaveAttribute('aria-pressed', 'false');

  await filters.filter({ hasText: 'All' }).click();
  await expect(filters.filter({ hasText: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters.filter({ hasText: 'Trust & credibility' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { name: 'All posts' })).toBeAttached();
  await expect(page.getByText('Our editors are writing the first articles now.', { exact: false })).toBeVisible();
});

test.describe('the newsletter box offline', () => {
  test.use({ allowConsoleErrors: [/ERR_CONNECTION_REFUSED/] });
  test('keeps the address and says so when the server cannot be reached', async ({ page }) => {
    await open(page, '/blog');
    await page.route('**/api/newsletter', (route) => route.abort('connectionrefused'));
    const field = page.getByLabel('Email address');
    await field.fill('offline-reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please check your connection and try again.');
    await expect(field).toHaveValue('offline-reader@example.com');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Subscribe' })).not.toHaveAttribute('aria-disabled');

    // Back online: the same box subscribes, and the message goes.
    await page.unroute('**/api/newsletter');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Thanks for subscribing.', { exact: false })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('an unknown blog post is the 404 page', async ({ page }) => {
  await page.goto('/blog/unknown');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page).toHaveTitle(/404 Page Not Found/);
});

test('the help center search filters articles as you type', async ({ page }) => {
  await open(page, '/help-center');
  await expect(page.getByText(/[\d,]+ views/).first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  await search.pressSequentially('refund');
  await expect(page.getByText('Can I get a refund?')).toBeVisible();
  await expect(page.getByText('How to submit your first piece of content')).toHaveCount(0);
  await page.getByText('Can I get a refund?').click();
  await expect(page.getByText('full refund within 24 hours of submitting your order')).toBeVisible();
  await search.fill('xyzzy');
  await expect(page.getByText('No articles match "xyzzy"')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('heading', { name: 'Popular articles' })).toBeVisible();
  await expect(page.getByRole('status').getByText('All systems operational')).toBeVisible();

  await page.getByRole('link', { name: 'Schedule a Call' }).click();
  await expect(page).toHaveURL(/\/contact#form$/);
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('legal pages give the configured support e-mail and phone', async ({ page }) => {
  const config = (await (await page.request.get('/api/config')).json()) as { support: { email: string; phone: string } };
  for (const path of ['/privacy-policy', '/terms-of-service']) {
    await open(page, path);
    await expect(page.getByRole('main').getByRole('link', { name: config.support.email })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: config.support.phone })).toBeVisible();
  }
});
