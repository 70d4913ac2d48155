import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { createOrderViaApi, expect, signUpViaApi, test, toastLocator } from './fixtures';

/** WCAG 2.2 AA, as the accessibility walk scans each page. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * Issue 44 item 4 (decision 074): the customer blocks the reviewer who delivered an order from its card, knowing them
 * by pseudonym, then undoes it by keyboard from Settings → Reviewers, on a 320 px screen.
 */
test('a customer blocks the delivering reviewer from the order, sees it in Settings and undoes it there', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 720 });
  const customer = await signUpViaApi(page, { firstName: 'Dana' });
  const id = await createOrderViaApi(page, { email: customer.email, content: 'The Eiffel Tower was completed in 1889 and stands in Paris, France.' });

  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const adminPage = await adminContext.newPage();
  await signUpAdmin(adminPage, { firstName: 'Rita', lastName: 'Reviewer' });
  const headers = { origin: E2E_BASE_URL };
  const claimed = await adminPage.request.post(`/api/admin/submissions/${id}/claim`, { headers });
  expect(claimed.status(), await claimed.text()).toBe(200);
  const review = await adminPage.request.patch(`/api/admin/submissions/${id}/review`, {
    headers,
    data: {
      version: ((await claimed.json()) as { reviewVersion: number }).reviewVersion,
      id,
      reviewedContent: 'The Eiffel Tower was completed in 1889; it stands in Paris.',
      reviewerNotes: '',
      complete: true,
      attachmentMode: 'text',
      documentLink: '',
      uploadedDocuments: [],
    },
  });
  expect(review.status(), await review.text()).toBe(200);
  await adminContext.close();

  await page.goto('/dashboard');
  const control = page.locator(`[data-submission-id="${id}"]`).getByTestId('reviewer-preference-control');
  await expect(control).toContainText(/Reviewed by Rita R\./);
  await expect(control).not.toContainText('@');
  await control.getByRole('button', { name: 'Block' }).click();
  await expect(control.getByRole('status')).toHaveText('Saved: this reviewer will not get your orders.');
  await expect(control.getByRole('button', { name: 'Block' })).toHaveAttribute('aria-pressed', 'true');
  expect(await violations(page)).toEqual([]);

  await page.goto('/settings#reviewers');
  const row = page.getByTestId('reviewer-preference');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Rita R\./);
  await expect(row).toContainText('Blocked');
  await expect(row).toContainText(id);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  expect(await violations(page)).toEqual([]);
  const undo = row.getByRole('button', { name: /^Undo/ });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(toastLocator(page).getByText(/^Rita R\..*: no longer blocked$/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('None yet.', { exact: false })).toBeVisible();

  await page.goto('/dashboard');
  await expect(control.getByRole('button', { name: 'Block' })).toHaveAttribute('aria-pressed', 'false');
});
