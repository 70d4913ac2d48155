import type { Locator, Page } from '@playwright/test';
import { createOrderViaApi, expect, expectEditorText, expectToast, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

/**
 * The reference review by keyboard alone (issue 42 item 4, decision 066): claim the order, handle the suggested
 * claims and the findings, write a claim with its verdict, source and note, edit the text, save, and deliver through
 * the check. Every key press is counted; the journey fails above its ceiling.
 *
 * Measured: 74 key presses (2026-11-28, this text and order; 50 of them the characters typed). Ceiling: 85, room
 * for a harmless change (another Tab stop on the way to Claim, one more finding) and none for a regression such as
 * the 146 Tabs issue 42 counted to reach a claim's Sources field. Lower it when the journey gets shorter.
 */
const KEY_PRESS_CEILING = 85;

const ORIGINAL = 'Our results delve into the traffic data. The bridge opened in 1923 and carries 160,000 vehicles a day. Drivers recieve a newsletter.';

/** page.keyboard, counting every key: a typed text counts one press per character. */
function countedKeys(page: Page) {
  let presses = 0;
  return {
    press: async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      presses += [...text].length;
      await page.keyboard.type(text);
    },
    /** Tab (or Shift+Tab) until `target` has the focus. */
    tabTo: async (target: Locator, { max = 30 }: { max?: number } = {}) => {
      for (let i = 0; i < max; i += 1) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        presses += 1;
        await page.keyboard.press('Tab');
      }
      await expect(target).toBeFocused();
    },
    get count() {
      return presses;
    },
  };
}

test.use({ viewport: { width: 1280, height: 800 } });

test('the reference review, by keyboard alone, under its ceiling of key presses', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const customer = await context.newPage();
  const { email } = await signUpViaApi(customer);
  const id = await createOrderViaApi(customer, { email, content: ORIGINAL, serviceTier: 'fact-checked' });
  await context.close();

  await signUpAdmin(page, { firstName: 'Kay', lastName: 'Board' });
  await page.goto(`/admin/orders/${id}`);
  const keys = countedKeys(page);
  const reviewed = page.getByRole('textbox', { name: 'Reviewed content' });
  await expectEditorText(reviewed, ORIGINAL);
  const suggestions = page.getByRole('list', { name: 'Suggested claims' }).locator(':scope > li');
  const findings = page.getByRole('list', { name: 'Findings' }).locator(':scope > li');
  await expect(suggestions.first()).toBeVisible();
  await expect(findings.first()).toBeVisible();

  // Claim the order: the Claim button is early in the sticky toolbar.
  await keys.tabTo(page.getByRole('button', { name: 'Claim', exact: true }));
  await keys.press('Enter');
  await expect(page.getByTestId('claim-status')).toContainText('Claimed by you');

  // The suggested claims are the active panel. a adds the bridge sentence to the report, and the focus is in the new
  // claim's form: 2 "corrected", then its source and note, then Add claim.
  const active = page.getByTestId('active-panel');
  await expect(page.getByRole('region', { name: 'Suggested claims' }).getByTestId('active-panel')).toBeVisible();
  await expect(suggestions.first()).toContainText('The bridge opened in 1923');
  await keys.press('a');
  const verdict = page.getByLabel('Verdict');
  await expect(verdict).toBeFocused();
  await expect(page.getByTestId('claim-passage')).toContainText('The bridge opened in 1923 and carries 160,000 vehicles a day.');
  await keys.press('2');
  await expect(verdict).toHaveValue('corrected');
  await keys.press('Tab');
  await keys.type('https://example.org/bridge');
  await keys.press('Tab');
  await keys.type('Opened in 1932.');
  await keys.press('Tab');
  await expect(page.getByRole('button', { name: 'Add claim' })).toBeFocused();
  await keys.press('Enter');
  await expectToast(page, 'Claim added');

  // Esc goes back to the cards; the other suggestions are ignored one by one (i), until none is left.
  await keys.press('Escape');
  for (let left = await suggestions.count(); left > 0; left -= 1) {
    await keys.press('i');
    await expect(suggestions).toHaveCount(left - 1);
  }
  await expect(page.getByText('No suggested claims left.')).toBeVisible();

  // The findings, made the active panel on purpose: a accepts a fix, i ignores one without a fix.
  await keys.press('f');
  await expect(active).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Language checks' }).getByTestId('active-panel')).toBeVisible();
  for (let left = await findings.count(); left > 0; left -= 1) {
    const hasFix = await findings.first().getByRole('button', { name: 'Accept' }).isEnabled();
    await keys.press(hasFix ? 'a' : 'i');
    await expect(findings).toHaveCount(left - 1);
  }
  const fixed = await reviewed.evaluate((el) => el.textContent ?? '');
  expect(fixed).toContain('receive');

  // To the text (t), an edit at its end, then Ctrl+S.
  await keys.press('t');
  await expect(reviewed).toBeFocused();
  await keys.press('Control+End');
  await keys.type(' Checked.');
  await keys.press('Control+s');
  await expectToast(page, 'Draft saved');

  // Ctrl+Enter: the check before delivery, Tab to Confirm, Enter.
  await keys.press('Control+Enter');
  const check = page.getByRole('dialog', { name: 'Deliver this review?' });
  await expect(check.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await keys.press('Tab');
  await expect(check.getByRole('button', { name: 'Confirm and deliver' })).toBeFocused();
  await keys.press('Enter');
  await expectToast(page, 'Review completed');
  await expect(page).toHaveURL(/\/admin$/);
  const order = (await (await page.request.get(`/api/admin/submissions/${id}`)).json()) as { status: string; reviewedContent: string };
  expect(order.status).toBe('completed');
  expect(order.reviewedContent).toContain('receive a newsletter. Checked.');

  console.log(`The reference review took ${keys.count} key presses (ceiling ${KEY_PRESS_CEILING}).`);
  expect(keys.count).toBeLessThanOrEqual(KEY_PRESS_CEILING);
});
