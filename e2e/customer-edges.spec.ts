import type { Locator, Page } from '@playwright/test';
import { formatPence } from '../shared/money';
import { quotePrice } from '../shared/pricing';
import { E2E_BASE_URL } from './env';
import { createOrderViaApi, expect, signUpViaApi, test, toastLocator } from './fixtures';

/** Issue 45 item 7, the edges: over the limit, unpaid orders, cancelled orders and notices that cover nothing. */

const PHONE = { width: 390, height: 844 };
// Pages with a 3,200-word text, two accounts and two checkouts: more than the default minute on a shared machine.
test.describe.configure({ timeout: 180_000 });

/** Picks a tier once the form has taken up the page (a click before hydration is taken back by it). */
async function chooseTier(page: Page, name: string) {
  const radio = page.getByRole('radio', { name });
  await expect(async () => {
    await radio.check();
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass();
}
const DESKTOP = { width: 1280, height: 800 };

/** 3,200 words in 16 paragraphs of 200: the split finds two orders of 1,600. */
const LONG_TEXT = Array.from({ length: 16 }, (_, p) => `${Array.from({ length: 199 }, (_, i) => `p${p}w${i}`).join(' ')} end.`).join('\n\n');

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The shown notice, once it has settled where it stands, does not overlap any of `actions`. */
async function expectToastClearOf(page: Page, actions: Locator[], label: string) {
  const toast = toastLocator(page).first();
  await expect(toast).toBeVisible();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  // The region is placed in the frame after the notice appears: wait for a frame to pass.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y, `${label}: the notice is on screen`).toBeGreaterThanOrEqual(0);
  for (const action of actions) {
    if (!(await action.isVisible())) continue;
    const box = (await action.boundingBox())!;
    expect(intersects(toastBox, box), `${label}: notice ${JSON.stringify(toastBox)} covers ${JSON.stringify(box)}`).toBe(false);
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`over 3,000 words at ${viewport.width} px: no price, the step stays open, and the text can be split into priced orders`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const customer = await signUpViaApi(page);
    await page.goto('/check-now');
    await page.getByRole('textbox', { name: 'Your content' }).fill(LONG_TEXT);
    await chooseTier(page, 'Polished');
    await expect(page.getByTestId('word-count')).toHaveText('3,200');
    // Where the price is, the limit: no price for an order the form will not accept.
    await expect(page.getByTestId('estimate-total')).toHaveText('—');
    await expect(page.getByTestId('estimate-over-limit')).toContainText('Over the 3,000-word limit of one order: no price.');
    if (viewport === PHONE) {
      await expect(page.getByTestId('sticky-total')).toHaveText('—');
      await expect(page.getByTestId('sticky-over-limit')).toBeVisible();
    }
    // The spec's warning stays.
    await expect(page.getByRole('alert').filter({ hasText: 'Content too long' })).toBeVisible();
    // The "Content" step is not ticked.
    const steps = page.getByRole('list', { name: 'Order steps' });
    await expect(steps.getByText('(done)')).toHaveCount(0);
    await expect(steps.getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');

    const offer = page.getByTestId('split-offer');
    await expect(offer.getByRole('heading', { name: 'Split it into 2 orders' })).toBeVisible();
    await expect(offer.getByTestId('split-part')).toHaveCount(2);
    const each = formatPence(quotePrice(1600, 'polished', false).totalPence);
    await expect(offer.getByTestId('split-part-price')).toHaveText([each, each]);
    await expect(offer.getByTestId('split-part').first()).toContainText('Order 1: 1,600 words');
    await expect(offer.getByTestId('split-total')).toHaveText(formatPence(2 * quotePrice(1600, 'polished', false).totalPence));
    const quote = offer.getByRole('link', { name: 'Ask for a quote instead' });
    await expect(quote).toHaveAttribute('href', /^\/contact\?subject=Quote\+for\+3%2C200\+words&/);
    await offer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`over-limit-offer-${viewport.width}.png`) });
    await page.getByTestId('estimate-over-limit').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`over-limit-price-${viewport.width}.png`) });

    // The other fields are checked as on submit: without a category, the summary says so and nothing is created.
    await offer.getByRole('button', { name: 'Create 2 orders' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('Please select a category');
    await page.getByLabel('Category').selectOption('blog-post');
    await offer.getByRole('button', { name: 'Create 2 orders' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toastLocator(page).getByText('2 orders created', { exact: true })).toBeVisible();
    const cards = page.getByTestId('submission-card');
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card.locator('[data-status="new"]')).toHaveText('Awaiting payment');
      await expect(card.getByText('1,600', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /^Pay £/ })).toBeVisible();
    }
    expect(customer.email).toContain('@');
  });
}

test('"Ask for a quote" opens the contact form prefilled', async ({ page }) => {
  await page.goto('/check-now');
  await page.getByRole('textbox', { name: 'Your content' }).fill(LONG_TEXT);
  await page.getByLabel('Name', { exact: true }).fill('Quinn Quote');
  await page.getByLabel('Email', { exact: true }).fill('quinn@example.com');
  await page.getByTestId('split-offer').getByRole('link', { name: 'Ask for a quote instead' }).click();
  await expect(page).toHaveURL(/\/contact\?/);
  await expect(page.getByLabel('Subject')).toHaveValue('Quote for 3,200 words');
  await expect(page.getByLabel('First name')).toHaveValue('Quinn');
  await expect(page.getByLabel('Last name')).toHaveValue('Quote');
  await expect(page.getByLabel('Email')).toHaveValue('quinn@example.com');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(/3,200 words/);
});

test('an unpaid order awaits payment, offers Pay and Discard; a discarded or cancelled order shows no due date', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const customer = await signUpViaApi(page);
  const unpaid = await createOrderViaApi(page, { email: customer.email, content: 'An order the customer will not pay for after all.', pay: false });
  const paid = await createOrderViaApi(page, { email: customer.email, content: 'An order the customer pays, then cancels within a day.' });
  const cancelled = await page.request.post(`/api/submissions/${paid}/cancel`, { headers: { origin: E2E_BASE_URL } });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await page.goto('/dashboard');
  const card = page.locator(`[data-submission-id="${unpaid}"]`);
  await expect(card.locator('[data-status]')).toHaveText('Awaiting payment');
  await expect(card.getByRole('link', { name: /^Pay £5\.00/ })).toHaveAttribute('href', `/checkout/${unpaid}`);
  await expect(page.getByRole('list', { name: 'Recent submissions' }).locator('[data-status="new"]')).toHaveText('Awaiting payment');

  // The details dialog says so too, with the same two actions.
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('awaiting-payment')).toContainText('Awaiting payment.');
  await expect(dialog.getByRole('link', { name: /^Pay £5\.00/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Discard' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A cancelled order has no due date, on its card or in its details.
  const cancelledCard = page.locator(`[data-submission-id="${paid}"]`);
  await expect(cancelledCard.locator('[data-status]')).toHaveText('Cancelled');
  await expect(cancelledCard.getByText('Due', { exact: true })).toHaveCount(0);
  await cancelledCard.getByRole('button', { name: 'View Details' }).click();
  await page.getByRole('dialog').getByText('Order details').click();
  await expect(page.getByRole('dialog').getByText('Due date', { exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Discard this unpaid order?' });
  await confirm.getByRole('button', { name: 'Discard order' }).click();
  await expect(toastLocator(page).getByText('Order discarded', { exact: true })).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveText('Discarded');
  await expect(card.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  await expect(card.getByText('Due', { exact: true })).toHaveCount(0);
  // It can no longer be paid.
  await page.goto(`/checkout/${unpaid}`);
  await expect(page.getByRole('button', { name: /^Pay £/ })).toHaveCount(0);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px a notice never covers the order summary's button, the total bar or checkout's pay button`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto('/check-now');
    await chooseTier(page, 'Polished');
    // The upload's notice, on the order form: the summary's button (beside the form) or the total bar (phone).
    await page.getByRole('tab', { name: 'Upload document' }).click();
    await page.locator('#content-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Ten words of text for the upload notice to report on.') });
    await expect(toastLocator(page).getByText('File uploaded', { exact: true })).toBeVisible();
    const summaryButton = page.getByRole('button', { name: 'Continue to Payment' });
    if (viewport === DESKTOP) await expect(summaryButton).toBeInViewport();
    await expectToastClearOf(page, [summaryButton, page.getByTestId('sticky-total-bar')], `order form at ${viewport.width}px`);
    await page.screenshot({ path: testInfo.outputPath(`toast-order-form-${viewport.width}.png`) });

    // Checkout: a declined card's notice, with the pay button in view.
    const customer = await signUpViaApi(page);
    const id = await createOrderViaApi(page, { email: customer.email, content: 'An order whose first card is declined at checkout.', pay: false });
    await page.goto(`/checkout/${id}`);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: 'Pay £5.00' });
    await pay.scrollIntoViewIfNeeded();
    // The button at the bottom edge of the screen, where a notice would stand.
    await page.evaluate(() => window.scrollBy(0, -(window.innerHeight - 140)));
    await pay.evaluate((el) => {
      const box = el.getBoundingClientRect();
      window.scrollBy(0, box.bottom - window.innerHeight + 24);
    });
    await pay.click();
    await expect(toastLocator(page).getByText('Payment Failed', { exact: true })).toBeVisible();
    await expectToastClearOf(page, [pay], `checkout at ${viewport.width}px`);
    await page.screenshot({ path: testInfo.outputPath(`toast-checkout-${viewport.width}.png`) });
  });
}
