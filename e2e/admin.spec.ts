import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { createOrderViaApi, expect, expectToast, signUpViaApi, test, type SignUpAdmin, confirmDelivery } from './fixtures';
import { E2E_BASE_URL } from './env';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);

function createPaidOrder(page: Page, email: string, content: string): Promise<string> {
  return createOrderViaApi(page, { email, content });
}

async function adminPage(browser: Browser, signUpAdmin: SignUpAdmin): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await signUpAdmin(page, { firstName: 'Riley', lastName: 'Reviewer' });
  return page;
}

/** Finds one order in the queue by its id and opens its review dialog. */
async function openReview(page: Page, id: string) {
  await page.getByLabel('Search').fill(id);
  const row = page.getByTestId(`queue-row-${id}`);
  await expect(row).toBeVisible();
  await expect(page.locator('[data-testid^="queue-row-"]')).toHaveCount(1);
  await row.getByRole('button', { name: `View and review ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Submission ${id}` });
  await expect(dialog).toBeVisible();
  return { row, dialog };
}

test('an admin reviews one order in each mode; the customer sees, downloads and reads the result', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(120_000); // three orders reviewed and three files read: a guard against a hang on a busy 2-core machine
  const customer = await signUpViaApi(page);
  const textOrder = await createPaidOrder(page, customer.email, 'Text mode order: the Moon is made of cheese, said nobody.');
  const linkOrder = await createPaidOrder(page, customer.email, 'Link mode order: water boils at 100 degrees at sea level.');
  const uploadOrder = await createPaidOrder(page, customer.email, 'Upload mode order: Paris is the capital of France.');

  const admin = await adminPage(browser, signUpAdmin);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  // The desk opens on open work (issue 42): all statuses, so the completed row stays listed.
  await admin.getByLabel('Status').selectOption('all');

  // Text mode: start the review with the advance button, then complete it.
  await admin.getByLabel('Search').fill(textOrder);
  const textRow = admin.getByTestId(`queue-row-${textOrder}`);
  await expect(textRow.getByText('Paid', { exact: true })).toBeVisible();
  await textRow.getByRole('button', { name: 'Start review' }).click();
  await expect(textRow.getByText('In review', { exact: true })).toBeVisible();
  await expect(textRow.getByRole('button', { name: 'Mark completed' })).toBeVisible();
  const text = await openReview(admin, textOrder);
  await expect(text.dialog.getByLabel('Status history')).toContainText('Paid → In review');
  await expect(text.dialog.getByLabel('Status history')).toContainText('Riley Reviewer');
  const complete = text.dialog.getByRole('button', { name: 'Complete Review' });
  // The copy starts as the original (issue 12); blank, it cannot be completed (spec section 5).
  await expect(text.dialog.getByLabel('Reviewed content')).toHaveValue('Text mode order: the Moon is made of cheese, said nobody.');
  await text.dialog.getByLabel('Reviewed content').fill('');
  await expect(complete).toBeDisabled();
  await text.dialog.getByLabel('Reviewed content').fill('The reviewed text: nobody says the Moon is cheese.');
  await text.dialog.getByLabel('Reviewer notes').fill('Removed a false claim.');
  await complete.click();
  await confirmDelivery(admin);
  await expect(text.row.getByText('Completed', { exact: true })).toBeVisible();

  // The team's message to the customer.
  await text.row.getByRole('button', { name: `Messages for ${textOrder}` }).click();
  const messages = admin.getByRole('dialog', { name: `Messages: ${textOrder}` });
  await messages.getByLabel('Your message').fill('Your review is ready. Any questions, just ask.');
  await messages.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByText('Your review is ready. Any questions, just ask.')).toBeVisible();
  await messages.getByRole('button', { name: 'Close' }).click();
  await expect(messages).toBeHidden();

  // Link mode: a bad link is flagged inline and blocks completion.
  const link = await openReview(admin, linkOrder);
  await link.dialog.getByLabel('Document link', { exact: true }).check();
  const linkInput = link.dialog.getByRole('textbox', { name: 'Document link' });
  await expect(linkInput).toHaveAttribute('type', 'url');
  await expect(link.dialog.getByRole('button', { name: 'Complete Review' })).toBeDisabled();
  await linkInput.fill('not a link');
  await linkInput.blur();
  await expect(link.dialog.getByText('Please enter a valid URL')).toBeVisible();
  await expect(link.dialog.getByRole('button', { name: 'Complete Review' })).toBeDisabled();
  await linkInput.fill('https://docs.example.com/reviewed/42');
  await link.dialog.getByLabel('Reviewed content').fill('See the linked document.');
  await link.dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(admin, 'Draft saved');
  await expect(link.row.getByText('In review', { exact: true })).toBeVisible();
  await link.dialog.getByRole('button', { name: 'Complete Review' }).click();
  await confirmDelivery(admin);

  // Upload mode: a document with a progress bar, then completion.
  const upload = await openReview(admin, uploadOrder);
  await upload.dialog.getByLabel('Upload documents', { exact: true }).check();
  await expect(upload.dialog.getByRole('button', { name: 'Complete Review' })).toBeDisabled();
  await upload.dialog.getByLabel('Upload review documents').setInputFiles({
    name: 'reviewed-article.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expectToast(admin, 'Document Uploaded', /1 document uploaded/);
  await expect(upload.dialog.getByRole('link', { name: 'reviewed-article.pdf' })).toBeVisible();
  await upload.dialog.getByLabel('Reviewed content').fill('The reviewed article is attached.');
  await upload.dialog.getByRole('button', { name: 'Complete Review' }).click();
  await confirmDelivery(admin);
  await admin.context().close();

  // The customer: results on the dashboard, the reviewed text downloaded, the team's message read.
  await page.goto('/dashboard');
  const textCard = page.locator(`[data-testid="submission-card"][data-submission-id="${textOrder}"]`);
  await expect(textCard.getByText('Completed', { exact: true })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await textCard.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${textOrder}-reviewed.txt`);
  expect(await readFile((await download.path())!, 'utf8')).toBe('The reviewed text: nobody says the Moon is cheese.');

  const linkCard = page.locator(`[data-testid="submission-card"][data-submission-id="${linkOrder}"]`);
  await expect(linkCard.getByText('Completed', { exact: true })).toBeVisible();
  const mine = (await (await page.request.get('/api/submissions')).json()) as {
    id: string;
    reviewedContent: string;
    documents: { url: string; fileName: string }[];
  }[];
  expect(mine.find((s) => s.id === linkOrder)!.reviewedContent).toBe(
    'https://docs.example.com/reviewed/42\n\nSee the linked document.',
  );
  const uploaded = mine.find((s) => s.id === uploadOrder)!;
  expect(uploaded.reviewedContent).toMatch(/^http:\/\/localhost:\d+\/api\/documents\/[\w-]+\n\nThe reviewed article is attached\.$/);
  expect(uploaded.documents).toHaveLength(1);
  const file = await page.request.get(uploaded.documents[0]!.url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('attachment; filename="reviewed-article.pdf"');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

  const recent = (await (await page.request.get('/api/messages/recent')).json()) as unknown[];
  expect(recent.length).toBeGreaterThanOrEqual(1);
  await textCard.getByRole('button', { name: 'Messages' }).click();
  const thread = page.getByRole('dialog', { name: `Messages: ${textOrder}` });
  await expect(thread.getByText('Your review is ready. Any questions, just ask.')).toBeVisible();
  await expect(thread.getByText('HumanProof review team')).toBeVisible();
});

test('a customer on /admin is told and sent to /', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
  await expect(page.getByText('Admin access required. Redirecting...').first()).toBeVisible();
  await expectToast(page, 'Unauthorized', 'Admin access required. Redirecting...');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  const denied = await page.request.get('/api/admin/submissions');
  expect(denied.status()).toBe(403);
});

test('a visitor on /admin is sent to / too', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
});

test('the queue fits a 360 px screen without sideways scrolling', async ({ browser, page, signUpAdmin }) => {
  const customer = await signUpViaApi(page);
  const id = await createPaidOrder(page, customer.email, 'A narrow screen order with enough words to review.');
  const admin = await adminPage(browser, signUpAdmin);
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin.goto('/admin');
  await admin.getByLabel('Search').fill(id);
  const card = admin.getByTestId(`queue-card-${id}`);
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Start review' })).toBeVisible();
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await admin.getByLabel('Status').selectOption('completed');
  await expect(admin.getByText('No submissions found')).toBeVisible();
  await admin.context().close();
});
