import { formatPence } from '../shared/money';
import { quotePrice } from '../shared/pricing';
import { MAX_CONTENT_CHARACTERS, SUBMISSION_MESSAGES } from '../shared/submission.schema';
import { expect, expectToast, test } from './fixtures';

// Finding 11 of issue 10: a prefill link with a 3,000-word text answered 431 (Node's 16 KiB header limit).
test('a /check-now link carrying 3,000 words opens the form with all of them', async ({ page }) => {
  const text = Array.from({ length: 3000 }, (_, i) => `word${i + 1}`).join(' ');
  const params = new URLSearchParams({ content: text, serviceTier: 'polished' });
  expect(params.toString().length).toBeGreaterThan(20_000);
  const response = await page.goto(`/check-now?${params}`);
  expect(response?.status()).toBe(200);
  await expectToast(page, 'Form prepopulated');
  await expect(page.getByRole('textbox', { name: 'Your content' })).toHaveValue(text);
  await expect(page.getByTestId('word-count')).toHaveText('3,000');
  await expect(page.getByTestId('estimate-total')).toHaveText(formatPence(quotePrice(3000, 'polished', false).totalPence));
});

test('a link with more characters than an order takes opens, and the form says why it cannot be sent', async ({ page }) => {
  const text = Array.from({ length: 2001 }, () => 'abcdefghijklmnopqrst').join(' ');
  expect(text.length).toBeGreaterThan(MAX_CONTENT_CHARACTERS);
  const response = await page.goto(`/check-now?${new URLSearchParams({ content: text })}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('content-characters-error')).toHaveText(
    SUBMISSION_MESSAGES.contentTooManyCharacters('support@humanproof.example'),
  );
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
});
