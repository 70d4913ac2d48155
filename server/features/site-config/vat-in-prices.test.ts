/**
 * VAT to the end (issue 45): with VAT_NUMBER set, the browser learns that prices include VAT at the standard rate,
 * and the API's quote gives the VAT inside its price, the same amount the invoice will show; without it, none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatOfGross } from '../../../shared/billing-documents.schema';
import { VAT_STANDARD_RATE_BASIS_POINTS } from '../../../shared/vat';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';
import { bearer, createKey } from '../../test-support/api';

const TEXT = Array.from({ length: 1200 }, (_, i) => `word${i % 7}`).join(' ');

describe.each<{ name: string; env: Record<string, string>; rate: number }>([
  { name: 'with a VAT number', env: { VAT_NUMBER: 'GB123456789' }, rate: VAT_STANDARD_RATE_BASIS_POINTS },
  { name: 'without one', env: {}, rate: 0 },
])('prices $name', ({ env, rate }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(async () => t.close());

  it('GET /api/config says the VAT rate the prices include', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().vat).toEqual({ rateBasisPoints: rate });
  });

  it('POST /api/v1/quotes gives the VAT inside the price, as the invoice rounds it', async () => {
    const key = await createKey(t.app, await signUp(t.app));
    for (const [content, fastTurnaround, pricePence] of [
      [TEXT, true, 10_800],
      ['Just a few words.', false, 500],
    ] as const) {
      const quote = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', { content, serviceTier: 'polished', fastTurnaround });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({ pricePence, vatPence: vatOfGross(pricePence, rate) });
    }
    if (rate > 0) {
      const quote = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', { content: 'Just a few words.', serviceTier: 'polished' });
      expect(quote.json().vatPence).toBe(83); // £4.17 + £0.83 = £5.00, as the invoice says
    }
  });
});
