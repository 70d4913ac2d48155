/**
 * The end-to-end tests own their data (issue 41): a test that needs an administrator makes its own, with an address
 * nobody else uses, through the `signUpAdmin` fixture; no address is an administrator by the e2e server's
 * configuration, so two tests running side by side never share one (and never claim each other's orders).
 */
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures';
import { setAdmin } from './support/admins';

async function isAdmin(page: Page): Promise<boolean> {
  const queue = await page.request.get('/api/admin/submissions');
  expect([200, 403], await queue.text()).toContain(queue.status());
  return queue.status() === 200;
}

test.describe('administrators of a test', () => {
  test.describe.configure({ mode: 'serial' });
  let madeEarlier: string | null = null;

  test('each is a new account of its own, an administrator at once', async ({ page, browser, signUpAdmin }) => {
    const first = await signUpAdmin(page, { firstName: 'Ada', lastName: 'Admin' });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const second = await signUpAdmin(await context.newPage(), { firstName: 'Bo', lastName: 'Admin' });
    expect(second.email).not.toBe(first.email);
    expect(await isAdmin(page)).toBe(true);
    expect(await isAdmin(context.pages()[0]!)).toBe(true);
    await context.close();
    madeEarlier = first.email;
  });

  test('lose the role when their test ends', async ({ page }) => {
    expect(madeEarlier, 'the test before made an administrator').not.toBeNull();
    await signUpViaApi(page, { email: madeEarlier! });
    expect(await isAdmin(page)).toBe(false);
  });
});

test('no address is an administrator by the server configuration, not even the numbered ones the specs once shared', async ({ page }) => {
  await signUpViaApi(page, { email: 'e2e-admin-1@humanproof.test' });
  expect(await isAdmin(page)).toBe(false);
});

test('the harness refuses to grant an address without an account, and says so', async () => {
  const nobody = uniqueEmail('nobody');
  await expect(setAdmin(nobody, true)).rejects.toThrow(`answered 404 {"message":"no account with the e-mail ${nobody}"}`);
});
