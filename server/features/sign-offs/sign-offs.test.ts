import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SIGN_OFF_MESSAGES, type SignOffSampling } from '../../../shared/sign-offs.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { AUDIT_MESSAGES } from '../../../shared/ratings-audits.schema';
import type { EditorialRecord } from '../../../shared/editorial-record.schema';
import type { Scorecards } from '../../../shared/scorecards.schema';
import { certificates, orderAudits, orderSignOffs, submissions, webhookDeliveries } from '../../db/schema';
import { mailsTo } from '../../test-support/accounts';
import { adminGet, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { inSample } from './sample';
import { sweepDueSignOffsOf } from './job';

/**
 * The second reviewer's sign-off (issue 44 item 1, decision 073), through the real API on a real database. The app
 * samples every completion (QA_SAMPLE_PERCENT=100) unless a test sets `app.context.qaSamplePercent`.
 */
let t: TestApp;
let admin: SignedInUser;
let rita: SignedInUser;
let ben: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ QA_SAMPLE_PERCENT: '100', WEBHOOKS_ALLOW_LOOPBACK: '1' });
  admin = await signUpAdmin(t.app);
  rita = await signUpReviewer(t.app, 'Rita');
  ben = await signUpReviewer(t.app, 'Ben');
}, 180_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.context.now = () => new Date();
  t.app.context.qaSamplePercent = 100;
});

const complete = (reviewer: SignedInUser, id: string, text = 'Reviewed text.') =>
  saveReviewAs(t.app, reviewer, id, { reviewedContent: text, reviewerNotes: '', attachmentMode: 'text', complete: true });
const signOff = (who: SignedInUser | null, id: string, body: unknown) => t.request('POST', `/api/admin/submissions/${id}/sign-off`, who, body);

/** A customer with a webhook endpoint for deliveries, and a paid order of theirs. */
async function orderWithHook(): Promise<{ customer: SignedInUser; id: string }> {
  const customer = await signUp(t.app);
  const hook = await t.request('POST', '/api/webhook-endpoints', customer, { url: 'http://127.0.0.1:9/hook', events: ['order.completed'] });
  expect(hook.statusCode, hook.body).toBe(201);
  return { customer, id: await createPaidOrder(t.app, customer) };
}

async function completedWebhooks(id: string): Promise<number> {
  const rows = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'order.completed'));
  return rows.map((e) => JSON.parse(e.payload as unknown as string) as { data: { orderId: string } }).filter((e) => e.data.orderId === id).length;
}

const customerStatus = async (customer: SignedInUser, id: string) => ((await t.request('GET', `/api/submissions/${id}`, customer)).json() as { status: string }).status;
const queueIds = async (who: SignedInUser, view: string) =>
  ((await t.request('GET', `/api/admin/submissions?view=${view}`, who)).json() as AdminSubmission[]).map((o) => o.id);

describe('the second reviewer’s sign-off (issue 44 item 1)', () => {
  it('with QA_SAMPLE_PERCENT=100 a completed review waits in review for another reviewer, whose approval delivers it once', async () => {
    const { customer, id } = await orderWithHook();
    const done = await complete(rita, id, 'Rita’s reviewed text.');
    expect(done.statusCode, done.body).toBe(200);

    // Waiting: the customer still sees "In review", nothing is delivered, the author's claim has ended.
    const waiting = await adminGet(t.app, ben, id);
    expect(waiting).toMatchObject({ status: 'in-review', claim: null, signOff: { status: 'pending', author: { id: rita.id }, signedBy: null } });
    expect(await customerStatus(customer, id)).toBe('in-review');
    expect(await mailsTo(t.app.db, customer.email, 'review-completed')).toHaveLength(0);
    expect(await completedWebhooks(id)).toBe(0);
    expect(await queueIds(ben, 'sign-off')).toContain(id);
    expect(await queueIds(admin, 'sign-off')).toContain(id);
    expect(await queueIds(rita, 'sign-off')).not.toContain(id);
    // Not work for the unclaimed view: nobody picks it up there.
    expect(await queueIds(ben, 'unclaimed')).not.toContain(id);

    // Nobody changes or moves it meanwhile; its author may not sign it off.
    const edit = await complete(rita, id, 'Sneaky change.');
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: SIGN_OFF_MESSAGES.awaiting });
    const own = await signOff(rita, id, { outcome: 'approved' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ message: SIGN_OFF_MESSAGES.author });
    expect((await adminGet(t.app, ben, id)).signOff?.status).toBe('pending');

    // Another reviewer approves: delivered exactly as an ordinary completion (e-mail, webhook, certificate) once.
    const approved = await signOff(ben, id, { outcome: 'approved', notes: 'Reads well.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', author: { id: rita.id }, signedBy: { id: ben.id }, notes: 'Reads well.' });
    expect(await customerStatus(customer, id)).toBe('completed');
    expect(await mailsTo(t.app.db, customer.email, 'review-completed')).toHaveLength(1);
    expect(await completedWebhooks(id)).toBe(1);
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(order!.reviewedContent).toBe('Rita’s reviewed text.');

    // The certificate names the reviewer and, by pseudonym, the second reviewer; so does the editorial record.
    const [certificate] = await t.app.db.select().from(certificates).where(eq(certificates.submissionId, id));
    expect(certificate!.body).toMatchObject({ reviewer: 'Rita R.', signedOffBy: 'Ben R.' });
    const record = await t.request('GET', `/api/submissions/${id}/editorial-record`, customer);
    expect(record.statusCode, record.body).toBe(200);
    const secondReview = (record.json() as EditorialRecord).secondReview;
    expect(secondReview).toMatchObject({ signedOff: true, reviewer: { name: 'Ben R.' } });
    expect(secondReview!.reviewer.pseudonym).toMatch(/^Ben R\. \(reviewer \d+\)$/);
    expect(await queueIds(ben, 'sign-off')).not.toContain(id);

    // A low rating opens an audit of this delivery: neither its reviewer nor its signer may close it.
    expect((await t.request('POST', `/api/submissions/${id}/rating`, customer, { stars: 1 })).statusCode).toBeLessThan(300);
    const bySigner = await t.request('POST', `/api/admin/submissions/${id}/audit`, ben, { outcome: 'passed', notes: 'Fine.' });
    expect(bySigner.statusCode).toBe(403);
    expect(bySigner.json()).toMatchObject({ message: AUDIT_MESSAGES.signedIt });
    expect((await t.request('POST', `/api/admin/submissions/${id}/audit`, rita, { outcome: 'passed', notes: 'Fine.' })).statusCode).toBe(403);

    // A replay, or a second signer, finds nothing awaiting.
    const again = await signOff(admin, id, { outcome: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: SIGN_OFF_MESSAGES.notAwaiting });
    expect(await mailsTo(t.app.db, customer.email, 'review-completed')).toHaveLength(1);
  });

  it('an ordinary delivery’s certificate and record say no second reviewer signed off', async () => {
    t.app.context.qaSamplePercent = 0;
    const { customer, id } = await orderWithHook();
    expect((await complete(rita, id)).statusCode).toBe(200);
    expect(await customerStatus(customer, id)).toBe('completed');
    const [certificate] = await t.app.db.select().from(certificates).where(eq(certificates.submissionId, id));
    expect(certificate!.body).toMatchObject({ signedOffBy: null });
    expect(((await t.request('GET', `/api/submissions/${id}/editorial-record`, customer)).json() as EditorialRecord).secondReview).toBeNull();
    expect((await adminGet(t.app, admin, id)).signOff).toBeNull();
  });

  it('"returned" gives the order back to its author with the notes; completed again, it waits again', async () => {
    const { customer, id } = await orderWithHook();
    expect((await complete(rita, id)).statusCode).toBe(200);
    const returned = await signOff(ben, id, { outcome: 'returned', notes: 'The second paragraph still says “there” for “their”.' });
    expect(returned.statusCode, returned.body).toBe(200);
    const back = await adminGet(t.app, rita, id);
    expect(back).toMatchObject({
      status: 'in-review',
      claim: { userId: rita.id },
      signOff: { status: 'returned', signedBy: { id: ben.id }, notes: 'The second paragraph still says “there” for “their”.' },
    });
    expect(await customerStatus(customer, id)).toBe('in-review');
    expect(await mailsTo(t.app.db, customer.email, 'review-completed')).toHaveLength(0);
    expect(await queueIds(rita, 'mine')).toContain(id);

    // Fixed and completed again: a returned review waits for a sign-off again, even with sampling now off.
    t.app.context.qaSamplePercent = 0;
    expect((await complete(rita, id, 'Fixed text.')).statusCode).toBe(200);
    expect((await adminGet(t.app, ben, id)).signOff).toMatchObject({ status: 'pending', author: { id: rita.id } });
    expect((await signOff(admin, id, { outcome: 'approved' })).statusCode).toBe(200);
    expect(await customerStatus(customer, id)).toBe('completed');
    expect(await completedWebhooks(id)).toBe(1);

    // The scorecards count the return for the reviewer who completed it, on the day it was returned.
    await t.app.db.execute(sql`update order_sign_offs set decided_at = '2026-06-03T10:00:00Z' where submission_id = ${id} and outcome = 'returned'`);
    const cards = await t.request('GET', '/api/admin/insights/scorecards?from=2026-06-01&to=2026-06-07', admin);
    expect(cards.statusCode, cards.body).toBe(200);
    expect((cards.json() as Scorecards).rows.find((r) => r.reviewerId === rita.id)?.signOffsReturned).toBe(1);
    const outside = await t.request('GET', '/api/admin/insights/scorecards?from=2026-06-04&to=2026-06-07', rita);
    expect((outside.json() as Scorecards).rows[0]).toMatchObject({ reviewerId: rita.id, signOffsReturned: 0 });
  });

  it('a revision’s delivery is sampled too: it waits in review, then is delivered as delivery 2', async () => {
    const { customer, id } = await orderWithHook();
    expect((await complete(rita, id)).statusCode).toBe(200);
    expect((await signOff(ben, id, { outcome: 'approved' })).statusCode).toBe(200);
    const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please shorten the second paragraph.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await complete(rita, id, 'Shorter.')).statusCode).toBe(200);
    expect(await customerStatus(customer, id)).toBe('in-review');
    expect((await adminGet(t.app, ben, id)).signOff).toMatchObject({ status: 'pending', author: { id: rita.id } });
    expect((await signOff(ben, id, { outcome: 'approved' })).statusCode).toBe(200);
    expect(await customerStatus(customer, id)).toBe('completed');
    expect(await completedWebhooks(id)).toBe(2);
    const live = await t.app.db.select().from(certificates).where(and(eq(certificates.submissionId, id), isNull(certificates.revokedAt)));
    expect(live.map((c) => (c.body as { delivery: number; signedOffBy: string }).delivery)).toEqual([2]);
    expect(live[0]!.body).toMatchObject({ signedOffBy: 'Ben R.' });
  });

  it('refuses a bad body (400), an unknown order (404), a customer (403), a visitor (401) and an order not awaiting (409)', async () => {
    const { customer, id } = await orderWithHook();
    expect((await signOff(ben, id, { outcome: 'approved' })).json()).toMatchObject({ message: SIGN_OFF_MESSAGES.notAwaiting });
    expect((await complete(rita, id)).statusCode).toBe(200);
    for (const body of [{}, { outcome: 'maybe' }, { outcome: 'approved', notes: 'x'.repeat(5000) }, { outcome: 'approved', extra: 1 }, ['approved']]) {
      const bad = await signOff(ben, id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof (bad.json() as { message: string }).message).toBe('string');
    }
    expect((await signOff(ben, 'NOSUCHORDER1', { outcome: 'approved' })).statusCode).toBe(404);
    expect((await signOff(customer, id, { outcome: 'approved' })).statusCode).toBe(403);
    expect((await signOff(null, id, { outcome: 'approved' })).statusCode).toBe(401);
    expect((await adminGet(t.app, ben, id)).signOff?.status).toBe('pending');
  });

  it('two reviewers signing at once: exactly one wins, the other gets 409', async () => {
    const { customer, id } = await orderWithHook();
    expect((await complete(rita, id)).statusCode).toBe(200);
    const answers = await Promise.all([signOff(ben, id, { outcome: 'approved' }), signOff(admin, id, { outcome: 'returned', notes: 'No.' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const decided = await t.app.db.select().from(orderSignOffs).where(eq(orderSignOffs.submissionId, id));
    expect(decided).toHaveLength(1);
    const winner = decided[0]!.outcome;
    expect(await customerStatus(customer, id)).toBe(winner === 'approved' ? 'completed' : 'in-review');
    expect(await completedWebhooks(id)).toBe(winner === 'approved' ? 1 : 0);
  });

  it('never makes an order late: with under an hour to its due time it is delivered and audited afterwards (reason "sample")', async () => {
    const { customer, id } = await orderWithHook();
    const [row] = await t.app.db.select({ dueDate: submissions.dueDate }).from(submissions).where(eq(submissions.id, id));
    t.app.context.now = () => new Date(row!.dueDate!.getTime() - 30 * 60_000);
    expect((await complete(rita, id)).statusCode).toBe(200);
    expect(await customerStatus(customer, id)).toBe('completed');
    expect(await mailsTo(t.app.db, customer.email, 'review-completed')).toHaveLength(1);
    expect(await t.app.db.select().from(orderSignOffs).where(eq(orderSignOffs.submissionId, id))).toEqual([]);
    const audits = await t.app.db.select().from(orderAudits).where(and(eq(orderAudits.submissionId, id), eq(orderAudits.status, 'open')));
    expect(audits.map((a) => a.reason)).toEqual(['sample']);
    expect((await adminGet(t.app, admin, id)).audit).toMatchObject({ reason: 'sample', status: 'open' });
    expect(await queueIds(admin, 'audits')).toContain(id);
    // The reviewer who delivered it may not close its audit; another may.
    expect((await t.request('POST', `/api/admin/submissions/${id}/audit`, rita, { outcome: 'passed', notes: 'Fine.' })).statusCode).toBe(403);
    expect((await t.request('POST', `/api/admin/submissions/${id}/audit`, ben, { outcome: 'passed', notes: 'Fine.' })).statusCode).toBe(200);
  });

  it('a sign-off nobody gives by an hour before the due time: delivered then, once, and audited afterwards', async () => {
    const { customer, id } = await orderWithHook();
    expect((await complete(rita, id)).statusCode).toBe(200);
    const [row] = await t.app.db.select({ dueDate: submissions.dueDate }).from(submissions).where(eq(submissions.id, id));
    t.app.context.now = () => new Date(row!.dueDate!.getTime() - 61 * 60_000);
    expect(await sweepDueSignOffsOf(t.app)).toBe(0);
    t.app.context.now = () => new Date(row!.dueDate!.getTime() - 59 * 60_000);
    expect(await sweepDueSignOffsOf(t.app)).toBeGreaterThanOrEqual(1);
    expect(await sweepDueSignOffsOf(t.app)).toBe(0);
    expect(await customerStatus(customer, id)).toBe('completed');
    expect(await mailsTo(t.app.db, customer.email, 'review-completed')).toHaveLength(1);
    expect(await completedWebhooks(id)).toBe(1);
    const desk = await adminGet(t.app, admin, id);
    expect(desk.signOff).toMatchObject({ status: 'audited', author: { id: rita.id }, signedBy: null });
    expect(desk.audit).toMatchObject({ reason: 'sample', status: 'open' });
    const [certificate] = await t.app.db.select().from(certificates).where(eq(certificates.submissionId, id));
    expect(certificate!.body).toMatchObject({ reviewer: 'Rita R.', signedOffBy: null });
    // A signer arriving now finds nothing awaiting.
    expect((await signOff(ben, id, { outcome: 'approved' })).statusCode).toBe(409);
  });

  it('an hour or more before the due time it waits; QA_SAMPLE_PERCENT=0 never waits', async () => {
    const { id } = await orderWithHook();
    const [row] = await t.app.db.select({ dueDate: submissions.dueDate }).from(submissions).where(eq(submissions.id, id));
    t.app.context.now = () => new Date(row!.dueDate!.getTime() - 60 * 60_000);
    expect((await complete(rita, id)).statusCode).toBe(200);
    expect((await adminGet(t.app, admin, id)).signOff?.status).toBe('pending');

    t.app.context.qaSamplePercent = 0;
    const other = await orderWithHook();
    expect((await complete(rita, other.id)).statusCode).toBe(200);
    expect(await customerStatus(other.customer, other.id)).toBe('completed');
  });

  it('says how much is sampled, to staff only', async () => {
    const answer = await t.request('GET', '/api/admin/sign-offs/sampling', rita);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ percent: 100, teamOfOne: false, message: SIGN_OFF_MESSAGES.sampling(100) } satisfies SignOffSampling);
    expect((await t.request('GET', '/api/admin/sign-offs/sampling', await signUp(t.app))).statusCode).toBe(403);
    expect((await t.request('GET', '/api/admin/sign-offs/sampling', null)).statusCode).toBe(401);
  });

  it('samples deterministically: 0 never, 100 always, about the share asked for in between', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `ORDER${i}`);
    expect(ids.some((id) => inSample(id, 1, 0))).toBe(false);
    expect(ids.every((id) => inSample(id, 1, 100))).toBe(true);
    const share = ids.filter((id) => inSample(id, 1, 10)).length / ids.length;
    expect(share).toBeGreaterThan(0.07);
    expect(share).toBeLessThan(0.13);
    expect(ids.map((id) => inSample(id, 2, 50))).toEqual(ids.map((id) => inSample(id, 2, 50)));
  });
});

describe('a team of one (issue 44 item 1)', () => {
  let solo: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    solo = await createTestApp({ QA_SAMPLE_PERCENT: '100' });
    owner = await signUpAdmin(solo.app);
  }, 120_000);
  afterAll(() => solo.close());

  it('is never sampled, and the queue says so', async () => {
    const customer = await signUp(solo.app);
    const id = await createPaidOrder(solo.app, customer);
    const done = await saveReviewAs(solo.app, owner, id, { reviewedContent: 'Reviewed.', reviewerNotes: '', attachmentMode: 'text', complete: true });
    expect(done.statusCode, done.body).toBe(200);
    expect((await adminGet(solo.app, owner, id)).status).toBe('completed');
    const sampling = await solo.request('GET', '/api/admin/sign-offs/sampling', owner);
    expect(sampling.json()).toEqual({ percent: 100, teamOfOne: true, message: SIGN_OFF_MESSAGES.teamOfOne });
  });

  it('a reviewer the customer blocked neither sees their order in the Sign-off view nor signs it off', async () => {
    const customer = await signUp(t.app);
    t.app.context.qaSamplePercent = 0;
    const first = await createPaidOrder(t.app, customer);
    expect((await complete(ben, first)).statusCode).toBe(200);
    const block = await t.request('PUT', `/api/submissions/${first}/reviewer-preference`, customer, { preference: 'blocked' });
    expect(block.statusCode, block.body).toBe(200);

    t.app.context.qaSamplePercent = 100;
    const next = await createPaidOrder(t.app, customer);
    expect((await complete(rita, next)).statusCode).toBe(200);
    expect(await queueIds(ben, 'sign-off')).not.toContain(next);
    expect(await queueIds(admin, 'sign-off')).toContain(next);
    const refused = await signOff(ben, next, { outcome: 'approved' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/asked for another reviewer/);
    expect((await adminGet(t.app, admin, next)).signOff?.status).toBe('pending');
    expect((await signOff(admin, next, { outcome: 'approved' })).statusCode).toBe(200);
    expect((await adminGet(t.app, admin, next)).status).toBe('completed');
  });
});
