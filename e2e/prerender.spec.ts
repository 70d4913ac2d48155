import type { Page } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { expect, signUpViaApi, test } from './fixtures';

/** Waits until React has hydrated the page's <h1> (hydrated nodes carry its fiber). */
async function reactOwnsHeading(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * The pre-rendered public pages (decision 019) and the <h1> each shows before and after hydration. `islands`: the
 * script a visitor gets in place of the app, the static pages' (decision 049), the order form's (decision 051) or the
 * support pages' (decision 071) or /login's (decision 076).
 */
const PAGES: readonly { path: string; h1: string; islands?: 'static' | 'order-form' | 'support' | 'login' }[] = [
  { path: '/', h1: 'AI wrote it. A human makes sure it’s right.', islands: 'static' },
  { path: '/about', h1: 'We put a human between your AI draft and your readers', islands: 'static' },
  { path: '/services', h1: 'Human review at the level your content needs', islands: 'static' },
  { path: '/blog', h1: 'Insights on AI content, accuracy and trust', islands: 'static' },
  { path: '/contact', h1: 'Get in touch with our team', islands: 'support' },
  { path: '/help-center', h1: 'How can we help?', islands: 'support' },
  { path: '/privacy-policy', h1: 'Privacy policy', islands: 'static' },
  { path: '/terms-of-service', h1: 'Terms of service', islands: 'static' },
  { path: '/accessibility', h1: 'Accessibility statement', islands: 'static' },
  { path: '/check-now', h1: 'Submit your content for human review', islands: 'order-form' },
  { path: '/login', h1: 'Welcome to HumanProof', islands: 'login' },
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
      // A page with islands names the app's script (for a signed-in visitor) and its island's (for everyone else).
      expect(await page.locator('script[type="hp-after-paint"]').count(), p.path).toBe(p.islands ? 2 : 1);
      expect(await page.locator('body > script:last-child').textContent(), p.path).toContain('requestAnimationFrame');
    }
    expect(titles.size).toBe(PAGES.length);
    await context.close();
  });

  for (const p of PAGES.filter((page) => !page.islands)) {
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
      await reactOwnsHeading(page);
      expect(await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverH1: Element | null }).serverH1)).toBe(true);
      // The fixture fails the test on any message about hydration.
    });
  }

  for (const p of PAGES.filter((page) => page.islands === 'static')) {
    test(`${p.path} is static for a visitor: the islands script alone, no React`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await page.locator('html[data-islands-ready]').waitFor({ state: 'attached' });
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]);
      expect(await page.evaluate(() => Object.keys(document.querySelector('main h1')!).some((key) => key.startsWith('__react')))).toBe(false);
    });
  }

  for (const p of PAGES.filter((page) => page.islands === 'support' || page.islands === 'login')) {
    test(`${p.path} is static for a visitor: its island script alone, no React`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await page.locator('html[data-islands-ready]').waitFor({ state: 'attached' });
      expect(scripts).toEqual([expect.stringMatching(p.islands === 'login' ? /^\/assets\/login-islands-[\w-]+\.js$/ : /^\/assets\/support-islands-[\w-]+\.js$/)]);
      expect(await page.evaluate(() => Object.keys(document.querySelector('main h1')!).some((key) => key.startsWith('__react')))).toBe(false);
    });
  }

  // A visitor with the signed-in hint gets the app on these pages, which must adopt their HTML as it did before
  // they were islands (decisions 071 and 076).
  for (const p of PAGES.filter((page) => page.islands === 'support' || page.islands === 'login')) {
    test(`${p.path} hydrates without a mismatch for a signed-in visitor`, async ({ page }) => {
      await signUpViaApi(page, { firstName: 'Hana' });
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('main h1');
          }
        });
      });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await reactOwnsHeading(page);
      expect(await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverH1: Element | null }).serverH1)).toBe(true);
      expect(await page.locator('html[data-islands-ready]').count()).toBe(0);
    });
  }

  test("/check-now for a visitor: the order form's island alone, which adopts the server's form and nothing else", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Keep the server's form node as parsed, before any module script runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { serverForm: Element | null }).serverForm = document.getElementById('check-now-form');
        }
      });
    });
    await page.goto('/check-now');
    await page.locator('html[data-islands-ready]').waitFor({ state: 'attached' });
    const hydrated = (selector: string) =>
      page.evaluate((s) => Object.keys(document.querySelector(s)!).some((key) => key.startsWith('__reactFiber$')), selector);
    // React owns the form, adopted from the HTML (not replaced), and leaves the page around it static.
    expect(await hydrated('#check-now-form')).toBe(true);
    expect(await page.evaluate(() => document.getElementById('check-now-form') === (window as unknown as { serverForm: Element | null }).serverForm)).toBe(true);
    expect(await hydrated('main h1')).toBe(false);
    // Its own script and what that imports, none of the app's (the app's entry is index-*.js).
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((script) => !/^\/assets\/index-/.test(script))).toBe(true);
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/order-form-island-[\w-]+\.js$/));
    // The fixture fails the test on any message about hydration.
  });

  test("/check-now's small-screen menu works for a visitor, without the app", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/check-now');
    await page.locator('html[data-islands-ready]').waitFor({ state: 'attached' });
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('href', '/services');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a signed-in visitor on /check-now gets the app, with their name and e-mail filled in', async ({ page }) => {
    const user = await signUpViaApi(page, { firstName: 'Orla' });
    await page.goto('/check-now');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await reactOwnsHeading(page);
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    expect(await page.locator('html[data-islands-ready]').count()).toBe(0);
  });

  test('a signed-in visitor on a static page gets the app: the navbar shows the account', async ({ page }) => {
    await signUpViaApi(page, { firstName: 'Stella' });
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await reactOwnsHeading(page);
    expect(await page.locator('html[data-islands-ready]').count()).toBe(0);
  });

  test("/check-now's HTML holds the whole order form: content, tier choice, details, contact and the total", async ({ request }) => {
    const html = await (await request.get('/check-now')).text();
    expect(html).toContain('id="check-now-form"');
    expect(html).toMatch(/<textarea[^>]*name="content"/);
    for (const tier of ['fact-checked', 'polished', 'rewritten']) {
      expect(html).toMatch(new RegExp(`<input(?=[^>]*type="radio")(?=[^>]*name="serviceTier")(?=[^>]*value="${tier}")[^>]*>`));
    }
    for (const field of ['category', 'tone', 'targetAudience', 'instructions', 'additionalNotes', 'fastTurnaround', 'contactName', 'contactEmail']) {
      expect(html).toContain(`name="${field}"`);
    }
    expect(html).toContain('data-testid="estimate-total"');
    expect(html).toContain('Continue to Payment');
    expect(html).not.toContain('Loading the form');
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
  // The scripts of a pre-rendered page start after its first paint; hold them back (all, or the ones `only`
  // matches), type or click, then let them run.
  async function holdScripts(page: Page, only: RegExp = /\/assets\/.*\.js$/): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(only, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
  /**
   * A navigation with scripts held waits for DOMContentLoaded, never for "load": the page starts its scripts after
   * its first frame, and one started before the load event (a busy machine paints early) holds that event back
   * until the script is released, which these tests do only after the navigation.
   */
  const openHeld = (page: Page, url: string) => page.goto(url, { waitUntil: 'domcontentloaded' });
  const hydrated = waitForHydration;

  test("/login's two buttons stay where they were painted when its pending-submission notice appears", async ({ page }) => {
    // A visitor sent to sign in by the order form's island arrives by a full page load, and presses at once: the
    // notice, which only the island can show (it reads this browser's storage), must not move the buttons under their
    // pointer.
    await page.addInitScript(() => {
      if (location.pathname === '/login') localStorage.setItem('pendingSubmission', JSON.stringify({ content: 'Held for sign-in.', wordCount: 3 }));
    });
    const release = await holdScripts(page);
    await openHeld(page, '/login');
    const buttons = [page.getByRole('link', { name: 'Sign in', exact: true }), page.getByRole('link', { name: 'Create account' })];
    const painted = await Promise.all(buttons.map((b) => b.boundingBox()));
    release();
    await expect(page.getByText('Your submission is ready')).toBeVisible();
    expect(await Promise.all(buttons.map((b) => b.boundingBox()))).toEqual(painted);
  });

  test("/check-now's draft notice is painted with the page, so hydration moves nothing under the pointer", async ({ page }) => {
    // A reload with an unsent draft: the notice, which only the hydrated form can confirm, is shown before the first
    // paint by the page's head script (shared/draft-hint.ts) instead of appearing above the form at hydration.
    await page.addInitScript(() => {
      // Once per tab: what the form does with the draft afterwards is its own.
      if (location.pathname === '/check-now' && !sessionStorage.getItem('e2e-draft-seeded')) {
        sessionStorage.setItem('e2e-draft-seeded', '1');
        sessionStorage.setItem('humanproof:check-now-draft', JSON.stringify({ id: 'held-draft', values: { content: 'Typed before the reload.' } }));
      }
    });
    const release = await holdScripts(page);
    await openHeld(page, '/check-now');
    const notice = page.getByRole('status').filter({ hasText: 'Draft restored' });
    await expect(notice).toBeVisible();
    const content = page.getByRole('textbox', { name: 'Your content' });
    const painted = await Promise.all([notice.boundingBox(), content.boundingBox()]);
    release();
    await hydrated(page, '#check-now-form textarea');
    await expect(content).toHaveValue('Typed before the reload.');
    expect(await Promise.all([notice.boundingBox(), content.boundingBox()])).toEqual(painted);
    // Start over: the notice goes and the form is empty; a reload then paints no notice at all.
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(notice).toBeHidden();
    await expect(content).toHaveValue('');
    const again = await holdScripts(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-draft-notice]')).toBeHidden();
    again();
    await hydrated(page, '#check-now-form textarea');
    await expect(page.locator('[data-draft-notice]')).toBeHidden();
  });

  test("/check-now without a draft, or opened by a link that fills the form, paints no draft notice", async ({ page }) => {
    const release = await holdScripts(page);
    await openHeld(page, '/check-now');
    await expect(page.locator('[data-draft-notice]')).toBeHidden();
    release();
    await hydrated(page, '#check-now-form textarea');
    await expect(page.locator('[data-draft-notice]')).toBeHidden();
    // A draft kept, but the link's fields fill the form: neither the head script nor the form shows the notice.
    await page.getByRole('textbox', { name: 'Your content' }).fill('A draft this tab keeps.');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('humanproof:check-now-draft'))).not.toBeNull();
    const again = await holdScripts(page);
    await openHeld(page, '/check-now?content=From%20the%20link');
    await expect(page.locator('[data-draft-notice]')).toBeHidden();
    again();
    await hydrated(page, '#check-now-form textarea');
    await expect(page.getByRole('textbox', { name: 'Your content' })).toHaveValue('From the link');
    await expect(page.locator('[data-draft-notice]')).toBeHidden();
  });

  test('the help center search keeps what was typed and filters by it', async ({ page }) => {
    const release = await holdScripts(page);
    await openHeld(page, '/help-center');
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
    await openHeld(page, '/contact');
    await page.getByRole('textbox', { name: 'First name' }).fill('Early');
    await page.getByRole('textbox', { name: 'Message' }).fill('Typed before the page hydrated.');
    release();
    await hydrated(page, 'form textarea');
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Early');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Typed before the page hydrated.');
  });

  test('the order form keeps what was typed and chosen before hydration, and prices it once hydrated', async ({ page }) => {
    const release = await holdScripts(page);
    await openHeld(page, '/check-now');
    const content = page.getByRole('textbox', { name: 'Your content' });
    await content.fill('Typed into the pre-rendered form before its scripts ran.');
    await page.getByRole('radio', { name: 'Polished' }).check();
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Blog post' });
    await page.getByRole('checkbox', { name: /Fast turnaround/ }).check();
    await page.getByRole('textbox', { name: 'Email' }).fill('early@example.com');
    release();
    await hydrated(page, '#check-now-form textarea');
    await expect(page.getByTestId('word-count')).toHaveText('9');
    await expect(content).toHaveValue('Typed into the pre-rendered form before its scripts ran.');
    await expect(page.getByRole('radio', { name: 'Polished' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('blog-post');
    await expect(page.getByRole('checkbox', { name: /Fast turnaround/ })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('early@example.com');
    // The summary prices what was typed: 9 words of Polished with the fast fee is under the minimum charge.
    await expect(page.getByTestId('estimate-total')).toHaveText('£5.00');
    // And what was typed is this tab's draft from now on: a reload restores it.
    await page.reload();
    await expect(page.getByText('Draft restored')).toBeVisible();
    await expect(content).toHaveValue('Typed into the pre-rendered form before its scripts ran.');
  });

  test('a click on a blog filter before hydration waits visibly, then filters once hydrated', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/islands-[^/]*\.js$/);
    await openHeld(page, '/blog');
    await page.locator('#root[data-holding-early-actions]').waitFor({ state: 'attached' });
    const filter = page.getByRole('button', { name: 'Fact checking' });
    await filter.click();
    await expect(filter).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(filter).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Posts in Fact checking' })).toBeAttached();
    await expect(filter).not.toHaveAttribute('aria-busy');
  });

  test('a newsletter sign-up sent before hydration is sent once hydrated, with the address typed', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/islands-[^/]*\.js$/);
    await openHeld(page, '/blog');
    await page.locator('#root[data-holding-early-actions]').waitFor({ state: 'attached' });
    await page.getByRole('textbox', { name: 'Email address' }).fill('early-reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // Held, not submitted natively: the page did not navigate away with the address in its URL.
    await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('aria-busy', 'true');
    expect(new URL(page.url()).search).toBe('');
    release();
    await expect(page.getByText('Thanks for subscribing.')).toBeVisible();
  });

  test('the upload tab of the order form, clicked before hydration, opens once hydrated', async ({ page }) => {
    // Every script held: the page's inline script alone holds the click.
    const release = await holdScripts(page);
    await openHeld(page, '/check-now');
    await page.locator('#root[data-holding-early-actions]').waitFor({ state: 'attached' });
    await page.getByRole('tab', { name: 'Upload document' }).click();
    release();
    await expect(page.getByRole('tab', { name: 'Upload document' })).toHaveAttribute('aria-selected', 'true');
  });
});
