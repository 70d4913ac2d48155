import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';


/** The text of a downloaded PDF, whitespace collapsed (poppler-utils' pdftotext). */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

test('a paid order has a receipt in Settings, made out to the billing details, downloaded as a PDF with its number', async ({ page }) => {
  const customer = await signUpViaApi(page, { firstName: 'Rhea', lastName: 'Receipt' });
  await page.goto('/settings');
  const card = page.getByTestId('billing-documents-card');
  await expect(card.getByRole('heading', { name: 'Receipts and invoices' })).toBeVisible();
  await expect(card.getByText('No documents yet.', { exact: false })).toBeVisible();

  // Billing details first, so the receipt is made out to them.
  await card.getByLabel('Billing name').fill('Receipt & Daughters Ltd');
  await card.getByLabel('Billing address').fill('4 Ledger Lane\nYork YO1 7AA');
  await card.getByLabel('Purchase-order reference').fill('PO-2026-11');
  await card.getByRole('button', { name: 'Save billing details' }).click();
  await expect(card.getByRole('status')).toHaveText('Billing details saved.');

  const id = await createOrderViaApi(page, { email: customer.email, content: 'Our new café opens on Friday with free coffee for the first fifty visitors.' });
  await page.reload();
  const row = card.getByTestId('billing-document');
  await expect(row).toHaveCount(1);
  const number = (await row.locator('p').first().innerText()).match(/HP-\d{6}/)![0];
  await expect(row).toContainText('£5.00');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Download/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file);
  expect(text).toMatch(/Receipt|VAT invoice/);
  expect(text).toContain(number);
  expect(text).toContain('Receipt & Daughters Ltd');
  expect(text).toContain('Purchase order: PO-2026-11');
  expect(text).toContain('£5.00');

  // The order's details dialog links to the same document.
  await page.goto('/dashboard');
  await page.locator(`[data-submission-id="${id}"]`).getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: new RegExp(`(Receipt|Invoice).*${number}`) })).toBeVisible();
});

test('an admin downloads a month of billing documents as a zip', async ({ page, signUpAdmin }) => {
  await signUpAdmin(page, { firstName: 'Fin', lastName: 'Ance' });
  // The exports live on the admin's Payments page (issue 42), reached from the queue.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  const month = page.getByLabel('Billing documents month');
  await expect(month).toBeVisible();
  await month.fill('2001-01');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Billing documents (zip)' }).click()]);
  expect(download.suggestedFilename()).toBe('billing-documents-2001-01.zip');
  // An empty month: a zip holding only the CSV's header row.
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('billing-documents-2001-01.csv'))).toBe(true);
  const bad = await page.request.get('/api/admin/billing-documents/export?month=2001-13', { headers: { origin: E2E_BASE_URL } });
  expect(bad.status()).toBe(400);
});
