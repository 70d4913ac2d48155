import { formatPence } from '../shared/money';
import { quotePrice } from '../shared/pricing';
import { expect, test } from './fixtures';

/** Issue 45 item 4: the sign-in step keeps the context of the order, within the spec's /login page. */

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i + 1}`).join(' ');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px /login names the order waiting, and sign-up starts with the name and e-mail typed`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto('/check-now');
    await page.getByRole('textbox', { name: 'Your content' }).fill(words(1200));
    const polished = page.getByRole('radio', { name: 'Polished' });
    await expect(async () => {
      await polished.check();
      await expect(polished).toBeChecked({ timeout: 1_000 });
    }).toPass();
    await page.getByLabel('Category').selectOption({ label: 'Blog post' });
    await page.getByLabel('Name', { exact: true }).fill('Grace Brewster Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace.hopper@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page).toHaveURL(/\/login$/);
    // The spec's notice stays, and now says what is ready and its price.
    const notice = page.getByRole('status').filter({ hasText: 'Your submission is ready' });
    await expect(notice).toBeVisible();
    await expect(notice.getByTestId('pending-order')).toHaveText(`1,200 words · Polished · ${formatPence(quotePrice(1200, 'polished', false).totalPence)}`);
    await page.screenshot({ path: testInfo.outputPath(`login-notice-${viewport.width}.png`), fullPage: true });

    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Last name')).toHaveValue('Brewster Hopper');
    await expect(page.getByLabel('Email')).toHaveValue('grace.hopper@example.com');

    // Every error summary names its fields: emptied names read "First name: Required", never "Required / Required".
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').fill('');
    await page.getByRole('button', { name: 'Create account' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('listitem').nth(0)).toHaveText('First name: Required');
    await expect(summary.getByRole('listitem').nth(1)).toHaveText('Last name: Required');
    await summary.getByRole('listitem').nth(1).getByRole('link', { name: 'Required' }).press('Enter');
    await expect(page.getByRole('textbox', { name: 'Last name' })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath(`sign-up-summary-${viewport.width}.png`) });
  });
}
