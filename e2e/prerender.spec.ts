import type { Page } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { expect, signUpViaApi, test } from './fixtures';

/** The pre-rendered public pages (decision 019) and the <h1> each shows before and after hydration. */
const PAGES = [
  { path: '/', h1: 'AI wrote it. A human makes sure it’s right.' },
  { path: '/about', h1: 'We put a human between your AI draft and your readers' },
  { path: '/services', h1: 'Human review at the level your content needs' },
  { path: '/blog', h1: 'Insights on AI content, accuracy and trust' },
  { path: '/contact', h1: 'Get in touch with our team' },
  { path: '/help-center', h1: 'How can we help?' },
  { path: '/privacy-policy', h1: 'Privacy policy' },
  { path: '/terms-of-service', h1: 'Terms of service' },
  { path: '/accessibility', h1: 'Accessibility statement' },
  { path: '/check-now', h1: 'Submit your content for human review' },
  { path: '/login', h1: 'Welcome to HumanProof' },
  { path: '/no-such-page', h1: '404 Page Not Found' },
];

test.describe('pre-rendered pages', () => {
  test('show their content and own title with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const titles = new Set<string>();
    for (const p of PAGES) {
      const response = await page.goto(p.path);
      expect(response?.status(), p.path).toBe(p.path === '/no-such-page' ? 404 : 200);
      await expect(page.getByRole('heading', { level: 1 }), p.path).toHaveText(p.h1);
      titles.add(await page.title());
      // The page paints from its HTML; its scripts only hydrate it, so they start after the first paint (decision
      // 010): the served HTML holds them inert, for the loader at the end of the body.
      expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count(), p.path).toBe(0);
      expect(await page.locator('script[type="hp-after-paint"]').count(), p.path).toBe(1);
      expect(await page.locator('body > script:last-child').textContent(), p.path).toContain('requestAnimationFrame');
    }
    expect(titles.size).toBe(PAGES.length);
    await context.close();
  });

  for (const p of PAGES) {
    test(`${p.path} hydrates without a mismatch`, async ({ page }) => {
      // Keep the server's <h1> node as parsed, before any module script runs.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('main h1');
          }
        });
      });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      // React has adopted the server's <h1> (hydrated nodes carry its fiber), not replaced it with its own.
      await page.waitForFunction(() => {
        const heading = document.querySelector('main h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      });
      expect(await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverH1: Element | null }).serverH1)).toBe(true);
      // The fixture fails the test on any message about hydration.
    });
  }

  test('the check-now form arrives after first paint and works', async ({ page }) => {
    await page.goto('/check-now');
    await expect(page.getByRole('status', { name: 'Loading the form' }).or(page.getByRole('textbox').first()).first()).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: 30_000 });
  });

  test('a signed-in visitor opening / sees the customer home, never the marketing page', async ({ page }) => {
    await signUpViaApi(page, { firstName: 'Hana' });
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'hp_signed_in')).toMatchObject({ value: '1', httpOnly: false });
    // Every animation frame, note whether the pre-rendered marketing heading was visible.
    await page.addInitScript(() => {
      const w = window as unknown as { marketingShown: boolean };
      w.marketingShown = false;
      const check = () => {
        const hero = document.getElementById('hero-title');
        if (hero && hero.checkVisibility({ visibilityProperty: true })) w.marketingShown = true;
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Hana!' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marketingShown: boolean }).marketingShown)).toBe(false);

    // Signing out clears the hint with the session: / is the marketing page again, hydrated.
    await page.goto('/api/logout');
    expect((await page.context().cookies()).find((c) => c.name === 'hp_signed_in')).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[0]!.h1);
  });
});

test.describe('typed before hydration', () => {
  // The scripts of a pre-rendered page start after its first paint; hold them back, type, then let them run.
  async function holdScripts(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
  const hydrated = waitForHydration;

  test('the help center search keeps what was typed and filters by it', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/help-center');
    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.pressSequentially('refund');
    release();
    await hydrated(page, 'input[type="search"]');
    await expect(search).toHaveValue('refund');
    await expect(page.getByText('Can I get a refund?')).toBeVisible();
    await expect(page.getByText('How to submit your first piece of content')).toHaveCount(0);
  });

  test('the contact form keeps what was typed', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'First name' }).fill('Early');
    await page.getByRole('textbox', { name: 'Message' }).fill('Typed before the page hydrated.');
    release();
    await hydrated(page, 'form textarea');
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Early');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Typed before the page hydrated.');
  });
});
