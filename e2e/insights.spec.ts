import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { INSIGHTS_MESSAGES, londonDay } from '../shared/insights.schema';
import { createOrderViaApi, expect, expectToast, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

const REVIEWERS_TABLE = 'Completed orders and words per reviewer (table)';

async function wordCount(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/submissions/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { wordCount: number }).wordCount;
}

test('an admin reads the insights: charts, the tables behind them, another range, a CSV, and a phone-width layout', async ({ page, browser, signUpAdmin }) => {
  const customer = await signUpViaApi(page);
  const first = await createOrderViaApi(page, { email: customer.email, content: 'Insights order one: the Thames flows through London and Oxford.' });
  const second = await createOrderViaApi(page, { email: customer.email, content: 'Insights order two: Ben Nevis is the highest mountain in the United Kingdom.' });
  const words = (await wordCount(page, first)) + (await wordCount(page, second));
  // Paid and not yet delivered: open work.
  await createOrderViaApi(page, { email: customer.email, content: 'Insights order three: still waiting for its review.' });

  const context = await browser.newContext({ baseURL: E2E_BASE_URL, acceptDownloads: true });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Ines', lastName: 'Insights' });
  for (const id of [first, second]) {
    // The reviewer claims the order, then delivers from its current version (decision 021).
    const claimed = await admin.request.post(`/api/admin/submissions/${id}/claim`, { headers: { origin: E2E_BASE_URL } });
    expect(claimed.ok(), await claimed.text()).toBe(true);
    const { reviewVersion } = (await claimed.json()) as { reviewVersion: number };
    const done = await admin.request.patch(`/api/admin/submissions/${id}/review`, {
      headers: { origin: E2E_BASE_URL },
      data: { complete: true, reviewedContent: 'The reviewed text.', reviewerNotes: '', attachmentMode: 'text', version: reviewVersion },
    });
    expect(done.ok(), await done.text()).toBe(true);
  }

  // From the admin panel's link.
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Insights' }).click();
  await expect(admin).toHaveURL(/\/admin\/insights$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  // The reviewer's row: two orders, two deliveries, the words of both.
  const reviewers = admin.getByRole('region', { name: REVIEWERS_TABLE });
  const row = reviewers.getByRole('row', { name: /Ines Insights/ });
  // Active hours and words per active hour come from the editor's measured time, which varies from run to run.
  await expect(row.getByRole('cell')).toHaveText(['2', '2', words.toLocaleString('en-GB'), /^\d+(\.\d)?$/, /^(—|[\d,]+)$/]);
  // Today's orders include these two; both were on time (completed at once).
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${londonDay(new Date())}T00:00:00.000Z`),
  );
  const daily = admin.getByRole('region', { name: 'Orders and revenue per day (table)' });
  await expect(daily.getByRole('row')).toHaveCount(31);
  const todayOrders = Number(await daily.getByRole('row', { name: today }).getByRole('cell').first().textContent());
  expect(todayOrders).toBeGreaterThanOrEqual(2);
  await expect(admin.getByRole('region', { name: 'On-time rate (table)' }).getByRole('row', { name: 'All orders' })).toBeVisible();
  const open = admin.getByRole('region', { name: 'Open work by status and age (table)' });
  // The Paid row's total (the cell before Overdue) counts the third order.
  expect(Number(await open.getByRole('row', { name: /^Paid/ }).getByRole('cell').nth(-2).textContent())).toBeGreaterThanOrEqual(1);

  // The charts: recharts draws each one (the library is loaded on this page only).
  for (const name of ['orders and net revenue per day', 'turnaround in hours against the promise', 'completed orders and words per reviewer']) {
    await expect(admin.getByRole('figure', { name: `Chart: ${name}` }).locator('svg.recharts-surface').first()).toBeVisible();
  }

  // The reviewers' CSV is the table, cell by cell.
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download CSV: Completed orders and words per reviewer' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^insights-reviewers-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"Reviewer","Orders","Deliveries","Words","Active hours","Words per active hour"');
  expect(csv).toContain(`"Ines Insights","2","2","${words}"`);

  // Another range: a week in 2020 has nothing.
  await admin.getByLabel('From').fill('2020-01-01');
  await admin.getByLabel('To').fill('2020-01-07');
  await admin.getByRole('button', { name: 'Show' }).click();
  await expect(admin.getByText('No deliveries in this range.')).toBeVisible();
  await expect(admin.getByText(INSIGHTS_MESSAGES.empty)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Orders and revenue per day (table)' }).getByRole('row')).toHaveCount(8);
  // A start after the end is refused on the page, with the server's own words.
  await admin.getByLabel('From').fill('2020-02-01');
  await admin.getByRole('button', { name: 'Show' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: INSIGHTS_MESSAGES.badRange })).toBeVisible();
  // A preset, by keyboard.
  await admin.getByRole('button', { name: 'Last 7 days' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reviewers.getByRole('row', { name: /Ines Insights/ }).getByRole('cell')).toHaveText(['2', '2', words.toLocaleString('en-GB'), /^\d+(\.\d)?$/, /^(—|[\d,]+)$/]);

  // 360 px wide: nothing but the tables' own scroll areas is wider than the screen.
  await admin.setViewportSize({ width: 360, height: 740 });
  await expect(admin.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  // The charts follow their container's new width once their resize observer reports it: wait for that state.
  await expect
    .poll(() => admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await context.close();
});

test('a customer cannot open the insights, and no public page loads the chart library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.goto('/services');
  expect(scripts.filter((url) => /insights|recharts/i.test(url))).toEqual([]);

  await signUpViaApi(page);
  const api = await page.request.get('/api/admin/insights');
  expect(api.status()).toBe(403);
  await page.goto('/admin/insights');
  await expectToast(page, 'Unauthorized', 'Admin access required. Redirecting...');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByText('Orders and revenue per day')).toHaveCount(0);
});
