import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { diffWords } from '../../../shared/text-diff';
import { deliveries } from '../../db/schema';
import { bearer, buyCredit, createKey } from '../../test-support/api';
import { saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { diffPool } from './diff-pool';

let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
  key = (await createKey(t.app, customer)).key;
  await buyCredit(t.app, customer, 20000);
});
afterAll(async () => t.close());

const ORIGINAL = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
const REVIEWED = Array.from({ length: 600 }, (_, i) => (i % 5 === 0 ? `better${i}` : `word${i}`)).join(' ');

/** An API order delivered by the admin: the delivery row is written by the status change. */
async function deliveredOrder(): Promise<string> {
  const order = await bearer(t.app, key, 'POST', '/api/v1/orders', { content: ORIGINAL, serviceTier: 'polished', category: 'blog-post' }, { 'idempotency-key': randomUUID() });
  expect(order.statusCode, order.body).toBe(201);
  const id = (order.json() as { id: string }).id;
  const saved = await saveReviewAs(t.app, admin, id, { id, reviewerNotes: '', attachmentMode: 'text', reviewedContent: REVIEWED, complete: true });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

describe('the delivery diff is computed once and stored (issue 29)', () => {
  it('stores the diff on the delivery row, and GET /api/v1/orders/:id and reviewed.docx read it without recomputing', async () => {
    const atStart = diffPool.computed;
    const id = await deliveredOrder();
    const [row] = await t.app.db.select().from(deliveries).where(eq(deliveries.submissionId, id));
    expect(row!.diff).toEqual(diffWords(ORIGINAL, REVIEWED));
    // Once for the delivery: the "review completed" e-mail's word count reads the stored diff too.
    expect(diffPool.computed).toBe(atStart + 1);

    const before = diffPool.computed;
    for (let i = 0; i < 5; i += 1) {
      const answer = await bearer(t.app, key, 'GET', `/api/v1/orders/${id}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().result.diff).toEqual(row!.diff);
    }
    const docx = await t.request('GET', `/api/submissions/${id}/reviewed.docx`, customer);
    expect(docx.statusCode).toBe(200);
    expect(diffPool.computed).toBe(before);

    // The answer is the stored row, not a fresh diff: a marked stored diff comes back as stored.
    const marked = [...row!.diff!, { type: 'equal' as const, text: '' }];
    await t.app.db.update(deliveries).set({ diff: marked }).where(eq(deliveries.id, row!.id));
    expect((await bearer(t.app, key, 'GET', `/api/v1/orders/${id}`)).json().result.diff).toEqual(marked);
  });

  it('computes a delivery from before the column once, in the worker thread, and stores it', async () => {
    const id = await deliveredOrder();
    await t.app.db.update(deliveries).set({ diff: null }).where(eq(deliveries.submissionId, id));
    const before = diffPool.computed;
    const first = await bearer(t.app, key, 'GET', `/api/v1/orders/${id}`);
    expect(first.json().result.diff).toEqual(diffWords(ORIGINAL, REVIEWED));
    expect(diffPool.computed).toBe(before + 1);
    const [row] = await t.app.db.select().from(deliveries).where(eq(deliveries.submissionId, id));
    expect(row!.diff).toEqual(diffWords(ORIGINAL, REVIEWED));
    await bearer(t.app, key, 'GET', `/api/v1/orders/${id}`);
    await t.request('GET', `/api/submissions/${id}/reviewed.docx`, customer);
    expect(diffPool.computed).toBe(before + 1);
  });

  it('never trusts a stored diff of other texts: a diff that does not describe the order is recomputed', async () => {
    const id = await deliveredOrder();
    await t.app.db.update(deliveries).set({ diff: [{ type: 'equal', text: 'something else' }] }).where(eq(deliveries.submissionId, id));
    const answer = await bearer(t.app, key, 'GET', `/api/v1/orders/${id}`);
    expect(answer.json().result.diff).toEqual(diffWords(ORIGINAL, REVIEWED));
  });
});
