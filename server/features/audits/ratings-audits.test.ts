import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { AUDIT_MESSAGES, RATING_MESSAGES, type Audit, type OrderRatingAnswer } from '../../../shared/ratings-audits.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { certificates, deliveries, refunds, submissions, webhookDeliveries } from '../../db/schema';
import { mailsTo } from '../../test-support/accounts';
import { bearer, buyCredit, createKey, draft } from '../../test-support/api';
import { adminGet, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let admin: SignedInUser;
let rita: SignedInUser;
let vera: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
  admin = await signUpAdmin(t.app);
  rita = await signUpReviewer(t.app, 'Rita');
  vera = await signUpReviewer(t.app, 'Vera');
  customer = await signUp(t.app);
  const hook = await t.request('POST', '/api/webhook-endpoints', customer, { url: 'http://127.0.0.1:9/hook', events: ['order.audited'] });
  expect(hook.statusCode, hook.body).toBe(201);
  // Four accounts' password hashes on a busy machine: a limit, never a wait.
}, 180_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.context.now = () => new Date();
});

/** A paid order of `customer` that `rita` delivered. */
async function deliveredOrder(): Promise<string> {
  const id = await createPaidOrder(t.app, customer);
  const done = await saveReviewAs(t.app, rita, id, { reviewedContent: 'Reviewed by Rita.', reviewerNotes: '', attachmentMode: 'text', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

const rate = (id: string, body: unknown, who: SignedInUser = customer) => t.request('POST', `/api/submissions/${id}/rating`, who, body);
const closeAudit = (id: string, who: SignedInUser, body: unknown) => t.request('POST', `/api/admin/submissions/${id}/audit`, who, body);

async function auditedEvents(id: string) {
  const rows = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'order.audited'));
  return rows.map((r) => JSON.parse(r.payload as unknown as string) as { data: Record<string, unknown> }).filter((e) => e.data.orderId === id);
}

describe('ratings (issue 44 item 2)', () => {
  it('rates a delivered order only: bad stars 400, a stranger 404, not yet delivered 409', async () => {
    const id = await deliveredOrder();
    for (const stars of [6, 0, 2.5, '5', null]) {
      const bad = await rate(id, { stars });
      expect(bad.statusCode, String(stars)).toBe(400);
      expect(bad.json()).toMatchObject({ message: expect.stringContaining(RATING_MESSAGES.stars) });
    }
    expect((await rate(id, { stars: 5, comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    const stranger = await signUp(t.app);
    expect((await rate(id, { stars: 5 }, stranger)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${id}/rating`, stranger)).statusCode).toBe(404);
    const undelivered = await createPaidOrder(t.app, customer);
    const early = await rate(undelivered, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: RATING_MESSAGES.notDelivered });
  });

  it('a rating can be changed for 14 days; 2 stars opens an audit, once', async () => {
    const id = await deliveredOrder();
    const good = await rate(id, { stars: 4, comment: 'Good' });
    expect(good.statusCode, good.body).toBe(200);
    expect((good.json() as OrderRatingAnswer).rating).toMatchObject({ stars: 4, comment: 'Good', deliveryNumber: 1 });
    expect((await adminGet(t.app, vera, id)).audit).toBeNull();

    expect((await rate(id, { stars: 2, comment: 'Missed the numbers' })).statusCode).toBe(200);
    expect((await rate(id, { stars: 1 })).statusCode).toBe(200);
    const audit = (await adminGet(t.app, vera, id)).audit;
    expect(audit).toMatchObject({ reason: 'low-rating', status: 'open', stars: 1, deliveryNumber: 1 });
    const read = (await t.request('GET', `/api/submissions/${id}/rating`, customer)).json() as OrderRatingAnswer;
    expect(read).toMatchObject({ canRate: true, rating: { stars: 1 }, auditStatus: 'open' });

    t.app.context.now = () => new Date(Date.now() + 15 * 86_400_000);
    const late = await rate(id, { stars: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: RATING_MESSAGES.windowPassed });
  });

  it('the public API rates too: 400 for 6 stars, 404 for another account\'s order', async () => {
    const owner = await signUp(t.app);
    await buyCredit(t.app, owner);
    const key = await createKey(t.app, owner);
    const placed = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(7), { 'idempotency-key': 'rate-1' });
    const id = (placed.json() as { id: string }).id;
    expect((await bearer(t.app, key.key, 'POST', `/api/v1/orders/${id}/rating`, { stars: 5 })).statusCode).toBe(409);
    expect((await saveReviewAs(t.app, rita, id, { reviewedContent: 'Done.', reviewerNotes: '', attachmentMode: 'text', complete: true })).statusCode).toBe(200);
    expect((await bearer(t.app, key.key, 'POST', `/api/v1/orders/${id}/rating`, { stars: 6 })).statusCode).toBe(400);
    const other = await createKey(t.app, customer);
    expect((await bearer(t.app, other.key, 'POST', `/api/v1/orders/${id}/rating`, { stars: 5 })).statusCode).toBe(404);
    const ok = await bearer(t.app, key.key, 'POST', `/api/v1/orders/${id}/rating`, { stars: 2, comment: 'Meh' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await bearer(t.app, key.key, 'GET', `/api/v1/orders/${id}/rating`)).json()).toMatchObject({ rating: { stars: 2, comment: 'Meh' } });
    expect((await adminGet(t.app, vera, id)).audit).toMatchObject({ status: 'open', reason: 'low-rating' });
  });
});

describe('audits (issue 44 item 2)', () => {
  it('the delivering reviewer may not close it; a third reviewer passes it; the customer hears by e-mail and webhook', async () => {
    const id = await deliveredOrder();
    expect((await rate(id, { stars: 2 })).statusCode).toBe(200);
    const queue = await t.request('GET', '/api/admin/submissions?view=audits', vera);
    expect(queue.statusCode, queue.body).toBe(200);
    expect((queue.json() as AdminSubmission[]).map((s) => s.id)).toContain(id);

    const own = await closeAudit(id, rita, { outcome: 'passed', notes: 'Looks fine to me' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: AUDIT_MESSAGES.deliveredIt });
    expect((await closeAudit(id, vera, { outcome: 'passed' })).statusCode).toBe(400);
    expect((await closeAudit(id, vera, { outcome: 'maybe', notes: 'x' })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/admin/submissions/${id}/audit`, customer, { outcome: 'passed', notes: 'x' })).statusCode).toBe(403);

    const passed = await closeAudit(id, vera, { outcome: 'passed', notes: 'Every change is right; the numbers were checked.' });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json() as Audit).toMatchObject({ status: 'passed', reason: 'low-rating' });
    expect((await adminGet(t.app, admin, id)).audit).toMatchObject({ status: 'passed', notes: 'Every change is right; the numbers were checked.' });
    expect((await closeAudit(id, admin, { outcome: 'passed', notes: 'Again' })).statusCode).toBe(409);
    const queueAfter = (await t.request('GET', '/api/admin/submissions?view=audits', vera)).json() as AdminSubmission[];
    expect(queueAfter.map((s) => s.id)).not.toContain(id);

    const mails = await mailsTo(t.app.db, customer.email, 'order-audited');
    expect(mails.some((m) => m.textBody.includes('found that it stands as delivered'))).toBe(true);
    expect(await auditedEvents(id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ audit: { outcome: 'passed', reason: 'low-rating' } }) })]);
  });

  it('"corrected" delivers a new version with a new certificate and revokes the old one; no late refund', async () => {
    const id = await deliveredOrder();
    expect((await rate(id, { stars: 1, comment: 'Wrong date' })).statusCode).toBe(200);
    expect((await closeAudit(id, vera, { outcome: 'corrected', notes: 'Date fixed' })).statusCode).toBe(400);
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    t.app.context.now = () => new Date(order!.dueDate!.getTime() + 86_400_000);
    const corrected = await closeAudit(id, vera, { outcome: 'corrected', notes: 'Date fixed', reviewedContent: 'Corrected by Vera.' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ status: 'corrected' });

    const versions = await t.app.db.select().from(deliveries).where(eq(deliveries.submissionId, id)).orderBy(asc(deliveries.number));
    expect(versions.map((d) => [d.number, d.reviewedContent])).toEqual([[1, 'Reviewed by Rita.'], [2, 'Corrected by Vera.']]);
    const certs = await t.app.db.select().from(certificates).where(eq(certificates.submissionId, id));
    const byDelivery = new Map(certs.map((c) => [c.deliveryId, c]));
    expect(byDelivery.get(versions[0]!.id)).toMatchObject({ revokedReason: 'corrected-after-audit' });
    expect(byDelivery.get(versions[1]!.id)?.revokedAt).toBeNull();
    const [after] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(after!.status).toBe('completed');
    expect(after!.reviewedContent).toBe('Corrected by Vera.');
    expect(await t.app.db.select().from(refunds).where(eq(refunds.submissionId, id))).toEqual([]);

    const events = await auditedEvents(id);
    expect(events[0]!.data).toMatchObject({ audit: { outcome: 'corrected', reason: 'low-rating', certificateCode: byDelivery.get(versions[1]!.id)!.code } });
    const mails = await mailsTo(t.app.db, customer.email, 'order-audited');
    expect(mails.some((m) => m.textBody.includes('corrected it'))).toBe(true);
    // The customer may rate the corrected version afresh.
    expect(((await rate(id, { stars: 5 })).json() as OrderRatingAnswer).rating).toMatchObject({ stars: 5, deliveryNumber: 2 });
  });
});
