import { SUBMISSIONS_DEFAULT_LIMIT } from '../shared/submission.schema';
import { E2E_BASE_URL } from './env';
import { expect, signUpViaApi, test } from './fixtures';

/** Issue 26, decision 037: the dashboard shows the newest page of orders, "Load more" brings the rest. */
test('the dashboard pages a long list with "Load more"; the counters count every order', async ({ page }) => {
  const total = SUBMISSIONS_DEFAULT_LIMIT + 3;
  await signUpViaApi(page);
  const ids: string[] = [];
  for (let i = 0; i < total; i += 1) {
    const created = await page.request.post('/api/submissions', {
      headers: { origin: E2E_BASE_URL },
      data: {
        content: `Order number ${i + 1} of a long list, written by a model and needing a human eye.`,
        serviceTier: 'polished',
        category: 'blog-post',
        contactName: 'Casey Customer',
        contactEmail: 'casey@example.com',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }

  await page.goto('/dashboard');
  const cards = page.getByTestId('submission-card');
  await expect(cards).toHaveCount(SUBMISSIONS_DEFAULT_LIMIT);
  // The counters come from one aggregate over every order, not from the page shown.
  await expect(page.getByTestId('counter-total-submissions')).toHaveText(String(total));
  // Newest first: the last order made heads the list; the first three wait for the next page.
  await expect(cards.first()).toHaveAttribute('data-submission-id', ids.at(-1)!);
  for (const id of ids.slice(0, 3)) await expect(page.locator(`[data-submission-id="${id}"]`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(total);
  await expect(cards.last()).toHaveAttribute('data-submission-id', ids[0]!);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const shown = await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-submission-id')));
  expect([...shown].sort()).toEqual([...ids].sort());
});
