import type { Locator, Page } from '@playwright/test';
import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

// Long enough to scroll, with findings for the language checks and claims to suggest: the lists that arrive late.
const PARAGRAPH = 'The council said it would recieve 4,000 new homes by 2031, the largest plan in the county since 1998.';
const ORIGINAL = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1}. ${PARAGRAPH}`).join('\n\n');

test.use({ viewport: { width: 1280, height: 800 } });

/** Whether the element at the centre of `locator` is it or inside it: nothing covers it. */
async function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit) && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

async function expectCompleteOnTop(page: Page) {
  const complete = page.getByRole('button', { name: 'Complete Review' });
  await expect(complete).toBeVisible();
  await expect.poll(() => onTop(complete)).toBe(true);
}

test('the workspace is the staff app: its own header, one toolbar on top, no scroll on load, no footer', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const customer = await context.newPage();
  const { email } = await signUpViaApi(customer);
  const id = await createOrderViaApi(customer, { email, content: ORIGINAL, serviceTier: 'fact-checked' });
  await context.close();

  await signUpAdmin(page, { firstName: 'Sam', lastName: 'Shell' });
  const claimed = await page.request.post(`/api/admin/submissions/${id}/claim`, { headers: { origin: E2E_BASE_URL } });
  expect(claimed.ok(), await claimed.text()).toBe(true);

  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByTestId('claim-status')).toContainText('Claimed by you');
  // The lists that arrive after the page (the language checks' findings, the suggested claims) have arrived.
  await expect(page.getByRole('list', { name: 'Findings' }).locator(':scope > li').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Suggested claims' }).locator(':scope > li').first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The staff header, not the marketing one; no footer; one main region.
  await expect(page.getByTestId('staff-header')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);

  // The toolbar: order, due time, claim, Save, Complete and Shortcuts (a visible label).
  const toolbar = page.getByTestId('workspace-toolbar');
  await expect(toolbar).toContainText(id);
  await expect(toolbar).toContainText('Due');
  await expect(toolbar.getByTestId('claim-status')).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Save Draft' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Shortcuts' })).toBeVisible();
  await expectCompleteOnTop(page);

  // Scrolled: the toolbar stays on top.
  for (const y of [400, 2000, 100_000]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectCompleteOnTop(page);
  }

  // 1024 px wide, and 200% zoom (1280×800 at 200% is 640×400 CSS pixels): Complete in reach, the toolbar not more
  // than a third of the screen.
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 640, height: 400 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expectCompleteOnTop(page);
    const bar = (await toolbar.boundingBox())!;
    expect(bar.height, `toolbar height at ${viewport.width}px`).toBeLessThanOrEqual(viewport.height / 3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('the queue has the staff header and no marketing footer', async ({ page, signUpAdmin }) => {
  await signUpAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await expect(page.getByTestId('staff-header')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('Ctrl+Enter opens the check before delivery; nothing reaches the customer until Confirm', async ({ page, browser, signUpAdmin }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const customer = await context.newPage();
  const { email } = await signUpViaApi(customer);
  const id = await createOrderViaApi(customer, { email, content: 'We will recieve the parcel on Monday.' });

  await signUpAdmin(page);
  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByRole('button', { name: 'Complete Review' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Reviewed content' }).focus();
  await page.keyboard.press('Control+Enter');
  const check = page.getByRole('dialog', { name: 'Deliver this review?' });
  await expect(check).toContainText('Words changed');
  await expect(check).toContainText('Certificate: reviewed by');
  await check.getByRole('button', { name: 'Cancel' }).click();
  await expect(check).toHaveCount(0);
  const mine = await customer.request.get('/api/submissions');
  expect(((await mine.json()) as { id: string; status: string }[]).find((s) => s.id === id)?.status).toBe('paid');

  await page.keyboard.press('Control+Enter');
  await check.getByRole('button', { name: 'Confirm and deliver' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const after = await customer.request.get('/api/submissions');
  expect(((await after.json()) as { id: string; status: string }[]).find((s) => s.id === id)?.status).toBe('completed');
  await context.close();
});
