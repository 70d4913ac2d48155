import type { Page } from '@playwright/test';
import { E2E_PASSWORD, expect, test, uniqueEmail } from './fixtures';

const content = (page: Page) => page.getByRole('textbox', { name: 'Your content' });
const fast = (page: Page) => page.getByLabel(/Fast turnaround/);
const draftNotice = (page: Page) => page.getByText('Draft restored', { exact: true });

/** Every stored copy a draft could come back from. */
async function storedDrafts(page: Page) {
  return page.evaluate(() => ({
    sessionDraft: sessionStorage.getItem('humanproof:check-now-draft'),
    localDraft: localStorage.getItem('humanproof:check-now-draft'),
    localPending: localStorage.getItem('pendingSubmission'),
    sessionPending: sessionStorage.getItem('pendingSubmission'),
  }));
}

async function expectEmptyForm(page: Page) {
  await expect(content(page)).toHaveValue('');
  await expect(fast(page)).not.toBeChecked();
  for (const tier of ['Fact checked', 'Polished', 'Rewritten']) {
    await expect(page.getByRole('radio', { name: tier })).not.toBeChecked();
  }
  await expect(page.getByLabel('Tone (optional)')).toHaveValue('');
  await expect(draftNotice(page)).toBeHidden();
}

test.describe('drafts of the order form', () => {
  test('the next order starts empty after the visitor path: submit, sign up, checkout, pay', async ({ page }) => {
    await page.goto('/check-now');
    await content(page).fill('A launch announcement for our new product, written by a model and needing a human eye.');
    await page.getByRole('radio', { name: 'Rewritten' }).check();
    await page.getByLabel('Category').selectOption({ label: 'Blog post' });
    await page.getByLabel('Tone (optional)').fill('Formal');
    await fast(page).check();
    await page.getByLabel('Name', { exact: true }).fill('Vera Visitor');
    await page.getByLabel('Email', { exact: true }).fill('vera@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Email').fill(uniqueEmail('drafts'));
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
    expect(await storedDrafts(page)).toEqual({ sessionDraft: null, localDraft: null, localPending: null, sessionPending: null });

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'Submit new content' }).click();
    await expect(page).toHaveURL(/\/check-now$/);
    await expectEmptyForm(page);
    // A reload of the fresh form does not bring the old order back either.
    await page.reload();
    await expectEmptyForm(page);
  });

  test('an unsent draft comes back after a reload and says so; "Start over" clears it', async ({ page }) => {
    await page.goto('/check-now');
    await expectEmptyForm(page);
    await content(page).fill('Half-written text the visitor has not sent yet, kept across a reload.');
    await page.getByRole('radio', { name: 'Polished' }).check();
    await fast(page).check();

    await page.reload();
    await expect(draftNotice(page)).toBeVisible();
    await expect(content(page)).toHaveValue('Half-written text the visitor has not sent yet, kept across a reload.');
    await expect(page.getByRole('radio', { name: 'Polished' })).toBeChecked();
    await expect(fast(page)).toBeChecked();

    await page.getByRole('button', { name: 'Start over' }).click();
    await expectEmptyForm(page);
    expect((await storedDrafts(page)).sessionDraft).toBeNull();
    await page.reload();
    await expectEmptyForm(page);
  });
});
