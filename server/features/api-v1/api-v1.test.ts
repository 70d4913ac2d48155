import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeys, payments, submissions } from '../../db/schema';
import { cookieHeader, createTestApp, signUp, signUpAdmin, TEST_PASSWORD, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { bearer, buyCredit, createKey, draft } from '../../test-support/api';
import { hashApiKey } from '../api-keys/keys';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000' });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

const balanceOf = async (who: SignedInUser) => ((await t.request('GET', '/api/credit', who)).json() as { balancePence: number }).balancePence;

describe('API keys', () => {
  it('is shown once as hp_live_…, stored only as a hash, lists its last use and can be revoked', async () => {
    const created = await createKey(t.app, alice, ['orders:read'], { name: 'CI' });
    expect(created.key).toMatch(/^hp_live_[A-Za-z0-9_-]{32}$/);
    expect(created).toMatchObject({ name: 'CI', scopes: ['orders:read'], lastUsedAt: null, revokedAt: null, expiresAt: null });
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const listed = (await t.request('GET', '/api/api-keys', alice)).json() as Record<string, unknown>[];
    const mine = listed.find((k) => k.id === created.id)!;
    expect(mine).not.toHaveProperty('key');
    expect(mine.prefix).toBe(created.key.slice(0, 12));

    const used = await bearer(t.app, created.key, 'GET', '/api/v1/orders');
    expect(used.statusCode).toBe(200);
    const after = (await t.request('GET', '/api/api-keys', alice)).json() as { id: string; lastUsedAt: string | null }[];
    expect(after.find((k) => k.id === created.id)!.lastUsedAt).not.toBeNull();

    // Bob cannot see or revoke Alice's key.
    expect((await t.request('GET', '/api/api-keys', bob)).json()).toEqual([]);
    expect((await t.request('DELETE', `/api/api-keys/${created.id}`, bob)).statusCode).toBe(404);

    const revoked = await t.request('DELETE', `/api/api-keys/${created.id}`, alice);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    const refused = await bearer(t.app, created.key, 'GET', '/api/v1/orders');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ type: expect.stringContaining('unauthorized'), title: 'Unauthorized', status: 401, detail: expect.any(String) });
  });

  it('keys survive a password change and "sign out other devices"; "Revoke all keys" ends every one (issue 29, decision 032)', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const [one, two] = [await createKey(t.app, owner, ['orders:read']), await createKey(t.app, owner, ['orders:read'])];
    const others = await createKey(t.app, other, ['orders:read']);
    // The policy: a sign-out of other devices or a password change ends browser sessions, not server keys.
    const identity = { headers: { origin: t.config.PUBLIC_URL } };
    const signedOut = await t.request('POST', '/api/identity/revoke-other-sessions', owner, {}, identity);
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    const changed = await t.request('POST', '/api/identity/change-password', owner, { currentPassword: TEST_PASSWORD, newPassword: 'another-long-passphrase', revokeOtherSessions: true }, identity);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await bearer(t.app, one.key, 'GET', '/api/v1/orders')).statusCode).toBe(200);
    const session = cookieHeader(changed);

    const revoked = await t.request('POST', '/api/api-keys/revoke-all', session, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: 2 });
    for (const key of [one, two]) expect((await bearer(t.app, key.key, 'GET', '/api/v1/orders')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/api-keys', session)).json()).toEqual([
      expect.objectContaining({ revokedAt: expect.any(String) }),
      expect.objectContaining({ revokedAt: expect.any(String) }),
    ]);
    // Another customer's keys are untouched, and a second click revokes nothing.
    expect((await bearer(t.app, others.key, 'GET', '/api/v1/orders')).statusCode).toBe(200);
    expect((await t.request('POST', '/api/api-keys/revoke-all', session, {})).json()).toEqual({ revoked: 0 });
    expect((await t.request('POST', '/api/api-keys/revoke-all', null, {})).statusCode).toBe(401);
  });

  it('refuses an expired key, an unknown key, a malformed header, and an expiry in the past', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const key = await createKey(t.app, alice, ['orders:read'], { expiresAt: soon });
    expect((await bearer(t.app, key.key, 'GET', '/api/v1/orders')).statusCode).toBe(200);
    await t.app.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, key.id));
    expect((await bearer(t.app, key.key, 'GET', '/api/v1/orders')).statusCode).toBe(401);
    expect((await bearer(t.app, `${key.key}x`, 'GET', '/api/v1/orders')).statusCode).toBe(401);
    expect((await bearer(t.app, 'hp_live_', 'GET', '/api/v1/orders')).statusCode).toBe(401);
    const basic = await t.app.inject({ url: '/api/v1/orders', headers: { authorization: `Basic ${key.key}` } });
    expect(basic.statusCode).toBe(401);
    const past = await t.request('POST', '/api/api-keys', alice, { name: 'Old', scopes: ['orders:read'], expiresAt: '2001-01-01T00:00:00.000Z' });
    expect(past.statusCode).toBe(400);
    const noScope = await t.request('POST', '/api/api-keys', alice, { name: 'None', scopes: [] });
    expect(noScope.statusCode).toBe(400);
    const badScope = await t.request('POST', '/api/api-keys', alice, { name: 'Admin', scopes: ['admin'] });
    expect(badScope.statusCode).toBe(400);
  });

  it('a session cookie never reaches /api/v1, and a key never works on cookie routes', async () => {
    const key = await createKey(t.app, alice);
    const withCookie = await t.request('GET', '/api/v1/orders', alice);
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.headers['content-type']).toMatch(/^application\/problem\+json/);
    const withBoth = await t.app.inject({ url: '/api/v1/orders', headers: { cookie: alice.cookie } });
    expect(withBoth.statusCode).toBe(401);
    for (const url of ['/api/submissions', '/api/api-keys', '/api/credit', '/api/auth/user']) {
      const response = await bearer(t.app, key.key, 'GET', url);
      expect([401, 200], url).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json(), url).not.toMatchObject({ email: alice.email });
    }
    expect((await bearer(t.app, key.key, 'GET', '/api/submissions')).statusCode).toBe(401);
    // A key cannot create another key.
    expect((await bearer(t.app, key.key, 'POST', '/api/api-keys', { name: 'x', scopes: ['orders:read'] })).statusCode).toBe(401);
  });

  it('a cross-site POST with a Bearer key is not a CSRF refusal (no cookie is read)', async () => {
    await buyCredit(t.app, bob);
    const key = await createKey(t.app, bob);
    const response = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', draft(), { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(200);
  });

  it('a read key cannot write: 403 problem', async () => {
    const key = await createKey(t.app, alice, ['orders:read']);
    const response = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(), { 'idempotency-key': 'k-read-only' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 403, type: expect.stringContaining('insufficient-scope'), detail: expect.stringContaining('orders:write') });
    const writeOnly = await createKey(t.app, alice, ['orders:write']);
    expect((await bearer(t.app, writeOnly.key, 'GET', '/api/v1/orders')).statusCode).toBe(403);
  });

  it('answers RateLimit-* headers and 429 past the limit, counted in the database', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const carol = await signUp(limited.app);
      const key = await createKey(limited.app, carol, ['orders:read']);
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await bearer(limited.app, key.key, 'GET', '/api/v1/orders'));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
      const reset = Number(answers[3]!.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      expect(answers[3]!.headers['retry-after']).toBe(String(reset));
      expect(answers[3]!.json()).toMatchObject({ status: 429, type: expect.stringContaining('rate-limited') });
      const [row] = (await limited.app.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${`api-key:${key.id}`}`)).rows;
      expect(Number(row!.count)).toBe(4);
      // Another key of the same customer has its own limit.
      const other = await createKey(limited.app, carol, ['orders:read']);
      expect((await bearer(limited.app, other.key, 'GET', '/api/v1/orders')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits an account over all of its keys together: a new key does not reset the limit (issue 29)', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3', API_ACCOUNT_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const carol = await signUp(limited.app);
      const dan = await signUp(limited.app);
      const keys = await Promise.all([1, 2, 3].map(() => createKey(limited.app, carol, ['orders:read'])));
      const answers = [];
      for (const key of [keys[0]!, keys[0]!, keys[1]!, keys[1]!, keys[2]!, keys[2]!]) answers.push(await bearer(limited.app, key.key, 'GET', '/api/v1/orders'));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
      // The headers describe the tighter window: the account's once it leaves fewer requests than the key's.
      expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '2', '1', '0', '0']);
      expect(answers[4]!.headers['ratelimit-limit']).toBe('5');
      expect(answers[5]!.json()).toMatchObject({ status: 429, detail: expect.stringContaining('this account') });
      expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
      const fresh = await createKey(limited.app, carol, ['orders:read']);
      expect((await bearer(limited.app, fresh.key, 'GET', '/api/v1/orders')).statusCode).toBe(429);
      // Another account is not affected.
      const other = await createKey(limited.app, dan, ['orders:read']);
      expect((await bearer(limited.app, other.key, 'GET', '/api/v1/orders')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('credit and orders', () => {
  it('buys a pack in the sandbox, quotes at the form price, orders from credit, and answers 402 with the shortfall', async () => {
    const dave = await signUp(t.app);
    const key = await createKey(t.app, dave);
    expect(await balanceOf(dave)).toBe(0);
    const poor = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(1), { 'idempotency-key': 'first' });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ status: 402, type: expect.stringContaining('insufficient-credit'), shortfallPence: 600, balancePence: 0, pricePence: 600 });

    const badPack = await t.request('POST', '/api/credit/checkout', dave, { amountPence: 4999 });
    expect(badPack.statusCode).toBe(400);
    await buyCredit(t.app, dave, 5000);
    expect(await balanceOf(dave)).toBe(5000);

    const quote = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', { ...draft(1), fastTurnaround: true });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ wordCount: 100, pricePence: 900, currency: 'gbp', minimumApplied: false, balancePence: 5000 });
    expect(await t.app.db.$count(submissions, eq(submissions.userId, dave.id))).toBe(0);

    // The same key works again now that the 402 was rolled back.
    const order = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(1), { 'idempotency-key': 'first' });
    expect(order.statusCode).toBe(201);
    const body = order.json() as { id: string; status: string; pricePence: number; result: unknown };
    expect(body).toMatchObject({ status: 'paid', pricePence: 600, result: null });
    expect(order.headers.location).toBe(`/api/v1/orders/${body.id}`);
    expect(await balanceOf(dave)).toBe(4400);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.submissionId, body.id));
    expect(payment).toMatchObject({ provider: 'credit', status: 'succeeded', amountPence: 600 });

    // The website shows the same order, at the same price the form charges.
    const form = await t.request('GET', `/api/submissions/${body.id}`, dave);
    expect(form.json()).toMatchObject({ amountPence: 600, status: 'paid' });

    // A cancel refunds back to credit (the ledger, never an edited balance).
    const cancel = await t.request('POST', `/api/submissions/${body.id}/cancel`, dave, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balanceOf(dave)).toBe(5000);
    const statement = (await t.request('GET', '/api/credit', dave)).json() as { entries: { kind: string; amountPence: number }[] };
    expect(statement.entries.map((e) => [e.kind, e.amountPence]).sort()).toEqual([['order', -600], ['purchase', 5000], ['refund', 600]].sort());
  });

  it('validation errors are 400 problems with where; unknown and foreign orders are 404 problems', async () => {
    const key = await createKey(t.app, alice);
    const bad = await bearer(t.app, key.key, 'POST', '/api/v1/quotes', { content: 'short', serviceTier: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json()).toMatchObject({ status: 400, type: expect.stringContaining('invalid-request'), errors: expect.any(Array) });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quotes',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      payload: '{"content":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, detail: 'Malformed JSON body' });
    const noKey = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft());
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ status: 400, detail: expect.stringContaining('Idempotency-Key') });

    const bobKey = await createKey(t.app, bob);
    const bobOrder = await bearer(t.app, bobKey.key, 'POST', '/api/v1/orders', draft(7), { 'idempotency-key': 'bob-1' });
    expect(bobOrder.statusCode).toBe(201);
    const id = (bobOrder.json() as { id: string }).id;
    for (const url of [`/api/v1/orders/${id}`, `/api/v1/orders/${id}/messages`, '/api/v1/orders/NOPE123456']) {
      const response = await bearer(t.app, key.key, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, type: expect.stringContaining('not-found') });
    }
    expect((await bearer(t.app, key.key, 'POST', `/api/v1/orders/${id}/messages`, { content: 'hi' })).statusCode).toBe(404);
    const unknownRoute = await bearer(t.app, key.key, 'GET', '/api/v1/nothing');
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('Idempotency-Key: 20 concurrent identical requests make one order and one charge; another body is 422', async () => {
    const erin = await signUp(t.app);
    await buyCredit(t.app, erin, 5000);
    const key = await createKey(t.app, erin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(2), { 'idempotency-key': 'same-key-20' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => (a.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await t.app.db.$count(submissions, eq(submissions.userId, erin.id))).toBe(1);
    expect(await balanceOf(erin)).toBe(4400);

    // The same body in another key order is the same request.
    const reordered = await bearer(t.app, key.key, 'POST', '/api/v1/orders', { category: 'blog-post', serviceTier: 'polished', content: draft(2).content }, { 'idempotency-key': 'same-key-20' });
    expect(reordered.statusCode).toBe(201);
    const different = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(3), { 'idempotency-key': 'same-key-20' });
    expect(different.statusCode).toBe(422);
    expect(different.json()).toMatchObject({ status: 422, type: expect.stringContaining('idempotency-key-reused') });
    expect(await t.app.db.$count(submissions, eq(submissions.userId, erin.id))).toBe(1);
    // Keys are per customer: another customer's same key is a different order.
    await buyCredit(t.app, bob, 5000);
    const bobKey = await createKey(t.app, bob);
    const bobs = await bearer(t.app, bobKey.key, 'POST', '/api/v1/orders', draft(2), { 'idempotency-key': 'same-key-20' });
    expect(bobs.statusCode).toBe(201);
    expect((bobs.json() as { id: string }).id).not.toBe([...ids][0]);
  });

  it('credit never goes negative: 20 concurrent orders that together exceed the balance', async () => {
    const fay = await signUp(t.app);
    await buyCredit(t.app, fay, 5000);
    const key = await createKey(t.app, fay);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(100 + i), { 'idempotency-key': `race-${i}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    // £50 buys eight £6 orders.
    expect(codes.filter((c) => c === 201)).toHaveLength(8);
    expect(codes.filter((c) => c === 402)).toHaveLength(12);
    expect(await balanceOf(fay)).toBe(200);
    const paid = await t.app.db.select().from(submissions).where(eq(submissions.userId, fay.id));
    expect(paid.filter((s) => s.status === 'paid')).toHaveLength(8);
    // A 402 leaves no order behind.
    expect(paid).toHaveLength(8);
  });

  it('pages GET /orders with a cursor, newest first, never repeating or skipping', async () => {
    const gus = await signUp(t.app);
    await buyCredit(t.app, gus, 20000);
    const key = await createKey(t.app, gus);
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(200 + i), { 'idempotency-key': `page-${i}` });
      made.push((r.json() as { id: string }).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await bearer(t.app, key.key, 'GET', url)).json() as { data: { id: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((o) => o.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
    expect((await bearer(t.app, key.key, 'GET', '/api/v1/orders?cursor=!!!')).statusCode).toBe(400);
    expect((await bearer(t.app, key.key, 'GET', '/api/v1/orders?limit=1000')).statusCode).toBe(400);
  });

  it('messages: the customer writes through the API, the team answers, both read the thread', async () => {
    const admin = await signUpAdmin(t.app);
    const key = await createKey(t.app, bob);
    const order = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(9), { 'idempotency-key': 'msg-order' });
    const id = (order.json() as { id: string }).id;
    const sent = await bearer(t.app, key.key, 'POST', `/api/v1/orders/${id}/messages`, { content: 'Please keep British spelling.' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ orderId: id, from: 'customer', content: 'Please keep British spelling.' });
    const reply = await t.request('POST', '/api/messages', admin, { submissionId: id, content: 'Will do.' });
    expect(reply.statusCode).toBe(201);
    const thread = (await bearer(t.app, key.key, 'GET', `/api/v1/orders/${id}/messages`)).json() as { data: { from: string }[] };
    expect(thread.data.map((m) => m.from)).toEqual(['customer', 'team']);
    expect((await bearer(t.app, key.key, 'POST', `/api/v1/orders/${id}/messages`, { content: '   ' })).statusCode).toBe(400);
  });
});
