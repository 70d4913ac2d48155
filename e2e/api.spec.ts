import { waitForHydration } from './support/hydration';
import { expect, signUpViaApi, test } from './fixtures';

/** Settings → API keys and Webhooks, and the API documentation (issue 15). */
test('API keys: create (shown once), use, revoke; credit bought in the sandbox; a webhook endpoint and its delivery log', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Ada', lastName: 'Api' });
  await page.goto('/settings');
  const card = page.getByRole('heading', { name: 'API keys' }).locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
  await expect(card).toBeVisible();

  // A key is shown once.
  await page.getByRole('button', { name: 'New API key' }).click();
  await page.getByLabel('Key name').fill('Nightly import');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^hp_live_/);
  const key = (await shown.textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  await page.reload();
  const keys = page.getByRole('list', { name: 'Your API keys' });
  await expect(keys.getByText('Nightly import')).toBeVisible();
  await expect(keys.getByText(key.slice(0, 12))).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(keys.getByText('Last used: Never')).toBeVisible();

  // £50 of credit with the sandbox card.
  await page.getByRole('button', { name: 'Buy £50.00' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Credit added.' })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('£50.00');

  // A webhook endpoint (a public address: the e2e server runs with loopback refused, as production does).
  await page.getByLabel('Endpoint URL').fill('https://93.184.215.14/humanproof');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await page.getByLabel('Endpoint URL').fill('https://127.0.0.1/humanproof');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText(/private, loopback or link-local/)).toBeVisible();

  // The key orders through the API; the order.paid event shows in the delivery log, with Resend.
  const order = await page.request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'e2e-order-1' },
    data: { content: 'A short draft written by a model, to be checked by a person before it is published.', serviceTier: 'polished', category: 'blog-post' },
  });
  expect(order.status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('credit-balance')).toHaveText('£45.00');
  await expect(keys.getByText('Last used: Never')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('table', { name: /Delivery log of https:\/\/93\.184\.215\.14/ });
  await expect(log.getByText('order.paid')).toBeVisible();
  await log.getByRole('button', { name: 'Resend' }).first().click();
  await expect(log.getByText('order.paid')).toHaveCount(2);

  // Revoke: the key stops working at once.
  await page.getByRole('button', { name: 'Revoke Nightly import' }).click();
  await expect(keys.getByText('Revoked')).toBeVisible();
  const refused = await page.request.get('/api/v1/orders', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toMatch(/^application\/problem\+json/);
});

test('the API documentation renders at /docs/api, linked from Contact', async ({ page }) => {
  await page.goto('/contact');
  // A click before hydration is lost on a pre-rendered page (issue 25): act once React owns the link.
  await waitForHydration(page, 'main a[href="/docs/api"]');
  await page.getByRole('main').getByRole('link', { name: 'API documentation', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { name: /HumanProof API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/orders', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('verifyHumanProof', { exact: false }).first()).toBeVisible();
});
