/**
 * A VAT-registered deployment (issue 45, decision 070): this file starts its own copy of the built server with
 * VAT_NUMBER set (on its own embedded database, E2E_PORT + 20), separate from Playwright's default e2e server, which
 * runs without one. The pre-rendered pages show the VAT on their first load, before any script; the order form,
 * its total bar and checkout say it from the server's own configuration; and an invoice is made out with the
 * billing details and purchase-order number given at checkout.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PORT } from './env';
import { E2E_PASSWORD, expect, test, uniqueEmail } from './fixtures';
import { startInstance, type AppInstance } from './support/app-instances';

const PORT = E2E_PORT + 20;
const BASE_URL = `http://localhost:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const fiftyWords = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE_URL });

let instance: AppInstance | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000); // a fresh embedded database migrates first: slow on a busy machine
  const logDir = path.join(root, '.tmp', `vat-registered-${PORT}`);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  instance = await startInstance({
    name: 'vat',
    port: PORT,
    logDir,
    timeoutMs: 200_000,
    env: {
      VAT_NUMBER: 'GB123456789',
      PUBLIC_URL: BASE_URL,
      SESSION_SECRET: 'vat-registered-session-secret-0123456789abcdef',
      AUTH_RATE_LIMIT_MAX: '100000',
      ADMIN_EMAILS: '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
});

test.afterAll(async () => {
  await instance?.stop();
  instance = null;
});

async function signUp(page: Page): Promise<string> {
  const email = uniqueEmail('vat');
  const response = await page.request.post('/api/identity/sign-up/email', {
    headers: { origin: BASE_URL },
    data: { email, firstName: 'Val', lastName: 'Added', name: 'Val Added', password: E2E_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

async function createOrder(page: Page, email: string): Promise<string> {
  const created = await page.request.post('/api/submissions', {
    headers: { origin: BASE_URL },
    data: { content: fiftyWords, serviceTier: 'polished', category: 'blog-post', contactName: 'Val Added', contactEmail: email },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('the pre-rendered /services shows the VAT on its first load, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  const page = await context.newPage();
  await page.goto('/services');
  await expect(page.getByText('Minimum charge: £5.00 (incl. £0.83 VAT) per order')).toBeVisible();
  await expect(page.getByText(/including VAT at 20%/)).toBeVisible();
  await context.close();
});

test('a signed-in customer’s /services hydrates over the VAT variant without a mismatch', async ({ page }) => {
  await signUp(page);
  await page.goto('/services');
  await expect(page.getByText('Minimum charge: £5.00 (incl. £0.83 VAT) per order')).toBeVisible();
  // The app took over (the signed-in navbar's account menu); the fixture fails the test on any hydration message.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('the order form, its total bar and checkout say the VAT from the server’s configuration', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/check-now');
  await page.getByRole('textbox', { name: 'Your content' }).fill(fiftyWords);
  await page.getByRole('radio', { name: 'Polished' }).check();
  await expect(page.getByTestId('estimate-total')).toHaveText('£5.00');
  await expect(page.getByTestId('estimate-vat')).toHaveText('incl. £0.83 VAT');
  await expect(page.getByTestId('sticky-vat')).toHaveText('incl. £0.83 VAT');

  const email = await signUp(page);
  const id = await createOrder(page, email);
  await page.goto(`/checkout/${id}`);
  await expect(page.getByTestId('checkout-total')).toHaveText('£5.00');
  await expect(page.getByTestId('checkout-vat')).toHaveText('incl. £0.83 VAT');
});

test('billing details and a purchase-order number given at checkout are on the VAT invoice, with the card', async ({ page }) => {
  const email = await signUp(page);
  const id = await createOrder(page, email);
  await page.goto(`/checkout/${id}`);
  await page.getByText('Invoice details and purchase order').click();
  await page.getByLabel('Billing name').fill('Added Value Ltd');
  await page.getByLabel('Billing address').fill('2 Tax Row\nYork YO1 2AB');
  await page.getByLabel('Purchase-order number for this order').fill('PO-77');
  await page.getByRole('button', { name: 'Save invoice details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: printed on this order’s invoice.' })).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/Expiry/).fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £5.00' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  const list = await page.request.get(`/api/billing/documents?submissionId=${id}`);
  const [invoice] = ((await list.json()) as { items: { id: string; kind: string; buyer?: unknown }[] }).items;
  expect(invoice!.kind).toBe('vat-invoice');
  const pdf = await page.request.get(`/api/billing/documents/${invoice!.id}/pdf`);
  expect(pdf.status()).toBe(200);
  // The PDF's text is checked in server/features/billing-documents/order-billing.test.ts; here, that it was issued
  // from what the page saved.
  const detail = await page.request.get(`/api/submissions/${id}/purchase-order`);
  expect(await detail.json()).toEqual({ purchaseOrderNumber: 'PO-77' });
  const billing = await page.request.get('/api/billing/details');
  expect(await billing.json()).toMatchObject({ billingName: 'Added Value Ltd', address: '2 Tax Row\nYork YO1 2AB' });
});
