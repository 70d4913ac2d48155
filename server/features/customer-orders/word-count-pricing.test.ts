import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceInPence } from '../../../shared/pricing';
import { MAX_CONTENT_CHARACTERS, SUBMISSION_MESSAGES } from '../../../shared/submission.schema';
import { countWords } from '../../../shared/word-count';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { validForm } from '../../test-support/orders';
import { bearer, buyCredit, createKey } from '../../test-support/api';

let t: TestApp;
let customer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
});
afterAll(async () => t.close());

const create = (content: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie: customer.cookie },
    payload: { ...validForm, content, wordCount: 1, ...extra },
  });

const tooLongInWords = SUBMISSION_MESSAGES.contentTooLong('support@humanproof.example');

describe('word count and price on the server', () => {
  it('refuses 20,000 words joined by invisible or blank separators instead of charging £5.00', async () => {
    for (const joiner of ['\u2800', '\u3164', '\u200B']) {
      const response = await create(Array.from({ length: 20_000 }, () => 'word').join(joiner));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Content must be (3,000 words|40,000 characters) or less/);
    }
    // Under the character cap, the words are counted and the 3,000-word cap holds.
    const under = await create(Array.from({ length: 3_001 }, () => 'word').join('\u200B'));
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe(tooLongInWords);
  });

  it('refuses a 200,000-character "word" and anything over the character cap, with the shared message', async () => {
    const message = SUBMISSION_MESSAGES.contentTooManyCharacters('support@humanproof.example');
    for (const content of ['x'.repeat(200_000), 'y'.repeat(MAX_CONTENT_CHARACTERS + 1)]) {
      const response = await create(content);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
  });

  it('charges a long token by its length: 2,000 words of 19 letters fill the cap exactly and cost what the form shows', async () => {
    const content = Array.from({ length: 2_000 }, () => 'abcdefghijklmnopqrs').join(' ') + 'z';
    expect(content.length).toBe(MAX_CONTENT_CHARACTERS);
    const response = await create(content);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ wordCount: 2_000, amount: priceInPence(2_000, 'polished', false) / 100 });

    const longToken = `A ${'x'.repeat(120)} token`;
    const charged = await create(longToken, { serviceTier: 'rewritten' });
    expect(charged.json()).toMatchObject({ wordCount: 5, amount: 5 });
    expect(countWords(longToken)).toBe(5);
  });

  it('stores the word count and price the form computes, for any mix of words and separators (property)', async () => {
    const separators = [' ', '\n', '\u00A0', '\u2003', '\u200B', '\u200D', '\u2060', '\uFEFF', '\u2800', '\u3164', '\u115F', '\u{E0020}', '\u00AD'];
    const pieces = fc.constantFrom('word', 'Ж', '中文', 'naïve', '😀', 'x'.repeat(60), 'e\u0301', '—', ...separators);
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieces, { minLength: 10, maxLength: 400 }),
        fc.constantFrom('fact-checked', 'polished', 'rewritten'),
        fc.boolean(),
        async (parts, tier, fast) => {
          const content = `Ten chars! ${parts.join('')}`;
          const response = await create(content, { serviceTier: tier, fastTurnaround: fast });
          expect(response.statusCode).toBe(201);
          const words = countWords(content);
          expect(response.json()).toMatchObject({
            wordCount: words,
            amount: priceInPence(words, tier as 'polished', fast) / 100,
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('prices 3,000 words joined by /, ·, |, _ or . as 3,000 words, on the form route and the API (issue 28)', async () => {
    const key = await createKey(t.app, customer);
    await buyCredit(t.app, customer, 100000);
    const threeThousand = Array.from({ length: 3_000 }, (_, i) => `word${i % 7 === 0 ? 's' : ''}`);
    for (const joiner of ['/', '\u00B7', '|', '_', '.']) {
      const content = threeThousand.join(joiner);
      const label = `U+${joiner.codePointAt(0)!.toString(16)}`;
      const form = await create(content, { serviceTier: 'fact-checked' });
      expect(form.statusCode, label).toBe(201);
      expect(form.json(), label).toMatchObject({ wordCount: 3_000, amountPence: 12_000 });

      const quote = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', { content, serviceTier: 'fact-checked', category: 'blog-post' });
      expect(quote.statusCode, label).toBe(200);
      expect(quote.json(), label).toMatchObject({ wordCount: 3_000, pricePence: 12_000 });

      const order = await bearer(t.app, key.key, 'POST', '/api/v1/orders', { content, serviceTier: 'fact-checked', category: 'blog-post' }, { 'idempotency-key': `joined-${label}` });
      expect(order.statusCode, label).toBe(201);
      expect(order.json(), label).toMatchObject({ wordCount: 3_000, pricePence: 12_000 });
    }
  });

  it('refuses 6,000 words joined by U+1D159, U+16FE4, U+2E31 or U+1361 on every route: the cap uses the same count (issue 29)', async () => {
    const key = await createKey(t.app, customer);
    for (const joiner of ['\u{1D159}', '\u{16FE4}', '\u2E31', '\u1361']) {
      const content = Array.from({ length: 6_000 }, () => 'word').join(joiner);
      expect(content.length).toBeLessThanOrEqual(MAX_CONTENT_CHARACTERS);
      expect(countWords(content)).toBe(6_000);
      const form = await create(content);
      expect(form.statusCode).toBe(400);
      expect(form.json().message).toBe(tooLongInWords);
      const order = await bearer(t.app, key.key, 'POST', '/api/v1/orders', { content, serviceTier: 'polished', category: 'blog-post' }, { 'idempotency-key': `cap-${joiner.codePointAt(0)}` });
      expect(order.statusCode).toBe(400);
      const quote = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', { content, serviceTier: 'polished', category: 'blog-post' });
      expect(quote.statusCode).toBe(400);
      // Half as many words fit under the cap and are charged as 3,000.
      const half = await create(Array.from({ length: 3_000 }, () => 'word').join(joiner), { serviceTier: 'rewritten' });
      expect(half.json()).toMatchObject({ wordCount: 3_000, amountPence: 27_000 });
    }
  });

  it('counts the 40,000-character limit in UTF-16 units, as the form and the browser do (issue 29)', async () => {
    const message = SUBMISSION_MESSAGES.contentTooManyCharacters('support@humanproof.example');
    // 20,001 emoji: 20,001 code points but 40,002 UTF-16 units, over the limit the form shows.
    const emoji = '\u{1F600}'.repeat(20_001);
    expect(emoji.length).toBeGreaterThan(MAX_CONTENT_CHARACTERS);
    expect([...emoji].length).toBeLessThan(MAX_CONTENT_CHARACTERS);
    const refused = await create(emoji);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message });
    const fits = await create('\u{1F600}'.repeat(MAX_CONTENT_CHARACTERS / 2));
    expect(fits.statusCode).toBe(201);
  });
});
