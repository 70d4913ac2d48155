import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { readZip } from '../server/test-support/zip';
import { createOrderViaApi, expect, expectToast, signUpViaApi, test, confirmDelivery } from './fixtures';
import { E2E_BASE_URL } from './env';

const ORIGINAL = 'The Eiffel Tower was completed in 1899 and stands in Paris.\nIt is the most beautiful tower in the world.';
const REVIEWED = 'The Eiffel Tower was completed in 1889 and stands in Paris.\nIt is a much-loved tower.';
const SOURCE = 'https://www.toureiffel.paris/en/the-monument/history';

function createPaidOrder(page: Page, email: string): Promise<string> {
  return createOrderViaApi(page, { email, content: ORIGINAL, serviceTier: 'fact-checked' });
}

/** Selects `passage` in the read-only original and quotes it into the claim form. */
async function quote(dialog: Locator, passage: string) {
  const original = dialog.getByLabel('Original content');
  await original.evaluate((el, text) => {
    const area = el as HTMLTextAreaElement;
    const start = area.value.indexOf(text);
    area.focus();
    area.setSelectionRange(start, start + text.length);
  }, passage);
  await dialog.getByRole('button', { name: 'Quote selected text' }).click();
  await expect(dialog.getByTestId('claim-passage')).toContainText(passage);
}

async function addClaim(dialog: Locator, claim: { passage: string; verdict: string; source?: string; note: string }) {
  await quote(dialog, claim.passage);
  await dialog.getByLabel('Verdict').selectOption({ label: claim.verdict });
  if (claim.source) await dialog.getByRole('textbox', { name: 'Sources' }).fill(claim.source);
  await dialog.getByLabel('Note', { exact: true }).fill(claim.note);
  await dialog.getByRole('button', { name: 'Add claim' }).click();
}

async function save(download: Promise<Download>): Promise<{ name: string; body: Buffer }> {
  const file = await download;
  return { name: file.suggestedFilename(), body: await readFile((await file.path())!) };
}

test('a reviewer edits, adds two claims and completes; the customer sees the changes and the report and downloads three files', async ({
  page,
  browser,
  signUpAdmin,
}) => {
  test.setTimeout(120_000);
  const customer = await signUpViaApi(page);
  const id = await createPaidOrder(page, customer.email);

  // The reviewer's workspace: the original beside a copy to edit.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Riley', lastName: 'Reviewer' });
  await admin.goto('/admin');
  // The desk opens on open work (issue 42): all statuses, so the completed row stays listed.
  await admin.getByLabel('Status').selectOption('all');
  await admin.getByLabel('Search').fill(id);
  const row = admin.getByTestId(`queue-row-${id}`);
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  // The search settles on this one row before the dialog opens (a re-render would swallow the click).
  await expect(admin.locator('[data-testid^="queue-row-"]')).toHaveCount(1);
  const dialog = admin.getByRole('dialog', { name: `Submission ${id}` });
  await expect(async () => {
    if (!(await dialog.isVisible())) await row.getByRole('button', { name: `View and review ${id}` }).click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(dialog.getByLabel('Original content')).toHaveValue(ORIGINAL);
  const copy = dialog.getByLabel('Reviewed content');
  await expect(copy).toHaveValue(ORIGINAL);
  await expect(dialog.getByTestId('changed-words')).toHaveText('0 words changed');

  await copy.fill(REVIEWED);
  await expect(dialog.getByTestId('changed-words')).toHaveText('7 words changed');
  // The draft saves itself, which starts the review.
  await expect(dialog.getByTestId('autosave-status')).toContainText('Draft saved at');
  await expect(row.getByText('In review', { exact: true })).toBeVisible();

  // A fact-checked order is not completed without its report.
  const complete = dialog.getByRole('button', { name: 'Complete Review' });
  await expect(complete).toBeDisabled();
  await expect(dialog.getByText(/needs at least one claim/)).toBeVisible();

  await addClaim(dialog, { passage: '1899', verdict: 'corrected', source: SOURCE, note: 'Completed in 1889, for the World’s Fair.' });
  await expectToast(admin, 'Claim added');
  await addClaim(dialog, { passage: 'the most beautiful tower in the world', verdict: 'opinion — not checkable', note: 'A judgement; softened.' });
  const reviewerClaims = dialog.getByRole('list', { name: 'Claims' }).locator(':scope > li');
  await expect(reviewerClaims).toHaveCount(2);
  await expect(reviewerClaims.nth(0)).toContainText('corrected');
  await expect(reviewerClaims.nth(1)).toContainText('opinion — not checkable');

  await dialog.getByLabel('Reviewer notes').fill('Corrected the date and softened the superlative.');
  await expect(complete).toBeEnabled();
  await complete.click();
  await confirmDelivery(admin);
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();
  await context.close();

  // The customer: the changes, the clean copy, the report and the three files.
  await page.goto('/dashboard');
  const card = page.locator(`[data-testid="submission-card"][data-submission-id="${id}"]`);
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Submission ${id}` });
  const diff = details.getByTestId('diff-view');
  await expect(diff.locator('del').filter({ hasText: '1899' })).toBeVisible();
  await expect(diff.locator('ins').filter({ hasText: '1889' })).toBeVisible();
  await expect(diff.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
  await expect(diff.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
  await expect(diff.locator('del').filter({ hasText: '1899' })).toContainText('[deleted:');
  await expect(details.getByTestId('words-changed')).toHaveText('7 words changed');

  await details.getByRole('button', { name: 'Clean copy' }).click();
  await expect(details.getByRole('button', { name: 'Clean copy' })).toHaveAttribute('aria-pressed', 'true');
  await expect(details.getByTestId('clean-copy')).toHaveText(REVIEWED);
  await details.getByRole('button', { name: 'Show changes' }).click();
  await expect(details.getByTestId('diff-view')).toBeVisible();

  const report = details.getByTestId('fact-check-report');
  const counts = report.getByRole('definition');
  await expect(counts).toHaveText(['0', '1', '0', '1']);
  const claims = report.getByRole('list', { name: 'Checked claims' }).locator(':scope > li');
  await expect(claims).toHaveCount(2);
  await expect(claims.nth(0)).toContainText('corrected');
  await expect(claims.nth(0).locator('mark')).toContainText('1899');
  await expect(claims.nth(0)).toContainText('Completed in 1889, for the World’s Fair.');
  const link = claims.nth(0).getByRole('link', { name: new RegExp(SOURCE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });
  await expect(link).toHaveAttribute('href', SOURCE);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(claims.nth(1)).toContainText('opinion — not checkable');
  await expect(claims.nth(1).locator('mark')).toContainText('the most beautiful tower in the world');
  await expect(details.getByText('Corrected the date and softened the superlative.')).toBeVisible();

  const text = await save(Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download text' }).click()]).then(([d]) => d));
  expect(text.name).toBe(`${id}-reviewed.txt`);
  expect(text.body.toString('utf8')).toBe(REVIEWED);

  const word = await save(
    Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download Word (tracked changes)' }).click()]).then(([d]) => d),
  );
  expect(word.name).toBe(`${id}-reviewed.docx`);
  const xml = readZip(word.body).get('word/document.xml')!.toString('utf8');
  expect(xml).toMatch(/<w:del [^>]*w:author="HumanProof review team"[^>]*>[\s\S]*?<w:delText[^>]*>1899<\/w:delText>/);
  expect(xml).toMatch(/<w:ins [^>]*w:author="HumanProof review team"[^>]*>[\s\S]*?<w:t[^>]*>1889<\/w:t>/);

  const pdf = await save(
    Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download fact-check report' }).click()]).then(([d]) => d),
  );
  expect(pdf.name).toBe(`${id}-fact-check.pdf`);
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
