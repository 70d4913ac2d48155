import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

// Issue 44 item 1, decision 073: the queue's Sign-off view, reached by keyboard, says how much is sampled. The whole
// journey (a completed review waits; another reviewer approves it in the workspace) needs a server that samples
// every order: run this spec with QA_SAMPLE_PERCENT=100 (the e2e server samples nothing by default).
const SAMPLES_ALL = process.env.QA_SAMPLE_PERCENT === '100';

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
  test.skip(!SAMPLES_ALL, 'needs a server started with QA_SAMPLE_PERCENT=100');
  const customer = await signUpViaApi(page, { firstName: 'Wanda', lastName: 'Waiting' });
  const id = await createOrderViaApi(page, { email: customer.email, content: 'A short piece about tide tables and the people who read them.' });
  const headers = { origin: E2E_BASE_URL };

  const authorContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const author = await authorContext.newPage();
  await signUpAdmin(author, { firstName: 'Arthur', lastName: 'Author' });
  const claimed = await author.request.post(`/api/admin/submissions/${id}/claim`, { headers });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const { reviewVersion } = (await claimed.json()) as { reviewVersion: number };
  const completed = await author.request.patch(`/api/admin/submissions/${id}/review`, {
    headers,
    data: { complete: true, reviewedContent: 'Tide tables, checked.', reviewerNotes: '', attachmentMode: 'text', version: reviewVersion },
  });
  expect(completed.ok(), await completed.text()).toBe(true);
  expect(((await completed.json()) as { status: string }).status).toBe('in-review');

  // The author is told someone else signs it off, and cannot.
  await author.goto(`/admin/orders/${id}`);
  const authorPanel = author.getByTestId('sign-off-panel');
  await expect(authorPanel).toContainText('You completed this review, so another reviewer signs it off.');
  await expect(authorPanel.getByRole('button', { name: 'Approve and deliver' })).toHaveCount(0);

  const signerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const signer = await signerContext.newPage();
  await signUpAdmin(signer, { firstName: 'Selma', lastName: 'Second' });
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
