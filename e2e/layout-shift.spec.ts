import type { Locator, Page } from '@playwright/test';
import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';

/**
 * Signed-in pages that hold still (issue 45 item 6): the cumulative layout shift of the dashboard, settings and
 * checkout, from the first paint until the page has settled, stays under 0.1 on a phone and on desktop. Measured
 * as the browser reports it (PerformanceObserver 'layout-shift', shifts after input left out, as CLS does), for an
 * account whose e-mail address is not verified yet, so the verify banner appears too.
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const LIMIT = 0.1;

test.describe.configure({ timeout: 180_000 });

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift of the page from its first paint on. */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node as HTMLElement | null | undefined;
            const name = node ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).slice(0, 60)}` : '?';
            const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
            return `${name} ${rect(source.previousRect)} → ${rect(source.currentRect)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsAfterSettled(page: Page, settled: Locator[]): Promise<Shift[]> {
  for (const locator of settled) await expect(locator).toBeVisible();
  // The verify banner is part of the settled page for this account.
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeVisible();
  // Two frames after the last change, so a shift it caused has been reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

function expectStill(shifts: Shift[], label: string) {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect.soft(total, `${label}: layout shift ${total.toFixed(3)}\n${JSON.stringify(shifts, null, 1)}`).toBeLessThan(LIMIT);
}

for (const viewport of VIEWPORTS) {
  test(`the dashboard, settings and checkout hold still as they load (${viewport.name}, ${viewport.width}×${viewport.height})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const customer = await signUpViaApi(page);
    for (let i = 0; i < 2; i += 1) await createOrderViaApi(page, { email: customer.email, content: `A paid order number ${i} for the layout shift test.` });
    const unpaid = await createOrderViaApi(page, { email: customer.email, content: 'An unpaid order for the layout shift test.', pay: false });
    await observeShifts(page);

    await page.goto('/dashboard');
    const dashboard = await shiftsAfterSettled(page, [page.getByTestId('submission-card').nth(2), page.getByRole('list', { name: 'Recent submissions' })]);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${viewport.width}.png`) });
    expectStill(dashboard, `/dashboard at ${viewport.width}px`);

    await page.goto('/settings');
    const settings = await shiftsAfterSettled(page, [page.getByRole('heading', { name: 'Settings', level: 1 }), page.getByRole('heading', { name: 'Delete account' })]);
    await page.screenshot({ path: testInfo.outputPath(`settings-${viewport.width}.png`) });
    expectStill(settings, `/settings at ${viewport.width}px`);

    await page.goto(`/checkout/${unpaid}`);
    const checkout = await shiftsAfterSettled(page, [page.getByRole('button', { name: 'Pay £5.00' }), page.getByTestId('checkout-total')]);
    await page.screenshot({ path: testInfo.outputPath(`checkout-${viewport.width}.png`) });
    expectStill(checkout, `/checkout at ${viewport.width}px`);
  });
}
