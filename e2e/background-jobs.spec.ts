/**
 * Issue 21: admins see the job runner's queues and the jobs that failed, from the admin panel (decision 031).
 * The retry of a failed job is covered against the API in server/jobs/jobs.test.ts.
 */
import { expect, expectToast, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';


test('an admin opens Jobs from the admin panel and reads every queue; a customer is refused', async ({ page, browser, signUpAdmin }) => {
  await signUpAdmin(page, { firstName: 'Jo', lastName: 'Jobs' });
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  const queues = page.getByRole('table');
  for (const name of ['E-mail delivery', 'Webhook delivery', 'Due-soon reminders', 'Retention purge']) {
    await expect(queues.getByRole('rowheader', { name })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Failed jobs' })).toBeVisible();
  await expect(page.getByText('No failed jobs.')).toBeVisible();

  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const customer = await context.newPage();
  await signUpViaApi(customer);
  await customer.goto('/admin/jobs');
  await expectToast(customer, 'Unauthorized', 'Admin access required. Redirecting...');
  await customer.waitForURL((url) => url.pathname === '/');
  expect((await customer.request.get('/api/admin/jobs')).status()).toBe(403);
  await context.close();
});
