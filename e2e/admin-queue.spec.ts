import { createOrderViaApi, expect, signUpViaApi, test } from './fixtures';
import { E2E_BASE_URL } from './env';

// Issue 14, queue discipline (decision 022): the queue's views as keyboard-operable tabs, the due sort by default,
// and search by customer name and words of the text.
test('an admin switches queue views with the keyboard and finds an order by name and by a word of its text', async ({ page, browser, signUpAdmin }) => {
  const customer = await signUpViaApi(page, { firstName: 'Perpetua', lastName: 'Quenneville' });
  const id = await createOrderViaApi(page, { email: customer.email, content: 'A short essay about lighthouses and the keepers who tended them.' });

  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Quinn', lastName: 'Queue' });
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await expect(admin.getByLabel('Sort by')).toHaveValue('due');

  const tabs = admin.getByRole('tablist', { name: 'Queue view' });
  const all = tabs.getByRole('tab', { name: 'All' });
  await expect(all).toHaveAttribute('aria-selected', 'true');

  await admin.getByLabel('Search').fill('Quenneville');
  const row = admin.getByTestId(`queue-row-${id}`);
  await expect(row).toBeVisible();

  // Keyboard: focus the selected tab, arrow to "My work" (nothing claimed), then to "Unclaimed" (the new order).
  await all.focus();
  await admin.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'My work' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'My work' })).toBeFocused();
  await expect(admin.getByText('No submissions found')).toBeVisible();
  await admin.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Unclaimed' })).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeVisible();
  await expect(admin.getByRole('tabpanel')).toBeVisible();

  // A word of the content (stemmed: "lighthouse" finds "lighthouses").
  await admin.keyboard.press('Home');
  await admin.getByLabel('Search').fill('lighthouse');
  await expect(row).toBeVisible();
  await admin.getByLabel('Search').fill('zzqxv-nothing');
  await expect(admin.getByText('No submissions found')).toBeVisible();
  await context.close();
});

// Issue 42: the queue as a to-do list. It opens on open work; "All" still lists the finished orders; who holds each
// order has a column of its own.
test('the queue opens on open work, with a claimed-by column; All lists the finished too', async ({ page, browser, signUpAdmin }) => {
  const customer = await signUpViaApi(page, { firstName: 'Ottoline', lastName: 'Openwork' });
  const open = await createOrderViaApi(page, { email: customer.email, content: 'An open order about canal boats.' });
  const done = await createOrderViaApi(page, { email: customer.email, content: 'A finished order about canal locks.' });

  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await context.newPage();
  await signUpAdmin(admin, { firstName: 'Tess', lastName: 'Todo' });
  const headers = { origin: E2E_BASE_URL };
  const claimed = await admin.request.post(`/api/admin/submissions/${done}/claim`, { headers });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const { reviewVersion } = (await claimed.json()) as { reviewVersion: number };
  const delivered = await admin.request.patch(`/api/admin/submissions/${done}/review`, {
    headers,
    data: { complete: true, reviewedContent: 'Checked.', reviewerNotes: '', attachmentMode: 'text', version: reviewVersion },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  expect((await admin.request.post(`/api/admin/submissions/${open}/claim`, { headers })).ok()).toBe(true);

  await admin.goto('/admin');
  await expect(admin.getByLabel('Status')).toHaveValue('open');
  await admin.getByLabel('Search').fill('Openwork');
  await expect(admin.getByTestId(`queue-row-${open}`)).toBeVisible();
  await expect(admin.locator('[data-testid^="queue-row-"]')).toHaveCount(1);
  await expect(admin.getByRole('columnheader', { name: 'Claimed by' })).toBeVisible();
  await expect(admin.getByTestId(`queue-row-${open}`).getByTestId('claim-badge')).toContainText('Claimed by you');

  // A customer's message marks the row until someone on the team reads the thread.
  const openRow = admin.getByTestId(`queue-row-${open}`);
  await expect(openRow.getByTestId('unread-flag')).toHaveCount(0);
  const sent = await page.request.post('/api/messages', { headers, data: { submissionId: open, content: 'Use customers rather than clients.' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await admin.getByRole('button', { name: 'Refresh' }).click();
  await expect(openRow.getByTestId('unread-flag')).toBeVisible();
  await openRow.getByRole('button', { name: `Messages for ${open}` }).click();
  const thread = admin.getByRole('dialog', { name: `Messages: ${open}` });
  await expect(thread.getByText('Use customers rather than clients.')).toBeVisible();
  await thread.getByRole('button', { name: 'Close' }).click();
  await expect(openRow.getByTestId('unread-flag')).toHaveCount(0);

  await admin.getByLabel('Status').selectOption('all');
  await expect(admin.getByTestId(`queue-row-${done}`)).toBeVisible();
  await expect(admin.locator('[data-testid^="queue-row-"]')).toHaveCount(2);

  // "Sort by" shows its whole label.
  const sort = admin.getByLabel('Sort by');
  expect(await sort.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await context.close();
});
