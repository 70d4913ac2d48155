import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD } from '../../../shared/account.schema';
import {
  accounts,
  apiKeys,
  emailOutbox,
  messages,
  payments,
  sessions,
  submissions,
  users,
  webhookEndpoints,
} from '../../db/schema';
import { buyCredit, createKey } from '../../test-support/api';
import { newId } from '../../lib/ids';
import { insertOrder } from '../../test-support/mail';
import { createOrder } from '../../test-support/orders';
import { createTestApp, cookieHeader, signUp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { deletedAddress } from './delete-account';
import { freshIp, signIn } from '../../test-support/accounts';
import { describeUserAgent } from './user-agent';

const PUBLIC_URL = 'http://localhost:5000';
const NEW_PASSWORD = 'a-brand-new-passphrase';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => t?.close());

/** A signed-in POST from a fresh address (clear of the rate limits) with the site's Origin, as a browser sends it. */
function post(url: string, cookie: string, payload: unknown) {
  return t.request('POST', url, cookie, payload, { remoteAddress: freshIp(), headers: { origin: PUBLIC_URL } });
}

async function addPaidOrderWithMessage(userId: string) {
  const order = await insertOrder(t.app.db, userId, {
    contactEmail: 'contact@example.com',
    contactPhone: '+44 20 7946 0000',
    content: `Private draft of ${userId}`,
    reviewerNotes: 'Notes for the customer',
  });
  await t.app.db.insert(payments).values({
    id: newId(),
    submissionId: order.id,
    provider: 'sandbox',
    providerPaymentId: `pi_${newId()}`,
    clientSecret: 'pi_secret_abc',
    amountPence: order.amountPence,
    currency: 'gbp',
    status: 'succeeded',
  });
  await t.app.db.insert(messages).values({
    id: newId(),
    submissionId: order.id,
    senderId: userId,
    isFromAdmin: false,
    content: `A question from ${userId}`,
  });
  return order;
}

describe('change password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const user = await signUp(t.app);
    const phone = cookieHeader(await signIn(t.app, user.email, TEST_PASSWORD, SAFARI_IPHONE));

    const wrong = await post('/api/identity/change-password', user.cookie, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect((await t.request('GET', '/api/auth/user', phone)).statusCode).toBe(200);

    // Even when the client asks to keep the other sessions.
    const changed = await post('/api/identity/change-password', user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    const renewed = cookieHeader(changed);
    expect(renewed).toMatch(/session_token=/);
    expect((await t.request('GET', '/api/auth/user', renewed)).statusCode).toBe(200);
    expect((await t.request('GET', '/api/auth/user', phone)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('keeps the password rules of sign-up and refuses the signed out', async () => {
    const user = await signUp(t.app);
    const short = await post('/api/identity/change-password', user.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/identity/change-password',
      headers: { origin: PUBLIC_URL },
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signed-in devices', () => {
  it('lists each session with browser, system and "this device"; "Sign out other devices" ends the others', async () => {
    const user = await signUp(t.app);
    const firefox = cookieHeader(await signIn(t.app, user.email, TEST_PASSWORD, FIREFOX_LINUX));
    await signIn(t.app, user.email, TEST_PASSWORD, SAFARI_IPHONE);

    const listed = await t.request('GET', '/api/account/sessions', firefox);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const list = listed.json().sessions as { browser: string; os: string; current: boolean; createdAt: string }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ browser: 'Firefox', os: 'Linux' })]);
    expect(list).toContainEqual(expect.objectContaining({ browser: 'Safari', os: 'iOS', current: false }));
    expect(Number.isNaN(Date.parse(list[0]!.createdAt))).toBe(false);

    const revoked = await post('/api/identity/revoke-other-sessions', firefox, {});
    expect(revoked.statusCode).toBe(200);
    const after = (await t.request('GET', '/api/account/sessions', firefox)).json().sessions as { current: boolean }[];
    expect(after).toEqual([expect.objectContaining({ current: true })]);
    expect((await t.request('GET', '/api/auth/user', user.cookie)).statusCode).toBe(401);
  });

  it('shows only the account\'s own sessions, and nothing to the signed out', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const list = (await t.request('GET', '/api/account/sessions', a.cookie)).json().sessions as { id: string }[];
    const bSessions = await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, b.id));
    expect(list.map((s) => s.id)).not.toContain(bSessions[0]!.id);
    expect((await t.request('GET', '/api/account/sessions')).statusCode).toBe(401);
  });

  it('names common browsers', () => {
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox', os: 'Linux' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'macOS' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown system' });
  });
});

describe('download my data', () => {
  it('is a JSON file of the own profile, orders, messages and payments, and nobody else\'s', async () => {
    const a = await signUp(t.app, { firstName: 'Alice' });
    const b = await signUp(t.app, { firstName: 'Bob' });
    const orderA = await addPaidOrderWithMessage(a.id);
    await addPaidOrderWithMessage(b.id);

    const response = await t.request('GET', '/api/account/export', a.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="humanproof-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(response.body) as Record<string, unknown> & {
      profile: { id: string; firstName: string; email: string };
      orders: { id: string; content: string }[];
      messages: { content: string }[];
      payments: { amount: number; status: string }[];
    };
    expect(data.profile).toMatchObject({ id: a.id, firstName: 'Alice', email: a.email });
    expect(data.orders.map((o) => o.id)).toEqual([orderA.id]);
    expect(data.orders[0]!.content).toBe(`Private draft of ${a.id}`);
    expect(data.messages.map((m) => m.content)).toEqual([`A question from ${a.id}`]);
    expect(data.payments).toEqual([expect.objectContaining({ amount: 74.04, status: 'succeeded' })]);
    expect(response.body).not.toContain(b.id);
    expect(response.body).not.toContain(b.email);
    expect(response.body).not.toContain('pi_secret');
    expect(response.body).not.toMatch(/"token"|password/i);
  });

  it('includes prepaid credit, API keys and webhook endpoints, never a key, key hash or signing secret (issue 29)', async () => {
    const owner = await signUp(t.app, { firstName: 'Cora' });
    await buyCredit(t.app, owner, 5000);
    const key = await createKey(t.app, owner, ['orders:read'], { name: 'Build server' });
    const hook = await t.request('POST', '/api/webhook-endpoints', owner.cookie, { url: 'https://93.184.215.14/hook', events: ['order.completed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const [keyRow] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    const [hookRow] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, owner.id));

    const response = await t.request('GET', '/api/account/export', owner.cookie);
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(response.body) as {
      credit: { balance: number; purchases: { amount: number; status: string }[] };
      apiKeys: Record<string, unknown>[];
      webhookEndpoints: Record<string, unknown>[];
    };
    expect(data.credit).toMatchObject({ balance: 50, purchases: [expect.objectContaining({ amount: 50, status: 'succeeded' })] });
    expect(data.apiKeys).toEqual([
      { id: key.id, name: 'Build server', prefix: key.key.slice(0, 12), scopes: ['orders:read'], createdAt: expect.any(String), expiresAt: null, lastUsedAt: null, revokedAt: null },
    ]);
    expect(data.webhookEndpoints).toEqual([expect.objectContaining({ id: hookRow!.id, url: 'https://93.184.215.14/hook', events: ['order.completed'], enabled: true })]);
    expect(data.webhookEndpoints[0]).not.toHaveProperty('secret');
    expect(response.body).not.toContain(key.key);
    expect(response.body).not.toContain(keyRow!.keyHash);
    expect(response.body).not.toContain(hookRow!.secret);
    expect(response.body).not.toMatch(/client_?secret/i);
  });

  it('includes the organisation, saved cards (brand, last four, expiry only), billing details and receipts (issue 27)', async () => {
    const buyer = await signUp(t.app, { firstName: 'Bea' });
    const orderId = await createOrder(t.app, buyer);
    const intent = await t.request('POST', '/api/create-payment-intent', buyer.cookie, { submissionId: orderId });
    const { clientSecret } = intent.json() as { clientSecret: string };
    const paid = await t.request('POST', '/api/payments/sandbox/confirm', buyer.cookie, {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
      saveCard: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await t.request('PUT', '/api/billing/details', buyer.cookie, { billingName: 'Bea Ltd', address: '1 High Street\nLeeds', purchaseOrderReference: 'PO-7' })).statusCode).toBe(200);
    const created = await t.request('POST', '/api/organisation', buyer.cookie, { name: 'Bea Media' });
    expect(created.statusCode, created.body).toBeLessThan(300);

    const response = await t.request('GET', '/api/account/export', buyer.cookie);
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(response.body) as Record<string, unknown>;
    expect(data.organisation).toEqual({ name: 'Bea Media', role: 'owner' });
    expect(data.savedCards).toEqual([{ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, createdAt: expect.any(String) }]);
    expect(data.billingDetails).toEqual({ billingName: 'Bea Ltd', address: '1 High Street\nLeeds', purchaseOrderReference: 'PO-7' });
    expect(data.billingDocuments).toEqual([
      { number: expect.stringMatching(/^HP-\d{6}$/), kind: 'receipt', orderId, total: expect.any(Number), issuedAt: expect.any(String) },
    ]);
    expect(response.body).not.toContain('4242424242424242');
    expect(response.body).not.toContain('sbx_pm_');
  });

  it('refuses the signed out', async () => {
    expect((await t.request('GET', '/api/account/export')).statusCode).toBe(401);
  });
});

describe('delete my account', () => {
  it('needs the password', async () => {
    const user = await signUp(t.app);
    for (const payload of [{}, { password: 'wrong-password-guess' }, { confirmation: DELETE_CONFIRMATION_WORD }]) {
      const response = await post('/api/account/delete', user.cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: ACCOUNT_MESSAGES.deleteWrongPassword });
    }
    expect((await t.request('GET', '/api/auth/user', user.cookie)).statusCode).toBe(200);
    expect((await post('/api/account/delete', user.cookie, { password: 42 })).statusCode).toBe(400);
  });

  it('erases the personal data, anonymises the orders, keeps the payment records and frees the address', async () => {
    const user = await signUp(t.app, { firstName: 'Dora', lastName: 'Delete' });
    const other = await signUp(t.app);
    const phone = cookieHeader(await signIn(t.app, user.email, TEST_PASSWORD, SAFARI_IPHONE));
    const order = await addPaidOrderWithMessage(user.id);
    const otherOrder = await addPaidOrderWithMessage(other.id);

    const response = await post('/api/account/delete', user.cookie, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(String(response.headers['set-cookie'])).toMatch(/hp\.session_token=;/);

    // Signed out everywhere, and the old password no longer opens anything.
    expect((await t.request('GET', '/api/auth/user', user.cookie)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/auth/user', phone)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email)).statusCode).toBe(401);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: deletedAddress(user.id),
      firstName: null,
      lastName: null,
      name: 'Deleted account',
      image: null,
      isAdmin: false,
    });
    expect(await t.app.db.select().from(accounts).where(eq(accounts.userId, user.id))).toHaveLength(0);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const [kept] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.id));
    expect(kept).toMatchObject({
      id: order.id,
      amountPence: order.amountPence,
      wordCount: order.wordCount,
      serviceTier: order.serviceTier,
      status: order.status,
      content: '',
      contactName: 'Deleted customer',
      contactEmail: deletedAddress(user.id),
      contactPhone: '',
      reviewerNotes: null,
    });
    expect(kept!.paidAt).toEqual(order.paidAt);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.submissionId, order.id));
    expect(payment).toMatchObject({ amountPence: order.amountPence, status: 'succeeded', currency: 'gbp', clientSecret: '' });
    expect(await t.app.db.select().from(messages).where(eq(messages.submissionId, order.id))).toHaveLength(0);
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(0);

    // The other customer is untouched.
    const [otherKept] = await t.app.db.select().from(submissions).where(eq(submissions.id, otherOrder.id));
    expect(otherKept!.content).toBe(`Private draft of ${other.id}`);
    expect(await t.app.db.select().from(messages).where(eq(messages.submissionId, otherOrder.id))).toHaveLength(1);
    expect((await t.request('GET', '/api/auth/user', other.cookie)).statusCode).toBe(200);

    // The address can open a new, empty account.
    const again = await signUp(t.app, { email: user.email });
    expect(again.id).not.toBe(user.id);
    const fresh = JSON.parse((await t.request('GET', '/api/account/export', again.cookie)).body) as { orders: unknown[] };
    expect(fresh.orders).toEqual([]);
  });

  it('an account without a password (single sign-on) confirms by typing DELETE', async () => {
    const user = await signUp(t.app);
    await t.app.db.delete(accounts).where(eq(accounts.userId, user.id));
    await t.app.db.insert(accounts).values({
      id: newId(),
      accountId: `oidc-${user.id}`,
      providerId: 'oidc',
      userId: user.id,
    });
    const security = (await t.request('GET', '/api/account/security', user.cookie)).json();
    expect(security.hasPassword).toBe(false);
    const wrong = await post('/api/account/delete', user.cookie, { confirmation: 'delete me' });
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_MESSAGES.deleteWrongConfirmation });
    const ok = await post('/api/account/delete', user.cookie, { confirmation: DELETE_CONFIRMATION_WORD });
    expect(ok.statusCode).toBe(200);
    expect((await t.request('GET', '/api/auth/user', user.cookie)).statusCode).toBe(401);
  });

  it('refuses the signed out', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { origin: PUBLIC_URL },
      payload: { password: TEST_PASSWORD, email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(401);
  });
});
