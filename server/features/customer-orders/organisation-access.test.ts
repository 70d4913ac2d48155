/**
 * Organisation orders (issue 27, decision 047): an order placed by a member is the organisation's; every current
 * member reads and acts on it exactly as its placer could, a member of another organisation gets 404 everywhere, a
 * placer who left loses it, and a lone account sees nothing new. Also: shared credit, keys, and the dashboard list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { CREDIT_MESSAGES, type ApiKey } from '../../../shared/api-v1.schema';
import type { Submission, SubmissionSummary } from '../../../shared/submission.schema';
import { submissions, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { newId } from '../../lib/ids';
import { bearer, buyCredit, createKey, draft } from '../../test-support/api';
import { customerCanSee } from './customer-access';
import { ownOrdersQuery } from './find-orders';
import { createOrder, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { addMember, createOrganisation, removeMember } from '../../test-support/organisations';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let admin: SignedInUser;
/** Acme: Olive owns it, Max is a member. Globex: Gina owns it. Lou has no organisation. */
let olive: SignedInUser;
let max: SignedInUser;
let gina: SignedInUser;
let lou: SignedInUser;
let acme: string;
let globex: string;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000', API_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000' });
  admin = await signUpAdmin(t.app);
  [olive, max, gina, lou] = [
    await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' }),
    await signUp(t.app, { firstName: 'Max', lastName: 'Member' }),
    await signUp(t.app, { firstName: 'Gina', lastName: 'Globex' }),
    await signUp(t.app, { firstName: 'Lou', lastName: 'Lone' }),
  ];
  acme = await createOrganisation(t.app.db, olive.id, 'Acme Ltd');
  await addMember(t.app.db, acme, max.id, 'member');
  globex = await createOrganisation(t.app.db, gina.id, 'Globex');
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, who: SignedInUser) => t.request('GET', url, who);
const list = async (who: SignedInUser, query = '') => {
  const response = await get(`/api/submissions${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json() as Submission[], link: response.headers.link as string | undefined };
};
const summary = async (who: SignedInUser) => (await get('/api/submissions/summary', who)).json() as SubmissionSummary;
const review = (text: string) => ({ complete: true, reviewedContent: text, reviewerNotes: 'Notes', attachmentMode: 'text' });

describe('orders of an organisation', () => {
  it('two members see each other’s orders (list, counters, details, who placed it); another organisation’s member gets 404', async () => {
    const byOlive = await createPaidOrder(t.app, olive);
    const byMax = await createOrder(t.app, max);
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, byMax));
    expect(row).toMatchObject({ userId: max.id, organisationId: acme });

    for (const who of [olive, max]) {
      const { items } = await list(who);
      expect(items.map((s) => s.id)).toEqual(expect.arrayContaining([byOlive, byMax]));
      expect(items.find((s) => s.id === byOlive)!.placedBy).toEqual({ name: 'Olive Owner', email: olive.email });
      expect(items.find((s) => s.id === byMax)!.placedBy).toEqual({ name: 'Max Member', email: max.email });
      const details = await get(`/api/submissions/${byOlive}`, who);
      expect(details.statusCode).toBe(200);
      expect((details.json() as Submission).placedBy).toEqual({ name: 'Olive Owner', email: olive.email });
      expect((await get(`/api/submission/${byMax}`, who)).statusCode).toBe(200);
      expect((await summary(who)).total).toBeGreaterThanOrEqual(2);
    }
    for (const id of [byOlive, byMax]) {
      for (const url of [`/api/submissions/${id}`, `/api/submission/${id}`, `/api/messages/${id}`, `/api/submissions/${id}/deliveries`, `/api/submissions/${id}/certificate`]) {
        expect((await get(url, gina)).statusCode, `${url} as another organisation`).toBe(404);
        expect((await get(url, lou)).statusCode, `${url} as a lone customer`).toBe(404);
      }
    }
    expect((await list(gina)).items.map((s) => s.id)).not.toEqual(expect.arrayContaining([byOlive]));
    expect((await list(gina)).items.map((s) => s.id)).not.toContain(byMax);
  });

  it('a lone account sees nothing new: its own orders only, no “placed by”, counters as before', async () => {
    const own = await createOrder(t.app, lou);
    const { items } = await list(lou);
    expect(items.map((s) => s.id)).toEqual([own]);
    expect(items[0]).not.toHaveProperty('placedBy');
    expect((await get(`/api/submissions/${own}`, lou)).json()).not.toHaveProperty('placedBy');
    expect(await summary(lou)).toEqual({ total: 1, inReview: 0, completed: 0 });
    expect((await get(`/api/submissions/${own}`, olive)).statusCode).toBe(404);
  });

  it('orders placed before joining stay personal: the newcomer keeps them, colleagues never see them', async () => {
    const newcomer = await signUp(t.app, { firstName: 'Nina' });
    const before = await createOrder(t.app, newcomer);
    await addMember(t.app.db, acme, newcomer.id);
    const after = await createOrder(t.app, newcomer);
    const mine = (await list(newcomer)).items.map((s) => s.id);
    expect(mine).toEqual(expect.arrayContaining([before, after]));
    expect((await list(newcomer)).items.find((s) => s.id === before)).not.toHaveProperty('placedBy');
    expect((await get(`/api/submissions/${before}`, olive)).statusCode).toBe(404);
    expect((await get(`/api/submissions/${after}`, olive)).statusCode).toBe(200);
    const [row] = await t.app.db.select({ organisationId: submissions.organisationId }).from(submissions).where(eq(submissions.id, before));
    expect(row!.organisationId).toBeNull();
  });

  it('members message on each other’s orders; the team’s reply shows as unread to every member', async () => {
    const id = await createPaidOrder(t.app, olive);
    const sent = await t.request('POST', '/api/messages', max, { submissionId: id, content: 'A question from Max' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await t.request('POST', '/api/messages', gina, { submissionId: id, content: 'Probe' })).statusCode).toBe(404);
    expect((await t.request('POST', '/api/messages', admin, { submissionId: id, content: 'The team answers' })).statusCode).toBe(201);
    for (const who of [olive, max]) {
      const recent = (await get('/api/messages/recent', who)).json() as { submissionId: string }[];
      expect(recent.some((m) => m.submissionId === id), 'unread for every member').toBe(true);
    }
    expect(((await get('/api/messages/recent', gina)).json() as { submissionId: string }[]).some((m) => m.submissionId === id)).toBe(false);
    const thread = (await get(`/api/messages/${id}`, olive)).json() as { content: string }[];
    expect(thread.map((m) => m.content)).toEqual(['A question from Max', 'The team answers']);
    // The thread is the organisation's: once a member has read it, it is read.
    expect(((await get('/api/messages/recent', max)).json() as { submissionId: string }[]).some((m) => m.submissionId === id)).toBe(false);
  });

  it('a member cancels a colleague’s order; another organisation’s member cannot', async () => {
    const id = await createPaidOrder(t.app, olive);
    expect((await t.request('POST', `/api/submissions/${id}/cancel`, gina)).statusCode).toBe(404);
    const cancelled = await t.request('POST', `/api/submissions/${id}/cancel`, max);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });

  it('a member pays a colleague’s new order at checkout', async () => {
    const id = await createOrder(t.app, olive);
    expect((await t.request('POST', '/api/create-payment-intent', gina, { submissionId: id })).statusCode).toBe(404);
    const intent = await t.request('POST', '/api/create-payment-intent', max, { submissionId: id });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json() as { clientSecret: string };
    const card = { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
    expect((await t.request('POST', '/api/payments/sandbox/confirm', gina, card)).statusCode).toBe(404);
    expect((await t.request('POST', '/api/payments/sandbox/confirm', max, card)).statusCode).toBe(200);
    expect(((await get(`/api/submissions/${id}`, olive)).json() as Submission).status).toBe('paid');
  });

  it('a delivered order: members read the review, its downloads and certificate, and ask for the revision; outsiders get 404', async () => {
    const id = await createPaidOrder(t.app, max);
    expect((await saveReviewAs(t.app, admin, id, review('Reviewed text.'))).statusCode).toBe(200);
    for (const url of [`/api/submissions/${id}`, `/api/submissions/${id}/reviewed.txt`, `/api/submissions/${id}/deliveries`, `/api/submissions/${id}/certificate`, `/api/submissions/${id}/fact-check`]) {
      const placer = await get(url, max);
      expect(placer.statusCode, `${url} as its placer`).toBe(200);
      expect((await get(url, olive)).statusCode, `${url} as a colleague`).toBe(200);
      expect((await get(url, gina)).statusCode, `${url} as another organisation`).toBe(404);
    }
    const message = { message: 'Please make the second paragraph shorter, thank you.' };
    expect((await t.request('POST', `/api/submissions/${id}/revision`, gina, message)).statusCode).toBe(404);
    const revision = await t.request('POST', `/api/submissions/${id}/revision`, olive, message);
    expect(revision.statusCode, revision.body).toBe(200);
    expect(revision.json()).toMatchObject({ status: 'revision-requested' });
  });

  it('a delivered review document downloads for every member, and 404 for another organisation’s', async () => {
    const id = await createPaidOrder(t.app, olive);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]);
    const reserved = await t.request('POST', '/api/objects/upload', admin, { submissionId: id, fileName: 'review.pdf', size: pdf.length });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uploadURL, url, documentId } = reserved.json() as { uploadURL: string; url: string; documentId: string };
    const put = await t.app.inject({ method: 'PUT', url: uploadURL.replace(t.config.PUBLIC_URL, ''), payload: pdf });
    expect(put.statusCode, put.body).toBe(200);
    const saved = await saveReviewAs(t.app, admin, id, { id, reviewedContent: 'See the attached review.', reviewerNotes: '', complete: true, attachmentMode: 'upload', documentLink: '', uploadedDocuments: [url] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await get(`/api/submissions/${id}`, max)).json() as Submission).documents.map((d) => d.id)).toEqual([documentId]);
    for (const who of [olive, max]) expect((await get(`/api/documents/${documentId}`, who)).statusCode).toBe(200);
    expect((await get(`/api/documents/${documentId}`, gina)).statusCode).toBe(404);
    expect((await get(`/api/documents/${documentId}`, lou)).statusCode).toBe(404);
  });

  it('a member who leaves loses the organisation’s orders, which stay with it; their colleagues keep them', async () => {
    const leaver = await signUp(t.app, { firstName: 'Leah' });
    await addMember(t.app.db, acme, leaver.id);
    const id = await createPaidOrder(t.app, leaver);
    expect((await get(`/api/submissions/${id}`, leaver)).statusCode).toBe(200);
    const key = await createKey(t.app, leaver, ['orders:read']);
    expect((await bearer(t.app, key.key, 'GET', `/api/v1/orders/${id}`)).statusCode).toBe(200);

    await removeMember(t.app.db, acme, leaver.id);
    for (const url of [`/api/submissions/${id}`, `/api/messages/${id}`, `/api/submissions/${id}/deliveries`]) {
      expect((await get(url, leaver)).statusCode, `${url} after leaving`).toBe(404);
    }
    expect((await t.request('POST', `/api/submissions/${id}/cancel`, leaver)).statusCode).toBe(404);
    expect((await list(leaver)).items).toEqual([]);
    expect(await summary(leaver)).toEqual({ total: 0, inReview: 0, completed: 0 });
    // Their key made for the organisation stopped working with them.
    expect((await bearer(t.app, key.key, 'GET', `/api/v1/orders/${id}`)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row).toMatchObject({ organisationId: acme, userId: leaver.id });
    expect((await get(`/api/submissions/${id}`, max)).json()).toMatchObject({ id, placedBy: { email: leaver.email } });
  });
});

describe('the dashboard list of a member', () => {
  it('pages through personal and organisation orders together, newest first, none twice or missed', async () => {
    const organisation = await createOrganisation(t.app.db, (await signUp(t.app)).id, 'Pager Ltd');
    const [me, colleague] = [await signUp(t.app), await signUp(t.app)];
    const mine: string[] = [await createOrder(t.app, me), await createOrder(t.app, me)];
    await addMember(t.app.db, organisation, me.id);
    await addMember(t.app.db, organisation, colleague.id);
    for (let i = 0; i < 3; i += 1) mine.push(await createOrder(t.app, colleague), await createOrder(t.app, me));
    // Some share one created_at to the microsecond: the id breaks the tie in both halves of the query.
    await t.app.db.execute(sql`update submissions set created_at = '2026-01-01T00:00:00.123456Z' where id in (${mine[1]}, ${mine[2]}, ${mine[5]})`);
    const expected = (await t.app.db.select({ id: submissions.id }).from(submissions).where(sql`id in ${mine}`).orderBy(sql`created_at desc, id asc`)).map((r) => r.id);

    for (const who of [me]) {
      const seen: string[] = [];
      let url = '/api/submissions?limit=3';
      for (let page = 0; page < 10; page += 1) {
        const response = await get(url, who);
        expect(response.statusCode, response.body).toBe(200);
        seen.push(...(response.json() as Submission[]).map((s) => s.id));
        const link = response.headers.link as string | undefined;
        if (!link) break;
        url = /<([^>]+)>/.exec(link)![1]!;
      }
      expect(seen).toEqual(expected);
    }
    // The colleague sees the organisation's six, not my two from before I joined.
    const theirs = (await list(colleague, '?limit=50')).items.map((s) => s.id);
    expect(theirs.sort()).toEqual(mine.slice(2).sort());
  });

  it('reads each half of the rule from its own index, and the counters too (PostgreSQL plans of the real queries)', async () => {
    if (!t.database.databaseUrl) return;
    const client = (t.app.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, string>[] }> } }).$client;
    const plan = async (query: { toSQL: () => { sql: string; params: unknown[] } }, values: Record<string, unknown>) => {
      const { sql: text, params } = query.toSQL();
      const result = await client.query(`explain ${text}`, fillPlaceholders(params, values));
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    // Without the option of a sequential scan: the tables here are tiny, the question is whether an index serves.
    await client.query('set enable_seqscan = off', []);
    try {
      for (const after of [false, true]) {
        const listPlan = await plan(ownOrdersQuery(t.app.db, after), { userId: max.id, limit: 21, at: '2026-01-01T00:00:00.000000Z', id: 'ZZZZZZZZZZ' });
        // The own half's own index (migration 0023), which holds exactly its rows in the page's order.
        expect(listPlan, listPlan).toContain('submissions_own_created_idx');
        expect(listPlan, listPlan).toContain('submissions_org_created_idx');
        expect(listPlan, listPlan).not.toMatch(/Seq Scan on submissions/);
      }
      const countPlan = await plan(t.app.db.select({ n: sql`count(*)` }).from(submissions).where(customerCanSee(max.id)), {});
      expect(countPlan, countPlan).toContain('submissions_org_created_idx');
      expect(countPlan, countPlan).toMatch(/submissions_(own|user)_created_idx/);
    } finally {
      await client.query('reset enable_seqscan', []);
    }
  });
});

describe('credit of an organisation', () => {
  const balanceOf = async (who: SignedInUser) => ((await get('/api/credit', who)).json() as { balancePence: number }).balancePence;

  it('owners buy packs for it, members may not (403 with a message); every member sees and spends the one balance', async () => {
    const org = await createOrganisation(t.app.db, (await signUp(t.app)).id, 'Wallet Ltd');
    const [owner, member] = [await signUp(t.app), await signUp(t.app)];
    await addMember(t.app.db, org, owner.id, 'owner');
    await addMember(t.app.db, org, member.id, 'member');
    const refused = await t.request('POST', '/api/credit/checkout', member, { amountPence: 5000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: CREDIT_MESSAGES.ownerOnly });

    await buyCredit(t.app, owner, 5000);
    expect(await balanceOf(owner)).toBe(5000);
    expect(await balanceOf(member)).toBe(5000);
    expect(await balanceOf(gina)).toBe(0);
    // Whose credit it is, and whether this account may add to it (the settings page says so).
    expect((await get('/api/credit', owner)).json()).toMatchObject({ organisation: { name: 'Wallet Ltd', canBuy: true } });
    expect((await get('/api/credit', member)).json()).toMatchObject({ organisation: { name: 'Wallet Ltd', canBuy: false } });
    expect((await get('/api/credit', lou)).json()).not.toHaveProperty('organisation');

    const key = await createKey(t.app, member);
    const placed = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(1), { 'idempotency-key': 'wallet-1' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await balanceOf(owner)).toBe(5000 - 600);
    const statement = (await get('/api/credit', owner)).json() as { entries: { kind: string; submissionId: string | null }[] };
    expect(statement.entries.map((e) => e.kind)).toEqual(['order', 'purchase']);
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, (placed.json() as { id: string }).id));
    expect(row).toMatchObject({ userId: member.id, organisationId: org });
  });

  it('a lone account’s credit is its own, as before; a newcomer’s personal credit is not the organisation’s', async () => {
    const solo = await signUp(t.app);
    await buyCredit(t.app, solo, 5000);
    expect(await balanceOf(solo)).toBe(5000);
    const org = await createOrganisation(t.app.db, (await signUp(t.app)).id, 'Joiner Ltd');
    await addMember(t.app.db, org, solo.id, 'owner');
    expect(await balanceOf(solo)).toBe(0);
  });

  it('members spending at once never overdraw the shared credit', async () => {
    const org = await createOrganisation(t.app.db, (await signUp(t.app)).id, 'Race Ltd');
    const [owner, member] = [await signUp(t.app), await signUp(t.app)];
    await addMember(t.app.db, org, owner.id, 'owner');
    await addMember(t.app.db, org, member.id, 'member');
    await buyCredit(t.app, owner, 5000);
    const keys = [await createKey(t.app, owner), await createKey(t.app, member)];
    // £50 of credit, £6 orders: 8 fit. Sixteen at once, from both members' keys.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => bearer(t.app, keys[i % 2]!.key, 'POST', '/api/v1/orders', draft(100 + i), { 'idempotency-key': `race-${i}` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(8);
    expect(codes.filter((c) => c === 402)).toHaveLength(8);
    expect(await balanceOf(member)).toBe(5000 - 8 * 600);
  });
});

describe('API keys of an organisation', () => {
  it('a member’s key sees and places the organisation’s orders; another organisation’s key gets 404', async () => {
    const byOlive = await createPaidOrder(t.app, olive);
    const maxKey = await createKey(t.app, max, ['orders:read', 'orders:write']);
    const ginaKey = await createKey(t.app, gina, ['orders:read', 'orders:write']);
    const seen = await bearer(t.app, maxKey.key, 'GET', `/api/v1/orders/${byOlive}`);
    expect(seen.statusCode).toBe(200);
    expect(((await bearer(t.app, maxKey.key, 'GET', '/api/v1/orders?limit=100')).json() as { data: { id: string }[] }).data.map((o) => o.id)).toContain(byOlive);
    expect((await bearer(t.app, maxKey.key, 'GET', `/api/v1/orders/${byOlive}/messages`)).statusCode).toBe(200);
    expect((await bearer(t.app, maxKey.key, 'POST', `/api/v1/orders/${byOlive}/messages`, { content: 'Via the API' })).statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', `/api/v1/orders/${byOlive}`],
      ['GET', `/api/v1/orders/${byOlive}/messages`],
      ['POST', `/api/v1/orders/${byOlive}/messages`],
    ] as const) {
      expect((await bearer(t.app, ginaKey.key, method, url, method === 'POST' ? { content: 'Probe' } : undefined)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(((await bearer(t.app, ginaKey.key, 'GET', '/api/v1/orders?limit=100')).json() as { data: { id: string }[] }).data.map((o) => o.id)).not.toContain(byOlive);
  });

  it('owners list and revoke every key of the organisation (with whose it is); members only their own', async () => {
    const ownerKey = await createKey(t.app, olive, ['orders:read']);
    const memberKey = await createKey(t.app, max, ['orders:read']);
    const outsiderKey = await createKey(t.app, gina, ['orders:read']);
    const ownersList = (await get('/api/api-keys', olive)).json() as ApiKey[];
    expect(ownersList.map((k) => k.id)).toEqual(expect.arrayContaining([ownerKey.id, memberKey.id]));
    expect(ownersList.map((k) => k.id)).not.toContain(outsiderKey.id);
    expect(ownersList.find((k) => k.id === memberKey.id)!.heldBy).toEqual({ name: 'Max Member', email: max.email });
    expect(ownersList.find((k) => k.id === ownerKey.id)).not.toHaveProperty('heldBy');
    const membersList = (await get('/api/api-keys', max)).json() as ApiKey[];
    expect(membersList.map((k) => k.id)).toContain(memberKey.id);
    expect(membersList.map((k) => k.id)).not.toContain(ownerKey.id);

    expect((await t.request('DELETE', `/api/api-keys/${ownerKey.id}`, max)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/api-keys/${memberKey.id}`, gina)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/api-keys/${outsiderKey.id}`, olive)).statusCode).toBe(404);
    const revoked = await t.request('DELETE', `/api/api-keys/${memberKey.id}`, olive);
    expect(revoked.statusCode).toBe(200);
    expect((await bearer(t.app, memberKey.key, 'GET', '/api/v1/orders')).statusCode).toBe(401);
    expect(globex).toBeTruthy();
  });
});

describe('webhooks of an organisation’s order', () => {
  it('reach every current member’s endpoints; never another organisation’s, nor a placer’s who left', async () => {
    const org = await createOrganisation(t.app.db, (await signUp(t.app)).id, 'Hooks Ltd');
    const [placer, colleague, outsider] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    await addMember(t.app.db, org, placer.id);
    await addMember(t.app.db, org, colleague.id);
    await createOrganisation(t.app.db, outsider.id, 'Elsewhere Hooks');
    const endpoint = async (who: SignedInUser) => {
      const id = newId();
      await t.app.db.insert(webhookEndpoints).values({ id, userId: who.id, url: 'https://hooks.example.com/x', secret: 'whsec_test', events: ['order.paid', 'order.in_review', 'message.created'] });
      return id;
    };
    const [ofPlacer, ofColleague, ofOutsider] = [await endpoint(placer), await endpoint(colleague), await endpoint(outsider)];
    const delivered = async (endpointId: string) =>
      (await t.app.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).map((d) => d.type);

    const id = await createPaidOrder(t.app, placer);
    expect(await delivered(ofPlacer)).toEqual(['order.paid']);
    expect(await delivered(ofColleague)).toEqual(['order.paid']);
    expect(await delivered(ofOutsider)).toEqual([]);

    await removeMember(t.app.db, org, placer.id);
    expect((await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    expect(await delivered(ofPlacer)).toEqual(['order.paid']);
    expect((await delivered(ofColleague)).sort()).toEqual(['order.in_review', 'order.paid']);
    expect(await delivered(ofOutsider)).toEqual([]);
  });
});
