import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { setAdmin } from './support/admins';

export { expect };

export const E2E_PASSWORD = 'e2e-password-long-enough';

let counter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export interface E2EUser {
  email: string;
  firstName: string;
  lastName: string;
}

/** Creates an account (or signs in when it exists) through the API, sharing the page's cookies. */
export async function signUpViaApi(page: Page, user: Partial<E2EUser> = {}): Promise<E2EUser> {
  const full: E2EUser = {
    email: user.email ?? uniqueEmail(),
    firstName: user.firstName ?? 'Casey',
    lastName: user.lastName ?? 'Customer',
  };
  const origin = E2E_BASE_URL;
  const signUp = await page.request.post('/api/identity/sign-up/email', {
    headers: { origin },
    data: { ...full, name: `${full.firstName} ${full.lastName}`, password: E2E_PASSWORD },
  });
  // An address that already has an account gets a neutral answer without a session (token null): sign in.
  const created = signUp.ok() && Boolean(((await signUp.json().catch(() => null)) as { token?: unknown } | null)?.token);
  if (!created) {
    const signIn = await page.request.post('/api/identity/sign-in/email', {
      headers: { origin },
      data: { email: full.email, password: E2E_PASSWORD },
    });
    expect(signIn.ok(), `sign-in for ${full.email}: ${await signIn.text()}`).toBe(true);
  }
  return full;
}

/**
 * Signs up a new account with an address of its own on `page` (through the API, sharing the page's cookies) and
 * makes it an administrator. The role lasts until the test ends.
 */
export type SignUpAdmin = (page: Page, user?: Partial<Omit<E2EUser, 'email'>>) => Promise<E2EUser>;

/**
 * Every test fails on an uncaught page error, a console error or any message about hydration, so a broken
 * screen or a pre-rendered page that does not match its client render cannot pass quietly. Expected failures (a 401 probe, a declined card) can be allowed by pattern.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; signUpAdmin: SignUpAdmin }>({
  allowConsoleErrors: [[], { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  signUpAdmin: async ({}, use) => {
    const made: string[] = [];
    await use(async (page, user = {}) => {
      const admin = await signUpViaApi(page, { ...user, email: uniqueEmail('admin') });
      await setAdmin(admin.email, true);
      made.push(admin.email);
      return admin;
    });
    for (const email of made) await setAdmin(email, false);
  },
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    const allowed = [/status of 401/, /status of 404/, /status of 409/, /status of 400/, /status of 402/, ...allowConsoleErrors];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    // A Content-Security-Policy violation fails the test too, even one a script caught (zod's eval probe was
    // one): the browser reports each as an issue, and a blocked resource is a broken page.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    page.on('console', (msg) => {
      const text = msg.text();
      // A hydration mismatch fails the test whatever its level (main.tsx reports React's recoverable errors).
      if (/hydrat/i.test(text)) {
        errors.push(`hydration: ${text}`);
        return;
      }
      if (msg.type() !== 'error') return;
      if (!allowed.some((re) => re.test(text))) errors.push(`console: ${text}`);
    });
    await use(page);
    expect(errors, 'unexpected errors in the page').toEqual([]);
  },
});

/** The notice on screen (Radix also announces it in a hidden live region, so match inside the toast). */
export function toastLocator(page: Page) {
  return page.locator('li[data-variant]');
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toast = toastLocator(page);
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(toast.getByText(description)).toBeVisible();
}

/**
 * Creates an order as the signed-in customer of `page` through the API and, unless `pay` is false, pays it with the
 * sandbox's test card. Answers the submission id.
 */
export async function createOrderViaApi(
  page: Page,
  order: { email: string; content: string; serviceTier?: string; category?: string; pay?: boolean },
): Promise<string> {
  const headers = { origin: E2E_BASE_URL };
  const created = await page.request.post('/api/submissions', {
    headers,
    data: {
      content: order.content,
      serviceTier: order.serviceTier ?? 'polished',
      category: order.category ?? 'blog-post',
      contactName: 'Casey Customer',
      contactEmail: order.email,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (order.pay === false) return id;
  const intent = await page.request.post('/api/create-payment-intent', { headers, data: { submissionId: id } });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/sandbox/confirm', {
    headers,
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return id;
}

/**
 * The check before delivery (issue 42): Complete Review opened it; Confirm sends the review, and "Review completed"
 * says so. The notice is looked for first: it lasts a few seconds from the moment it shows, however long the
 * dialog and the queue behind it take to settle on a busy machine.
 */
export async function confirmDelivery(page: Page): Promise<void> {
  const check = page.getByRole('dialog', { name: 'Deliver this review?' });
  await check.getByRole('button', { name: 'Confirm and deliver' }).click();
  await expectToast(page, 'Review completed');
  await expect(check).toHaveCount(0);
}

/** The same by keyboard: the check opens on Cancel; Tab reaches Confirm. */
export async function confirmDeliveryByKeyboard(page: Page): Promise<void> {
  const check = page.getByRole('dialog', { name: 'Deliver this review?' });
  await expect(check.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(check.getByRole('button', { name: 'Confirm and deliver' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Review completed');
  await expect(check).toHaveCount(0);
}

/**
 * The text of the workspace's prose editor (CodeMirror, decision 066), where a textarea had a value: its lines as the
 * reviewer reads them, without the widgets the editor draws (the unified view's removed text). Only the lines on
 * screen are in the page, so this is for the short texts of the tests.
 */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((el) =>
    [...el.querySelectorAll(':scope > .cm-line')]
      .map((line) => {
        const copy = line.cloneNode(true) as HTMLElement;
        for (const widget of copy.querySelectorAll('[contenteditable="false"], .cm-widgetBuffer')) widget.remove();
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}

/** As toHaveValue for a textarea: waits until the prose editor holds `text`. */
export async function expectEditorText(editor: Locator, text: string): Promise<void> {
  await expect.poll(() => editorText(editor)).toBe(text);
}
