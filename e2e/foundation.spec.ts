import { E2E_PASSWORD, expect, expectToast, signUpViaApi, test, uniqueEmail } from './fixtures';

test('a visitor signs up, lands on the dashboard, logs out and signs in again', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The error summary links to the field, and the field says it too.
  await expect(page.getByRole('alert', { name: 'There is a problem' }).getByRole('link')).toHaveText(['Password must be at least 12 characters']);
  await expect(page.locator('p[role="alert"]').getByText('Password must be at least 12 characters')).toBeVisible();
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/api/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('the login page offers both cards and legal links', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Sign in to existing account')).toBeVisible();
  await expect(page.getByText('Create new account')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(page.getByText('Your submission is ready')).toHaveCount(0);
  await page.evaluate(() => window.localStorage.setItem('pendingSubmission', '{}'));
  await page.reload();
  await expect(page.getByText('Your submission is ready')).toBeVisible();
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('an administrator sees the Admin button; a customer does not', async ({ page, signUpAdmin }) => {
  await signUpAdmin(page, { firstName: 'Ada', lastName: 'Admin' });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  // Leave the page before its session goes: a request it still makes without one is answered 401, and the app then
  // (rightly) sends it to sign-in, racing the next navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signUpViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Check now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('the mobile menu slides in from the right and closes on any choice', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, { firstName: 'Mo', lastName: 'Bile' });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box!.x + box!.width).toBeGreaterThanOrEqual(359);
  await expect(panel.getByText('Mo Bile')).toBeVisible();
  for (const name of ['About', 'Services', 'Blog', 'Dashboard', 'Check now', 'Log out']) {
    await expect(panel.getByRole('link', { name })).toBeVisible();
  }
  await expect(panel.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(panel).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('settings: edit, cancel resets, save updates the profile everywhere', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Sam', lastName: 'Original' });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Original')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByText("Email cannot be changed as it's linked to your authentication")).toBeVisible();
  await page.getByLabel('Last name').fill('Changed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Original')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue('Original');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByLabel('Last name').fill('Saved');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your profile has been successfully updated.');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Sam Saved')).toBeVisible();
  await page.keyboard.press('Escape');
  for (const card of ['Notifications', 'Account Security', 'Billing & Usage']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
});

test('an unknown path shows the 404 page with the router hint', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
});

test('a logged-out visitor on /settings is told to sign in and sent to sign-in', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Authentication required' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/, { timeout: 5000 });
});

test('notices: F8 focuses the notification region and a 50 px swipe right dismisses', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Tia', lastName: 'Toast' });
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated');
  await page.keyboard.press('F8');
  const focusedInRegion = await page.evaluate(() => {
    const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
    return Boolean(region && region.contains(document.activeElement));
  });
  expect(focusedInRegion).toBe(true);

  const toast = page.locator('li[data-variant]');
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
  await page.mouse.up();
  await expect(toast).toHaveCount(0);
});
