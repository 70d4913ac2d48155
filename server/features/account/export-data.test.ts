/**
 * "Download my data" holds what the account may see NOW (decision 047): an organisation's orders are its current
 * members', never a former member's, and every other section follows. Messages are labelled by their author.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { ApiKey } from '../../../shared/api-v1.schema';
import type { BillingDocumentSummary } from '../../../shared/billing-documents.schema';
import type { Message } from '../../../shared/message.schema';
import type { Submission } from '../../../shared/submission.schema';
import { creditPurchases, submissions } from '../../db/schema';
import { readableId } from '../../lib/ids';
import { buyCredit, createKey } from '../../test-support/api';
import { createOrder, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { addMember, createOrganisation } from '../../test-support/organisations';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { EXPORT_TEAM_LABEL } from './export-messages';

interface AccountExport {
  orders: Submission[];
  messages: { id: string; orderId: string; from: string; content: string }[];
  payments: { submissionId: string }[];
  credit: { balance: number; purchases: { id: string }[] };
  apiKeys: { id: string }[];
  webhookEndpoints: { id: string }[];
  organisation: { name: string; role: string } | null;
  savedCards: { last4: string }[];
  billingDocuments: { number: string; orderId: string | null }[];
}

let t: TestApp;
let admin: SignedInUser;
/** Acme: Olive owns it, Max is a member, Rhea was a member until Olive removed her. Lou has no organisation. */
let olive: SignedInUser;
let max: SignedInUser;
let rhea: SignedInUser;
let lou: SignedInUser;
/** Rhea's orders: one placed before she joined (hers), one for Acme (Acme's), one after her removal (hers). */
let rheaBefore: string;
let rheaForAcme: string;
let rheaAfter: string;
let oliveForAcme: string;
let acme: string;
/** Written or delivered on Acme's orders after Rhea's removal: none of it may reach her export. */
const REVIEW_AFTER_REMOVAL = 'The reviewed text delivered after Rhea left.';
const COLLEAGUE_AFTER_REMOVAL = 'Max asks about Rhea’s old order after she left.';
const TEAM_AFTER_REMOVAL = 'The team answers on Acme’s order after Rhea left.';

const review = (text: string) => ({ complete: true, reviewedContent: text, reviewerNotes: 'Notes', attachmentMode: 'text' });

async function say(who: SignedInUser, submissionId: string, content: string): Promise<void> {
  const sent = await t.request('POST', '/api/messages', who, { submissionId, content });
  expect(sent.statusCode, sent.body).toBe(201);
}

async function exportOf(who: SignedInUser): Promise<{ data: AccountExport; body: string }> {
  const response = await t.request('GET', '/api/account/export', who);
  expect(response.statusCode, response.body).toBe(200);
  return { data: JSON.parse(response.body) as AccountExport, body: response.body };
}

/** Every order GET /api/submissions lists for `who`, following its Link header page by page, newest first. */
async function dashboardOrders(who: SignedInUser, limit = 2): Promise<Submission[]> {
  const all: Submission[] = [];
  let url: string | undefined = `/api/submissions?limit=${limit}`;
  while (url) {
    const response = await t.request('GET', url, who);
    expect(response.statusCode, response.body).toBe(200);
    all.push(...(response.json() as Submission[]));
    url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
  }
  return all;
}

/** Pays with the sandbox's success card, ticking "Save this card" (decision 045: the card is the account's). */
async function payOrderSavingCard(who: SignedInUser, submissionId: string): Promise<void> {
  const intent = await t.request('POST', '/api/create-payment-intent', who, { submissionId });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const paid = await t.request('POST', '/api/payments/sandbox/confirm', who, { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', saveCard: true });
  expect(paid.statusCode, paid.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({});
  admin = await signUpAdmin(t.app);
  [olive, max, rhea, lou] = [
    await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' }),
    await signUp(t.app, { firstName: 'Max', lastName: 'Member' }),
    await signUp(t.app, { firstName: 'Rhea', lastName: 'Removed' }),
    await signUp(t.app, { firstName: 'Lou', lastName: 'Lone' }),
  ];
  acme = await createOrganisation(t.app.db, olive.id, 'Acme Ltd');

  rheaBefore = await createPaidOrder(t.app, rhea, { content: 'Rhea’s own draft from before she joined.' });
  await addMember(t.app.db, acme, max.id);
  await addMember(t.app.db, acme, rhea.id);
  rheaForAcme = await createOrder(t.app, rhea, { content: 'Rhea’s draft placed for Acme.' });
  await payOrderSavingCard(rhea, rheaForAcme);
  await createKey(t.app, rhea, ['orders:read']);
  const hook = await t.request('POST', '/api/webhook-endpoints', rhea, { url: 'https://93.184.215.14/hook', events: ['order.completed'] });
  expect(hook.statusCode, hook.body).toBe(201);
  oliveForAcme = await createOrder(t.app, olive, { content: 'Olive’s draft placed for Acme.' });
  await say(rhea, rheaForAcme, 'Rhea asks while still a member.');
  await say(olive, oliveForAcme, 'Olive asks on her order.');
  await say(max, oliveForAcme, 'Max adds a question.');
  await say(admin, oliveForAcme, 'The team answers Olive.');

  const removed = await t.request('DELETE', `/api/organisation/members/${rhea.id}`, olive);
  expect(removed.statusCode, removed.body).toBe(200);

  // After the removal: a review is delivered and colleagues and the team write on Rhea's old order.
  expect((await saveReviewAs(t.app, admin, rheaForAcme, review(REVIEW_AFTER_REMOVAL))).statusCode).toBe(200);
  await say(max, rheaForAcme, COLLEAGUE_AFTER_REMOVAL);
  await say(admin, rheaForAcme, TEAM_AFTER_REMOVAL);
  rheaAfter = await createOrder(t.app, rhea, { content: 'Rhea’s own draft from after she left.' });

  // Lou, a lone customer with more orders than one page of the export's reads (100), and a thread.
  const louOrder = await createOrder(t.app, lou);
  await say(lou, louOrder, 'Lou asks.');
  await say(admin, louOrder, 'The team answers Lou.');
  await t.app.db.insert(submissions).values(
    Array.from({ length: 101 }, (_, i): typeof submissions.$inferInsert => ({
      id: readableId(),
      userId: lou.id,
      title: `Bulk order ${i}`,
      status: 'new',
      serviceTier: 'polished',
      category: 'blog-post',
      wordCount: 100,
      amountPence: 600,
      contactName: 'Lou Lone',
      contactEmail: lou.email,
      content: `Bulk draft ${i}`,
    })),
  );
}, 120_000);
afterAll(async () => t?.close());

describe('download my data after removal from an organisation', () => {
  it('holds none of the organisation’s orders, nor what was delivered or written on them after the removal', async () => {
    const { data, body } = await exportOf(rhea);
    expect(data.orders.map((o) => o.id).sort()).toEqual([rheaBefore, rheaAfter].sort());
    expect(data.organisation).toBeNull();
    expect(data.messages).toEqual([]);
    expect(data.payments.map((p) => p.submissionId)).toEqual([rheaBefore]);
    expect(data.billingDocuments.map((d) => d.orderId)).toEqual([rheaBefore]);
    for (const leaked of [rheaForAcme, oliveForAcme, 'Acme Ltd', REVIEW_AFTER_REMOVAL, COLLEAGUE_AFTER_REMOVAL, TEAM_AFTER_REMOVAL, 'Rhea asks while still a member.', 'Rhea’s draft placed for Acme.']) {
      expect(body, leaked).not.toContain(leaked);
    }
  });

  it('the organisation keeps the order: its members’ exports hold it with the review and every message', async () => {
    for (const who of [olive, max]) {
      const { data } = await exportOf(who);
      const order = data.orders.find((o) => o.id === rheaForAcme);
      expect(order?.reviewedContent).toBe(REVIEW_AFTER_REMOVAL);
      expect(order?.placedBy).toEqual({ name: 'Rhea Removed', email: rhea.email });
      expect(data.messages.filter((m) => m.orderId === rheaForAcme).map((m) => m.content)).toEqual([
        'Rhea asks while still a member.',
        COLLEAGUE_AFTER_REMOVAL,
        TEAM_AFTER_REMOVAL,
      ]);
    }
  });
});

describe('messages are labelled by their author', () => {
  it('the account itself as “you”, a colleague by name, the review team by its label', async () => {
    const labels = async (who: SignedInUser, orderId: string) =>
      (await exportOf(who)).data.messages.filter((m) => m.orderId === orderId).map((m) => [m.from, m.content]);

    expect(await labels(olive, oliveForAcme)).toEqual([
      ['you', 'Olive asks on her order.'],
      ['Max Member', 'Max adds a question.'],
      [EXPORT_TEAM_LABEL, 'The team answers Olive.'],
    ]);
    expect(await labels(max, oliveForAcme)).toEqual([
      ['Olive Owner', 'Olive asks on her order.'],
      ['you', 'Max adds a question.'],
      [EXPORT_TEAM_LABEL, 'The team answers Olive.'],
    ]);
    expect(await labels(olive, rheaForAcme)).toEqual([
      ['Rhea Removed', 'Rhea asks while still a member.'],
      ['Max Member', COLLEAGUE_AFTER_REMOVAL],
      [EXPORT_TEAM_LABEL, TEAM_AFTER_REMOVAL],
    ]);
    expect(EXPORT_TEAM_LABEL).toBe('HumanProof review team');
  });
});

describe('every section holds only what the account may see now', () => {
  const kinds = () => [
    ['owner', olive],
    ['member', max],
    ['removed member', rhea],
    ['solo customer', lou],
  ] as const;

  it('the orders are exactly those GET /api/submissions lists, as it lists them (owner, member, removed member, solo)', async () => {
    for (const [kind, who] of kinds()) {
      const listed = await dashboardOrders(who, kind === 'solo customer' ? 50 : 2);
      const { data } = await exportOf(who);
      expect(new Set(data.orders.map((o) => o.id)), kind).toEqual(new Set(listed.map((o) => o.id)));
      expect(data.orders, kind).toEqual([...listed].reverse());
    }
    expect((await exportOf(lou)).data.orders).toHaveLength(102);
  });

  it('messages, payments and documents belong to those orders; each thread is the one the account reads', async () => {
    for (const [kind, who] of kinds()) {
      const { data } = await exportOf(who);
      const orderIds = new Set(data.orders.map((o) => o.id));
      for (const m of data.messages) expect(orderIds.has(m.orderId), `${kind}: message of ${m.orderId}`).toBe(true);
      for (const p of data.payments) expect(orderIds.has(p.submissionId), `${kind}: payment of ${p.submissionId}`).toBe(true);
      for (const d of data.billingDocuments) {
        if (d.orderId) expect(orderIds.has(d.orderId), `${kind}: document of ${d.orderId}`).toBe(true);
      }
      for (const orderId of new Set(data.messages.map((m) => m.orderId))) {
        const thread = await t.request('GET', `/api/messages/${orderId}`, who);
        expect(thread.statusCode, `${kind}: thread ${orderId}`).toBe(200);
        expect(data.messages.filter((m) => m.orderId === orderId).map((m) => m.id), kind).toEqual((thread.json() as Message[]).map((m) => m.id));
      }
    }
  });

  it('documents, keys, endpoints and cards are among those the account’s own pages list now', async () => {
    for (const [kind, who] of kinds()) {
      const { data } = await exportOf(who);
      const documents = (await t.request('GET', '/api/billing/documents', who)).json() as { items: BillingDocumentSummary[] };
      const listedNumbers = new Set(documents.items.map((d) => d.number));
      for (const d of data.billingDocuments) expect(listedNumbers.has(d.number), `${kind}: document ${d.number}`).toBe(true);
      const keys = new Set(((await t.request('GET', '/api/api-keys', who)).json() as ApiKey[]).map((k) => k.id));
      for (const k of data.apiKeys) expect(keys.has(k.id), `${kind}: key ${k.id}`).toBe(true);
      const endpoints = new Set(((await t.request('GET', '/api/webhook-endpoints', who)).json() as { id: string }[]).map((w) => w.id));
      for (const w of data.webhookEndpoints) expect(endpoints.has(w.id), `${kind}: endpoint ${w.id}`).toBe(true);
      const cards = new Set(((await t.request('GET', '/api/saved-cards', who)).json() as { last4: string }[]).map((c) => c.last4));
      for (const c of data.savedCards) expect(cards.has(c.last4), `${kind}: card ${c.last4}`).toBe(true);
    }
    expect((await exportOf(olive)).data.organisation).toEqual({ name: 'Acme Ltd', role: 'owner' });
    expect((await exportOf(max)).data.organisation).toEqual({ name: 'Acme Ltd', role: 'member' });
    expect((await exportOf(lou)).data.organisation).toBeNull();
  });

  it('a former owner keeps their own credit and keys, but none of the organisation’s packs or their documents', async () => {
    const pam = await signUp(t.app, { firstName: 'Pam', lastName: 'Partner' });
    await buyCredit(t.app, pam, 5000); // her own wallet, before joining
    await addMember(t.app.db, acme, pam.id, 'owner');
    await buyCredit(t.app, pam, 20000); // Acme's wallet
    const key = await createKey(t.app, pam, ['orders:read']);
    const before = (await exportOf(pam)).data;
    // As an owner she sees every document of Acme's (decision 055), exactly as her billing page lists them.
    const listed = (await t.request('GET', '/api/billing/documents', pam)).json() as { items: BillingDocumentSummary[] };
    expect(before.billingDocuments.map((d) => d.number).sort()).toEqual(listed.items.map((d) => d.number).sort());
    expect(before.billingDocuments.length).toBeGreaterThanOrEqual(2);

    expect((await t.request('POST', '/api/organisation/leave', pam)).statusCode).toBe(204);
    const { data } = await exportOf(pam);
    expect(data.credit.balance).toBe(50);
    expect(data.credit.purchases).toHaveLength(1);
    const purchases = await t.app.db.select().from(creditPurchases).where(inArray(creditPurchases.id, data.credit.purchases.map((p) => p.id)));
    expect(purchases.map((p) => [p.userId, p.organisationId, p.amountPence])).toEqual([[pam.id, null, 5000]]);
    expect(data.billingDocuments).toEqual([expect.objectContaining({ orderId: null, total: 50 })]);
    // Her key (revoked on leaving) is still hers to see, as Settings → API keys lists it.
    expect(data.apiKeys).toEqual([expect.objectContaining({ id: key.id, revokedAt: expect.any(String) })]);
  });
});
