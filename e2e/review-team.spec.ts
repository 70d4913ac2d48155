/**
 * Issue 14's "Done when": two reviewers and an admin work one queue without ever overwriting each other
 * (decision 021). The admin invites both reviewers from the team page; each joins through the e-mailed link.
 */
import type { Page } from '@playwright/test';
import { createOrderViaApi, expect, expectToast, signUpViaApi, test, uniqueEmail } from './fixtures';
import { TEAM_MESSAGES } from '../shared/team.schema';
import { inviteAndJoin, person } from './support/team';

const ORIGINAL = 'Our launch post says the tower opened in 1899 and that everyone loves it.';

async function openReview(page: Page, id: string) {
  await page.goto('/admin');
  // The search applies after a pause: wait for its answer, so the dialog does not open on a list about to change.
  const searched = page.waitForResponse((r) => r.url().includes(`/api/admin/submissions?q=${id}`));
  await page.getByLabel('Search').fill(id);
  await searched;
  const row = page.getByTestId(`queue-row-${id}`);
  await expect(row).toBeVisible();
  await expect(page.locator('[data-testid^="queue-row-"]')).toHaveCount(1);
  await row.getByRole('button', { name: `View and review ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Submission ${id}` });
  await expect(dialog).toBeVisible();
  return { row, dialog };
}

/** The stored draft, as the admin API has it. */
async function storedDraft(admin: Page, id: string): Promise<string | null> {
  const response = await admin.request.get(`/api/admin/submissions/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { reviewedContent: string | null }).reviewedContent;
}

test('two reviewers and an admin work one queue without overwriting each other', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(120_000);
  const customer = await signUpViaApi(page);
  const orderId = await createOrderViaApi(page, { email: customer.email, content: ORIGINAL });

  const anaEmail = uniqueEmail('ana');
  const benEmail = uniqueEmail('ben');
  const admin = await person(browser, { firstName: 'Ada', lastName: 'Admin' }, signUpAdmin);
  const ana = await person(browser, { email: anaEmail, firstName: 'Ana', lastName: 'Reviewer' });
  const ben = await person(browser, { email: benEmail, firstName: 'Ben', lastName: 'Reviewer' });

  // The admin builds the team.
  await admin.goto('/admin/team');
  await expect(admin.getByRole('heading', { level: 1, name: 'Review team' })).toBeVisible();
  await inviteAndJoin(admin, ana, anaEmail);
  await inviteAndJoin(admin, ben, benEmail);
  await admin.reload();
  await expect(admin.getByTestId(`member-${anaEmail}`)).toContainText('Reviewer');
  await expect(admin.getByTestId(`invitation-${anaEmail}`)).toHaveCount(0);

  // Ana: the review queue, without money or the team; she claims the order and saves a draft.
  await ana.goto('/admin');
  await expect(ana.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(ana.getByRole('navigation').getByRole('link', { name: 'Review queue' }).first()).toBeVisible();
  await expect(ana.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await expect(ana.getByRole('link', { name: /ledger/i })).toHaveCount(0);
  const a = await openReview(ana, orderId);
  await expect(a.dialog.getByText('Payments and refunds')).toHaveCount(0);
  await expect(a.dialog.getByText('Amount', { exact: true })).toHaveCount(0);
  await a.dialog.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(a.dialog.getByTestId('claim-status')).toHaveText(/Claimed by you/);
  await a.dialog.getByLabel('Reviewed content').fill('Ana: the tower opened in 1889.');
  await a.dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(ana, 'Draft saved');
  await expect.poll(() => storedDraft(admin, orderId)).toBe('Ana: the tower opened in 1889.');

  // Ben sees who holds it; his claim and his save are refused, and his text stays in his form.
  const b = await openReview(ben, orderId);
  await expect(b.row.getByTestId('claim-badge')).toContainText('Claimed by Ana Reviewer');
  await expect(b.dialog.getByTestId('claim-status')).toContainText('Claimed by Ana Reviewer');
  await b.dialog.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(b.dialog.getByTestId('claim-bar').getByRole('alert')).toContainText('Claimed by Ana Reviewer');
  await b.dialog.getByLabel('Reviewed content').fill('Ben: my own take on the tower.');
  await b.dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expect(b.dialog.getByTestId('review-conflict')).toContainText('Claimed by Ana Reviewer');
  await expect(b.dialog.getByLabel('Reviewed content')).toHaveValue('Ben: my own take on the tower.');
  expect(await storedDraft(admin, orderId)).toBe('Ana: the tower opened in 1889.');

  // The admin reassigns the order to Ben.
  const d = await openReview(admin, orderId);
  await expect(d.dialog.getByTestId('claim-status')).toContainText('Claimed by Ana Reviewer');
  await d.dialog.getByLabel('Reassign to').selectOption({ label: 'Ben Reviewer (reviewer)' });
  await d.dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(d.dialog.getByTestId('claim-status')).toContainText('Claimed by Ben Reviewer');

  // Ben's open dialog hears of the reassignment (live updates, decision 038): the order is his now, so the
  // "claimed by" notice goes, and his text is still in his form; he saves it.
  await expect(b.dialog.getByTestId('claim-status')).toContainText('Claimed by you');
  await expect(b.dialog.getByTestId('review-conflict')).toHaveCount(0);
  await expect(b.dialog.getByLabel('Reviewed content')).toHaveValue('Ben: my own take on the tower.');
  await b.dialog.getByLabel('Reviewed content').fill('Ben: the tower opened in 1889, and most visitors love it.');
  await b.dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(ben, 'Draft saved');
  await expect.poll(() => storedDraft(admin, orderId)).toBe('Ben: the tower opened in 1889, and most visitors love it.');

  // Ana's tab is stale: her save is refused with the reload message, her text stays, Ben's draft stands.
  await a.dialog.getByLabel('Reviewed content').fill('Ana: a late edit from an old tab.');
  await a.dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expect(a.dialog.getByTestId('review-conflict')).toContainText(TEAM_MESSAGES.staleDraft);
  await expect(a.dialog.getByLabel('Reviewed content')).toHaveValue('Ana: a late edit from an old tab.');
  expect(await storedDraft(admin, orderId)).toBe('Ben: the tower opened in 1889, and most visitors love it.');
  await a.dialog.getByTestId('review-conflict').getByRole('button', { name: 'Reload' }).click();
  await expect(a.dialog.getByLabel('Reviewed content')).toHaveValue('Ben: the tower opened in 1889, and most visitors love it.');
  await expect(a.dialog.getByTestId('kept-text').getByLabel('Your unsaved text')).toHaveValue('Ana: a late edit from an old tab.');
  await expect(a.dialog.getByTestId('claim-status')).toContainText('Claimed by Ben Reviewer');

  for (const p of [admin, ana, ben]) await p.context().close();
});
