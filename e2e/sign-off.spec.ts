import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL, E2E_PORT } from './env';
import { startInstance, type AppInstance } from './support/app-instances';

// Issue 44 item 1, decision 073: the queue's Sign-off view, reached by keyboard, says how much is sampled. The whole
// journey (a completed review waits; another reviewer approves it in the workspace) needs a completion made by a
// server that samples every order. The e2e server samples nothing, so the completion goes to a second instance on
// the same PostgreSQL database with QA_SAMPLE_PERCENT=100 (same session secret: the browser's session holds there
// too); everything else, the sign-off included, happens on the e2e server. On the embedded database (one process
// only) the journey runs only when the e2e server itself was started with QA_SAMPLE_PERCENT=100.
const SAMPLES_ALL = process.env.QA_SAMPLE_PERCENT === '100';
const root = path.resolve(import.meta.dirname, '..');
const databaseUrlFile = path.join(root, '.tmp', `e2e-${E2E_PORT}`, 'database-url');
const SAMPLING_PORT = E2E_PORT + 30;
const SAMPLING_URL = `http://localhost:${SAMPLING_PORT}`;
let sampling: AppInstance | null = null;

test.afterAll(async () => {
  await sampling?.stop();
  sampling = null;
});

/** Where a completion is sampled: the e2e server when it samples everything, else a sampling instance beside it. */
async function samplingServer(): Promise<string | null> {
  if (SAMPLES_ALL) return E2E_BASE_URL;
  if (!existsSync(databaseUrlFile)) return null;
  if (!sampling) {
    const logDir = path.join(root, '.tmp', `sign-off-${SAMPLING_PORT}`);
    rmSync(logDir, { recursive: true, force: true });
    mkdirSync(logDir, { recursive: true });
    sampling = await startInstance({
      name: 'sampling',
      port: SAMPLING_PORT,
      logDir,
      timeoutMs: 120_000,
      env: {
        DATABASE_URL: readFileSync(databaseUrlFile, 'utf8').trim(),
        QA_SAMPLE_PERCENT: '100',
        PUBLIC_URL: SAMPLING_URL,
        SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
        AUTH_RATE_LIMIT_MAX: '100000',
        ADMIN_EMAILS: '',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
      },
    });
  }
  return SAMPLING_URL;
}

test('the Sign-off view is a tab like the others, with the sampling line', async ({ browser, signUpAdmin }) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Sigrid', lastName: 'Signer' });
  await admin.goto('/admin');
  const tabs = admin.getByRole('tablist', { name: 'Queue view' });
  await tabs.getByRole('tab', { name: 'All' }).focus();
  await admin.keyboard.press('End');
  const signOff = tabs.getByRole('tab', { name: 'Sign-off' });
  await expect(signOff).toHaveAttribute('aria-selected', 'true');
  await expect(signOff).toBeFocused();
  await expect(admin.getByTestId('sign-off-sampling')).toContainText(/sign-off/i);
  await context.close();
});

test('a completed review waits for another reviewer, who approves it in the workspace', async ({ page, browser, signUpAdmin }) => {
  test.setTimeout(180_000); // a sampling instance starts first
  const completer = await samplingServer();
  test.skip(completer === null, 'needs PostgreSQL (TEST_DATABASE_URL) or an e2e server started with QA_SAMPLE_PERCENT=100');
  const customer = await signUpViaApi(page, { firstName: 'Wanda', lastName: 'Waiting' });
  const id = await createOrderViaApi(page, { email: customer.email, content: 'A short piece about tide tables and the people who read them.' });
  const headers = { origin: E2E_BASE_URL };

  const authorContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const author = await authorContext.newPage();
  await signUpAdmin(author, { firstName: 'Arthur', lastName: 'Author' });
  // The second reviewer is on the team before the review is completed: a team of one is never sampled.
  const signerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const signer = await signerContext.newPage();
  await signUpAdmin(signer, { firstName: 'Selma', lastName: 'Second' });
  const claimed = await author.request.post(`/api/admin/submissions/${id}/claim`, { headers });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const { reviewVersion } = (await claimed.json()) as { reviewVersion: number };
  const completed = await author.request.patch(`${completer}/api/admin/submissions/${id}/review`, {
    headers: { origin: completer! },
    data: { complete: true, reviewedContent: 'Tide tables, checked.', reviewerNotes: '', attachmentMode: 'text', version: reviewVersion },
  });
  expect(completed.ok(), await completed.text()).toBe(true);
  expect(((await completed.json()) as { status: string }).status).toBe('in-review');

  // The author is told someone else signs it off, and cannot.
  await author.goto(`/admin/orders/${id}`);
  const authorPanel = author.getByTestId('sign-off-panel');
  await expect(authorPanel).toContainText('You completed this review, so another reviewer signs it off.');
  await expect(authorPanel.getByRole('button', { name: 'Approve and deliver' })).toHaveCount(0);
  // The review itself is read-only until it is decided.
  await expect(author.getByTestId('review-awaiting-sign-off')).toContainText('awaiting a second reviewer’s sign-off');
  await expect(author.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
  await expect(author.getByRole('textbox', { name: 'Reviewed content' })).toHaveAttribute('contenteditable', 'false');

  await signer.goto('/admin');
  await signer.getByRole('tablist', { name: 'Queue view' }).getByRole('tab', { name: 'Sign-off' }).click();
  await expect(signer.getByTestId(`queue-row-${id}`)).toBeVisible();
  await signer.goto(`/admin/orders/${id}`);
  await signer.getByTestId('sign-off-panel').getByRole('button', { name: 'Approve and deliver' }).click();
  await expect(signer.getByTestId('sign-off-panel')).toContainText('Signed off by Selma');

  const seen = await page.request.get(`/api/submissions/${id}`);
  expect(((await seen.json()) as { status: string }).status).toBe('completed');
  await authorContext.close();
  await signerContext.close();
});
