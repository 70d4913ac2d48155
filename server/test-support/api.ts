/** Test-only helpers for the public API (issue 15): keys, credit bought in the sandbox, Bearer requests. */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { ApiScope, CreatedApiKey } from '../../shared/api-v1.schema';
import { request, type SignedInUser } from './test-app';

export async function createKey(
  app: FastifyInstance,
  customer: SignedInUser,
  scopes: ApiScope[] = ['orders:read', 'orders:write'],
  extra: Record<string, unknown> = {},
): Promise<CreatedApiKey> {
  const response = await request(app, 'POST', '/api/api-keys', customer, { name: 'Pipeline', scopes, ...extra });
  if (response.statusCode !== 201) throw new Error(`key create failed: ${response.statusCode} ${response.body}`);
  return response.json() as CreatedApiKey;
}

/** Buys a credit pack with the sandbox's success card. */
export async function buyCredit(app: FastifyInstance, customer: SignedInUser, amountPence: 5000 | 20000 | 100000 = 5000): Promise<void> {
  const checkout = await request(app, 'POST', '/api/credit/checkout', customer, { amountPence });
  if (checkout.statusCode !== 200) throw new Error(`credit checkout failed: ${checkout.statusCode} ${checkout.body}`);
  const { clientSecret } = checkout.json() as { clientSecret: string };
  const confirm = await request(app, 'POST', '/api/credit/sandbox/confirm', customer, {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  if (confirm.statusCode !== 200) throw new Error(`credit confirm failed: ${confirm.statusCode} ${confirm.body}`);
}

/** A request with `Authorization: Bearer <key>` and nothing else (no cookie). */
export function bearer(app: FastifyInstance, key: string, method: HTTPMethods, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A 100-word draft (the polished tier's price: 100 × 6p = £6.00). */
export const draft = (n = 0) => ({
  content: Array.from({ length: 100 }, (_, i) => `draft${n}word${i}`).join(' '),
  serviceTier: 'polished',
  category: 'blog-post',
});
