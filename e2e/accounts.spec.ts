import { readFileSync } from 'node:fs';
import { request as newRequest, type Browser, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../shared/account.schema';
import { API_KEY_MESSAGES } from '../shared/api-v1.schema';
import { E2E_BASE_URL } from './env';
import { E2E_PASSWORD, expect, signUpViaApi, test, uniqueEmail } from './fixtures';
import { linkIn, mailsTo, waitForMail } from './mailbox';

const NEW_PASSWORD = 'my-new-passphrase-2026';
const NEUTRAL = "We couldn't create an account with these details. If you have one, sign in or reset your password.";

/** Another device: a browser context of its own, signed in with the password. */
async function signInElsewhere(browser: Browser, email: string, password = E2E_PASSWORD) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const response = await context.request.post('/api/identity/sign-in/email', {
    headers: { origin: E2E_BASE_URL },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  return context;
}

async function isSignedIn(request: Page['request']): Promise<boolean> {
  // An anonymous caller gets 200 with null (a dead session cookie gets 401): signed in means an account came back.
  const response = await request.get('/api/auth/user');
  return response.status() === 200 && (await response.json()) !== null;
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-up sends a verification e-mail; the banner offers "Resend" until the link is opened', async ({ page }) => {
  const email = uniqueEmail('verify');
  await page.goto('/sign-up');
  // Sent empty: an error summary takes the focus, and each of its links takes the keyboard to its field.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'Please enter a valid email' }).press('Enter');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Fied');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByRole('region', { name: 'E-mail verification' });
  await expect(banner).toContainText('Your e-mail address is not verified yet');
  await waitForMail(email, 'Confirm your e-mail address');

  // Unverified accounts still use the product: the order form is open to them.
  await page.goto('/check-now');
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner).toContainText('We have sent you a new verification e-mail.');
  const second = await waitForMail(email, 'Confirm your e-mail address', 2);
  expect(second.html).toContain('/api/identity/verify-email?token=');

  await page.goto(linkIn(second, '/api/identity/verify-email'));
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test('forgot password: e-mailed single-use link, new password, other devices signed out', async ({ page, browser }) => {
  const user = await signUpViaApi(page, { firstName: 'Rosa', lastName: 'Reset' });
  const laptop = await signInElsewhere(browser, user.email);
  expect(await isSignedIn(laptop.request)).toBe(true);
  await page.context().clearCookies();

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('status');
  await expect(answer).toContainText('If an account exists for this address');
  const answerText = await answer.textContent();

  const mail = await waitForMail(user.email, 'Reset your HumanProof password');
  expect(mail.text).toContain('expires in 1 hour');
  const link = linkIn(mail, '/reset-password#token=');

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=done$/);
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await signInWithForm(page, user.email, E2E_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInWithForm(page, user.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await isSignedIn(laptop.request)).toBe(false);
  await laptop.close();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a-third-passphrase-x');
  await page.getByLabel('Confirm new password').fill('a-third-passphrase-x');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');

  // An address without an account gets the very same answer, and no e-mail.
  const nobody = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(answerText ?? '');
  // Wait for a state, not for time: a later e-mail through the same outbox (sent oldest first). Once it has arrived,
  // an e-mail to `nobody`, had one been queued, would have been sent before it.
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await waitForMail(user.email, 'Reset your HumanProof password', 2);
  expect(await mailsTo(nobody)).toEqual([]);
});

test('sign-up with an address that has an account shows the neutral message and tells the owner', async ({ page }) => {
  const owner = await signUpViaApi(page, { firstName: 'Owen', lastName: 'Owner' });
  await page.context().clearCookies();
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('another-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(NEUTRAL);
  await expect(alert).not.toContainText(/exists/i);
  await expect(page).toHaveURL(/\/sign-up$/);
  expect(await isSignedIn(page.request)).toBe(false);
  const notice = await waitForMail(owner.email, 'Someone tried to create a HumanProof account');
  expect(notice.text).toContain('Hello Owen,');
});

test('settings: change password, devices, sign out other devices', async ({ page, browser }) => {
  const user = await signUpViaApi(page, { firstName: 'Set', lastName: 'Tings' });
  const phone = await signInElsewhere(browser, user.email);
  await page.goto('/settings');

  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(/^Chrome on \w+/);

  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await isSignedIn(phone.request)).toBe(false);
  await phone.close();

  const tablet = await signInElsewhere(browser, user.email);
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();
  expect(await isSignedIn(tablet.request)).toBe(true);

  await form.getByLabel('Current password').fill(E2E_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('li[data-variant]').getByText('Password changed', { exact: true })).toBeVisible();
  expect(await isSignedIn(tablet.request)).toBe(false);
  expect(await isSignedIn(page.request)).toBe(true);
  await tablet.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // API keys survived both (decision 032); "Revoke all API keys" beside the devices ends them, after a confirmation.
  const created = await page.request.post('/api/api-keys', { data: { name: 'CI', scopes: ['orders:read'] }, headers: { origin: E2E_BASE_URL } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const server = await newRequest.newContext({ baseURL: E2E_BASE_URL }); // no cookies: a key alone
  const useKey = () => server.get('/api/v1/orders', { headers: { authorization: `Bearer ${key}` } });
  expect((await useKey()).status()).toBe(200);
  await expect(page.getByText(ACCOUNT_MESSAGES.keysSurviveSignOut)).toBeVisible();
  await page.getByRole('button', { name: 'Revoke all API keys' }).click();
  await page.getByRole('button', { name: 'Yes, revoke all keys' }).click();
  await expect(page.locator('li[data-variant]').getByText(API_KEY_MESSAGES.allRevoked(1))).toBeVisible();
  expect((await useKey()).status()).toBe(401);
  await server.dispose();
});

test('settings: download my data, then delete my account', async ({ page }) => {
  const user = await signUpViaApi(page, { firstName: 'Del', lastName: 'Eted' });
  const other = uniqueEmail('other');
  await page.goto('/settings');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^humanproof-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    profile: { email: string; firstName: string };
    orders: unknown[];
    messages: unknown[];
  };
  expect(data.profile).toMatchObject({ email: user.email, firstName: 'Del' });
  expect(data.orders).toEqual([]);
  expect(JSON.stringify(data)).not.toContain(other);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(E2E_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  expect(await isSignedIn(page.request)).toBe(false);

  await page.goto('/sign-in');
  await signInWithForm(page, user.email, E2E_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
});

test('settings: changing the e-mail address takes effect only from the link sent to the new address', async ({ page }) => {
  const user = await signUpViaApi(page, { firstName: 'Em', lastName: 'Ail' });
  const next = uniqueEmail('next');
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change e-mail' });
  await form.getByLabel('New e-mail address').fill(next);
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();
  await form.getByLabel('Current password').fill(E2E_PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toContainText('Your e-mail address changes when you open it');

  const mail = await waitForMail(next, 'Confirm your new e-mail address');
  // Until then the account keeps its address.
  const before = (await (await page.request.get('/api/auth/user')).json()) as { email: string };
  expect(before.email).toBe(user.email);

  await page.goto(linkIn(mail, '/api/identity/verify-email'));
  await expect(page).toHaveURL(/\/email-verified\?changed=1$/);
  await expect(page.getByText('Your e-mail address has been changed and verified.')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);
  await expect(page.getByText(next).first()).toBeVisible();
  // Leave the signed-in page first: a request it makes without the session would race the next navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signInWithForm(page, next, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});
