import type { Page } from '@playwright/test';
import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';

/**
 * VAT to the end (issue 45). The e2e server runs without VAT_NUMBER, so the browser is told what a VAT-registered
 * deployment's GET /api/config says (the server's own answer, with the VAT rate it gives when VAT_NUMBER is set:
 * server/features/site-config/vat-in-prices.test.ts); the pages must then show the VAT inside every price.
 */
async function asVatRegistered(page: Page) {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const body = { ...((await response.json()) as object), vat: { rateBasisPoints: 2000 } };
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

const fiftyWords = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');

test('with VAT, the order form, its total bar and checkout say the VAT inside the price', async ({ page }) => {
  await asVatRegistered(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/check-now');
  await page.getByRole('textbox', { name: 'Your content' }).fill(fiftyWords);
  await page.getByRole('radio', { name: 'Polished' }).check();
  await expect(page.getByTestId('estimate-total')).toHaveText('£5.00');
  // The island asks for the configuration when the visitor first works in the hydrated form (decision 051).
  await page.getByRole('radio', { name: 'Polished' }).click();
  await expect(page.getByTestId('estimate-vat')).toHaveText('incl. £0.83 VAT');
  await expect(page.getByTestId('sticky-vat')).toHaveText('incl. £0.83 VAT');

  const customer = await signUpViaApi(page);
  const id = await createOrderViaApi(page, { email: customer.email, content: fiftyWords, pay: false });
  await page.goto(`/checkout/${id}`);
  await expect(page.getByTestId('checkout-total')).toHaveText('£5.00');
  await expect(page.getByTestId('checkout-vat')).toHaveText('incl. £0.83 VAT');
  await expect(page.getByTestId('checkout-minimum')).toContainText('Minimum order £5.00');
  await expect(page.getByText('50 words × £0.06')).toBeVisible();
});
