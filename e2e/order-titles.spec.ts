import { createOrderViaApi, expect, expectToast, signUpViaApi, test } from './fixtures';

/** Issue 45 item 5: a derived title is cut at a word with an ellipsis; the customer renames an order by keyboard. */
test('a customer renames an order from its card, by keyboard; an empty title is refused inline', async ({ page }) => {
  test.setTimeout(120_000); // a guard against a hang on a busy machine, not a measure
  const customer = await signUpViaApi(page);
  const content = `Quarterly revenue reached $1.2bn, up fourteen percent on the previous quarter. ${Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')}`;
  const id = await createOrderViaApi(page, { email: customer.email, content });
  await page.goto('/dashboard');
  const card = page.locator(`[data-testid="submission-card"][data-submission-id="${id}"]`);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Quarterly revenue reached $1.2bn, up fourteen percent on…');

  const rename = card.getByRole('button', { name: `Rename order ${id}` });
  await rename.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Rename order' });
  const field = dialog.getByRole('textbox', { name: 'Title' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Quarterly revenue reached $1.2bn, up fourteen percent on…');

  // Blank: refused in the form, with the server's own message, and nothing is sent.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Give the order a title.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await page.keyboard.press('Control+A');
  await page.keyboard.type('Q3 results for the board');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Order renamed.');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Q3 results for the board');
  // Focus goes back to the button that opened the dialog.
  await expect(rename).toBeFocused();

  // The server has it too.
  const saved = await page.request.get(`/api/submissions/${id}`);
  expect(((await saved.json()) as { title: string }).title).toBe('Q3 results for the board');
});
