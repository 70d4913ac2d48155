import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createOrderViaApi, expect, expectToast, signUpViaApi, test } from './fixtures';

/** WCAG 2.2 AA on the page as it stands (the walk in accessibility.spec.ts sees no saved card). */
async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Saved cards (issue 27, decision 045), in the sandbox: the first order is paid with "Save this card" ticked, the
 * second in one click with that card, and the card is then removed in Settings → Billing.
 */
test('a customer saves a card, pays the next order in one click, and removes the card in Settings', async ({ page }) => {
  const customer = await signUpViaApi(page);

  // First order: the card form, with "Save this card".
  const first = await createOrderViaApi(page, { email: customer.email, content: 'Our spring sale starts on Friday with ten per cent off.', pay: false });
  await page.goto(`/checkout/${first}`);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('saved-cards')).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('checkbox', { name: 'Save this card' }).check();
  await page.getByRole('button', { name: 'Pay £5.00', exact: true }).click();
  await expectToast(page, 'Payment Successful');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator(`[data-submission-id="${first}"]`).getByText('Paid', { exact: true })).toBeVisible();

  // Second order: one click on the saved card.
  const second = await createOrderViaApi(page, { email: customer.email, content: 'Our summer sale starts on Monday with free delivery on every order.', pay: false });
  await page.goto(`/checkout/${second}`);
  const saved = page.getByTestId('saved-cards');
  const oneClick = saved.getByRole('button', { name: 'Pay £5.00 with Visa •••• 4242, expires 12/34' });
  await expect(oneClick).toBeVisible();
  // The card form stays below for another card.
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectNoViolations(page);
  // The long button wraps on a phone rather than scrolling sideways (WCAG 1.4.10).
  await page.setViewportSize({ width: 320, height: 720 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await oneClick.click();
  await expectToast(page, 'Payment Successful');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator(`[data-submission-id="${second}"]`).getByText('Paid', { exact: true })).toBeVisible();

  // Settings → Billing lists the card (brand, last four, expiry) and removes it after a confirmation.
  await page.goto('/settings');
  const billing = page.getByRole('heading', { name: 'Billing & Usage' });
  await expect(billing).toBeVisible();
  const row = page.getByTestId('saved-card');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Visa •••• 4242');
  await expect(row).toContainText('Expires 12/34');
  await expect(page.getByRole('link', { name: 'View your submissions' })).toHaveAttribute('href', '/dashboard');
  await expectNoViolations(page);
  await row.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Visa •••• 4242?' });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expectToast(page, 'Card removed');
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No saved cards. Tick “Save this card” when you pay.')).toBeVisible();

  // A third order offers no saved card any more.
  const third = await createOrderViaApi(page, { email: customer.email, content: 'Our autumn sale starts on Tuesday with gifts for every customer.', pay: false });
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/saved-cards') && r.request().method() === 'GET');
  await page.goto(`/checkout/${third}`);
  expect(await (await listed).json()).toEqual([]);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByTestId('saved-cards')).toHaveCount(0);
});

test('a card added in Settings, without paying, is offered at checkout', async ({ page }) => {
  const customer = await signUpViaApi(page);
  await page.goto('/settings');
  await expect(page.getByText('No saved cards. Tick “Save this card” when you pay.')).toBeVisible();
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry').fill('11/33');
  await dialog.getByLabel('CVC').fill('321');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expectToast(page, 'Card saved');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('saved-card')).toContainText('Visa •••• 4242');
  await expect(page.getByTestId('saved-card')).toContainText('Expires 11/33');

  const order = await createOrderViaApi(page, { email: customer.email, content: 'Our winter sale starts on Thursday with warm socks for everyone.', pay: false });
  // The server's answer is held until the live update of the order, now paid, has replaced the checkout: the
  // answer still ends in "Payment Successful" and the dashboard (a callback of the unmounted button once lost it).
  await page.route('**/api/payments/saved-card', async (route) => {
    const response = await route.fetch();
    await expect(page.getByRole('heading', { name: 'This order is already paid' })).toBeVisible();
    await route.fulfill({ response });
  });
  await page.goto(`/checkout/${order}`);
  await page.getByRole('button', { name: 'Pay £5.00 with Visa •••• 4242, expires 11/33' }).click();
  await expectToast(page, 'Payment Successful');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator(`[data-submission-id="${order}"]`).getByText('Paid', { exact: true })).toBeVisible();
});
