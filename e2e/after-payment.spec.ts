import type { Page } from '@playwright/test';
import { expect, expectToast, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

const ORIGINAL = 'Our launch is on Monday and every customer gets a free mug with the first order.';
const FIRST = 'Our launch is on Monday. Every customer gets a free mug with their first order.';
const SECOND = 'We launch on Monday, and every customer gets a free mug with their first order.';
const headers = { origin: E2E_BASE_URL };

async function createPaidOrder(page: Page, email: string): Promise<{ id: string; amountPence: number }> {
  const created = await page.request.post('/api/submissions', {
    headers,
    data: { content: ORIGINAL, serviceTier: 'polished', category: 'marketing', contactName: 'Casey Customer', contactEmail: email },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, amountPence } = (await created.json()) as { id: string; amountPence: number };
  const intent = await page.request.post('/api/create-payment-intent', { headers, data: { submissionId: id } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/sandbox/confirm', {
    headers,
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { id, amountPence };
}

async function deliver(admin: Page, id: string, text: string) {
  // The reviewer claims the order, then saves from its current version (decision 021).
  const claimed = await admin.request.post(`/api/admin/submissions/${id}/claim`, { headers });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const { reviewVersion } = (await claimed.json()) as { reviewVersion: number };
  const response = await admin.request.patch(`/api/admin/submissions/${id}/review`, {
    headers,
    data: { complete: true, reviewedContent: text, reviewerNotes: '', attachmentMode: 'text', version: reviewVersion },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a customer cancels an unstarted order and sees the refund', async ({ page }) => {
  const customer = await signUpViaApi(page);
  const { id } = await createPaidOrder(page, customer.email);
  await page.goto('/dashboard');
  const card = page.locator(`[data-submission-id="${id}"]`);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${id}?` });
  await expect(dialog.getByText('we refund the full £5.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expectToast(page, 'Your order was cancelled and your payment refunded.', 'Refunded £5.00');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Refunded £5.00')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('a customer asks for the free revision and receives it, with the previous version a click away', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(90_000);
  const customer = await signUpViaApi(page);
  const { id } = await createPaidOrder(page, customer.email);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Riley', lastName: 'Reviewer' });
  await deliver(admin, id, FIRST);

  await page.goto('/dashboard');
  const card = page.locator(`[data-submission-id="${id}"]`);
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Request revision' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request revision' });
  const message = dialog.getByLabel('What should change?');
  await message.fill('Too short');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please describe what to change (at least 10 characters).')).toBeVisible();
  await message.fill('Please make the first sentence more direct.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectToast(page, 'Revision requested. A reviewer will send it within 2 business days.');
  await expect(card.getByText('Revision requested', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Request revision' })).toHaveCount(0);

  // The admin queue lists it first, flagged.
  await admin.goto('/admin');
  const rows = admin.locator('[data-testid^="queue-row-"]');
  await expect(rows.first()).toHaveAttribute('data-testid', `queue-row-${id}`);
  await expect(rows.first().getByTestId('revision-flag')).toBeVisible();
  await deliver(admin, id, SECOND);
  await context.close();

  await page.reload();
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Request revision' })).toHaveCount(0);
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Submission ${id}` });
  await details.getByRole('button', { name: 'Clean copy' }).click();
  await expect(details.getByText(SECOND)).toBeVisible();
  await expect(details.getByText(FIRST)).toHaveCount(0);
  await details.getByRole('button', { name: 'Previous version' }).click();
  await expect(details.getByTestId('delivery-1')).toContainText(FIRST);
});

test('a delivered order opens on its result at desktop and phone sizes, its body scrolls by keyboard, and delivery 1 stays during a revision', async ({
  page,
  browser,
  signUpAdmin,
}) => {
  test.setTimeout(120_000);
  const customer = await signUpViaApi(page);
  const { id } = await createPaidOrder(page, customer.email);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin);
  // Long enough that the dialog's body scrolls at both sizes.
  await deliver(admin, id, Array.from({ length: 30 }, (_, i) => `${FIRST} Paragraph ${i + 1}.`).join('\n\n'));
  await context.close();

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    const card = page.locator(`[data-submission-id="${id}"]`);
    await expect(card.getByTestId('content-preview')).toContainText(`Reviewed: ${FIRST}`);
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: `Submission ${id}` });
    const body = details.getByRole('region', { name: 'Order details and review' });
    const word = details.getByRole('button', { name: 'Download Word (tracked changes)' });
    await expect(word).toBeVisible();
    // Without scrolling: the body is at its top and the whole button lies inside its visible box.
    expect(await body.evaluate((el) => el.scrollTop)).toBe(0);
    const [box, button] = [await body.boundingBox(), await word.boundingBox()];
    expect(button!.y + button!.height, `${size.width}×${size.height}`).toBeLessThanOrEqual(box!.y + box!.height);
    await expect(word).toBeInViewport({ ratio: 1 });

    // Keyboard: End and PageDown scroll the body (WCAG 2.1.1).
    await body.focus();
    const scrollTop = () => body.evaluate((el) => el.scrollTop);
    await page.keyboard.press('PageDown');
    await expect.poll(scrollTop).toBeGreaterThan(0);
    const afterPageDown = await scrollTop();
    await page.keyboard.press('End');
    await expect.poll(scrollTop).toBeGreaterThan(afterPageDown);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  }

  // During the revision, delivery 1's text and files stay, marked as such.
  const asked = await page.request.post(`/api/submissions/${id}/revision`, { headers, data: { message: 'Please make it shorter overall.' } });
  expect(asked.ok(), await asked.text()).toBe(true);
  await page.goto('/dashboard');
  const card = page.locator(`[data-submission-id="${id}"]`);
  await expect(card.getByText('Revision requested', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Submission ${id}` });
  await expect(details.getByTestId('delivery-label')).toHaveText('Delivery 1');
  await expect(details.getByText(/appears here when the review is complete/)).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download Word (tracked changes)' }).click()]);
  expect(download.suggestedFilename()).toBe(`${id}-reviewed.docx`);
  const [text] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download text' }).click()]);
  expect(text.suggestedFilename()).toBe(`${id}-reviewed.txt`);
});
