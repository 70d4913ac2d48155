import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AFTER_PAYMENT_MESSAGES, type OrderMoney } from '../../../shared/after-payment.schema';
import type { Submission } from '../../../shared/submission.schema';
import { emailOutbox, refunds, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { refundGateway } from './refunds';
import { cancelOrder } from './cancel-order';
import { requestRevision } from '../customer-orders/request-revision';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'team@example.com' });
  alice = await signUp(t.app, { firstName: 'Alice' });
  bob = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

function call(method: 'GET' | 'PATCH' | 'POST', url: string, who?: SignedInUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function rowOf(id: string) {
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
  return row!;
}

async function mine(id: string, who = alice): Promise<Submission> {
  const response = await call('GET', `/api/submissions/${id}`, who);
  expect(response.statusCode).toBe(200);
  return response.json() as Submission;
}

const review = (text: string) => ({ complete: true, reviewedContent: text, reviewerNotes: 'Notes', attachmentMode: 'text' });

async function completedOrder(): Promise<string> {
  const id = await createPaidOrder(t.app, alice);
  const done = await saveReviewAs(t.app, admin, id, review('First delivery text.'));
  expect(done.statusCode).toBe(200);
  return id;
}

describe('cancel before work starts', () => {
  it('cancels a paid, unstarted order, refunds it in full, records the move and e-mails both sides', async () => {
    const id = await createPaidOrder(t.app, alice);
    const before = await mine(id);
    expect(before.cancellableUntil).not.toBeNull();
    expect(Date.parse(before.cancellableUntil!) - Date.parse(before.createdAt)).toBe(24 * 3_600_000);

    const first = await call('POST', `/api/submissions/${id}/cancel`, alice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'cancelled', refundedPence: before.amountPence });
    // A second click answers the same, and refunds nothing more.
    const second = await call('POST', `/api/submissions/${id}/cancel`, alice);
    expect(second.json()).toEqual({ status: 'cancelled', refundedPence: before.amountPence });
    const rows = await t.app.db.select().from(refunds).where(eq(refunds.submissionId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', amountPence: before.amountPence, source: 'cancellation' });

    const after = await mine(id);
    expect(after).toMatchObject({ status: 'cancelled', refundedPence: before.amountPence, cancellableUntil: null });
    const history = await t.app.db.select().from(submissionStatusChanges).where(eq(submissionStatusChanges.submissionId, id));
    expect(history.filter((h) => h.toStatus === 'cancelled')).toMatchObject([{ fromStatus: 'paid', changedBy: alice.id }]);
    const mail = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order-cancelled'));
    expect(mail.some((m) => m.toAddress === alice.email && m.subject.includes(id))).toBe(true);
    const team = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order-cancelled-team'));
    expect(team.some((m) => m.subject.includes(id))).toBe(true);

    // A cancelled order cannot be started, reviewed or refunded again.
    const start = await call('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.cancelledByCustomer });
    const draft = await saveReviewAs(t.app, admin, id, { ...review('x'), complete: false });
    expect(draft.statusCode).toBe(409);
    const more = await call('POST', `/api/admin/submissions/${id}/refunds`, admin, {
      requestId: crypto.randomUUID(),
      amountPence: 1,
      reason: 'again',
    });
    expect(more.statusCode).toBe(409);
  });

  it('refuses once a reviewer has opened the order, after 24 hours, and for someone else', async () => {
    const opened = await createPaidOrder(t.app, alice);
    expect((await call('POST', `/api/admin/submissions/${opened}/open`, admin)).json()).toEqual({ started: true });
    expect((await call('POST', `/api/admin/submissions/${opened}/open`, admin)).json()).toEqual({ started: false });
    expect((await mine(opened)).cancellableUntil).toBeNull();
    const refused = await call('POST', `/api/submissions/${opened}/cancel`, alice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.alreadyStarted });

    const other = await createPaidOrder(t.app, alice);
    expect((await call('POST', `/api/submissions/${other}/cancel`, bob)).statusCode).toBe(404);
    expect((await call('POST', `/api/submissions/${other}/cancel`)).statusCode).toBe(401);

    // The 24-hour window, with a controlled clock: submitted at T, cancel at T + 24 h is too late.
    // A millisecond-exact submission time (PostgreSQL keeps microseconds, which a JS Date would round down).
    const created = Date.now() - 1000;
    await t.app.db.update(submissions).set({ createdAt: new Date(created) }).where(eq(submissions.id, other));
    const gateway = refundGateway(null);
    await expect(
      cancelOrder(t.app.db, t.app.context, gateway, { submissionId: other, userId: alice.id, now: new Date(created + 24 * 3_600_000) }),
    ).rejects.toMatchObject({ statusCode: 409, message: AFTER_PAYMENT_MESSAGES.cancelWindowPassed });
    const ok = await cancelOrder(t.app.db, t.app.context, gateway, {
      submissionId: other,
      userId: alice.id,
      now: new Date(created + 24 * 3_600_000 - 1),
    });
    expect(ok.status).toBe('cancelled');
  });

  it('lets exactly one of cancel and start win, 50 times', async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, () => createPaidOrder(t.app, alice)));
    let cancels = 0;
    let starts = 0;
    for (const [i, id] of ids.entries()) {
      const startCall =
        i % 2 === 0
          ? call('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' })
          : call('POST', `/api/admin/submissions/${id}/open`, admin);
      const [cancel, start] = await Promise.all([call('POST', `/api/submissions/${id}/cancel`, alice), startCall]);
      const startWon = i % 2 === 0 ? start.statusCode === 200 : start.json().started === true;
      const cancelWon = cancel.statusCode === 200;
      expect(cancelWon !== startWon, `order ${i}: cancel ${cancel.statusCode}, start ${start.body}`).toBe(true);
      if (cancelWon) {
        cancels += 1;
        if (i % 2 === 0) expect(start.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.cancelledByCustomer });
      } else {
        starts += 1;
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.alreadyStarted });
      }
      const row = await rowOf(id);
      const refunded = await t.app.db.select().from(refunds).where(eq(refunds.submissionId, id));
      expect(row.status === 'cancelled').toBe(cancelWon);
      expect(refunded).toHaveLength(cancelWon ? 1 : 0);
    }
    expect(cancels + starts).toBe(50);
  });
});

describe('one free revision', () => {
  it('reopens a completed order with a new due date, flags it on top of the queue, keeps both deliveries', async () => {
    const id = await completedOrder();
    const delivered = await mine(id);
    expect(delivered.revisionAvailableUntil).not.toBeNull();

    const short = await call('POST', `/api/submissions/${id}/revision`, alice, { message: 'too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.revisionMessageShort });
    const long = await call('POST', `/api/submissions/${id}/revision`, alice, { message: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect((await call('POST', `/api/submissions/${id}/revision`, bob, { message: 'Please change the intro.' })).statusCode).toBe(404);

    const asked = await call('POST', `/api/submissions/${id}/revision`, alice, { message: 'Please change the intro.' });
    expect(asked.statusCode).toBe(200);
    const revised = asked.json() as Submission;
    expect(revised).toMatchObject({ status: 'revision-requested', revisionMessage: 'Please change the intro.', revisionAvailableUntil: null });
    const due = Date.parse(revised.dueDate!) - Date.parse(revised.revisionRequestedAt!);
    expect(due).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(due).toBeLessThanOrEqual(4 * 86_400_000);
    expect((await call('POST', `/api/submissions/${id}/revision`, alice, { message: 'And again please.' })).json()).toMatchObject({
      message: AFTER_PAYMENT_MESSAGES.revisionUsed,
    });

    // Top of the admin queue (newer orders exist), flagged by its status.
    await createPaidOrder(t.app, bob);
    const queue = (await call('GET', '/api/admin/submissions?limit=5', admin)).json() as Submission[];
    expect(queue[0]).toMatchObject({ id, status: 'revision-requested' });
    const second = (await call('GET', '/api/admin/submissions?limit=50', admin)).json() as Submission[];
    expect(second.filter((s) => s.id === id)).toHaveLength(1);

    // The first delivery stays visible while the revision is made; the second completes the order again.
    const during = (await call('GET', `/api/submissions/${id}/deliveries`, alice)).json();
    expect(during).toMatchObject([{ number: 1, reviewedContent: 'First delivery text.' }]);
    const done = await saveReviewAs(t.app, admin, id, review('Second delivery text.'));
    expect(done.statusCode).toBe(200);
    const deliveries = (await call('GET', `/api/submissions/${id}/deliveries`, alice)).json();
    expect(deliveries).toMatchObject([
      { number: 2, reviewedContent: 'Second delivery text.' },
      { number: 1, reviewedContent: 'First delivery text.' },
    ]);
    expect((await call('GET', `/api/submissions/${id}/deliveries`, bob)).statusCode).toBe(404);
    const final = await mine(id);
    expect(final).toMatchObject({ status: 'completed', reviewedContent: 'Second delivery text.', revisionAvailableUntil: null });
    const again = await call('POST', `/api/submissions/${id}/revision`, alice, { message: 'One more change please.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.revisionUsed });
  });

  it('is available until 7 days after delivery, not at 7 days (controlled clock)', async () => {
    const id = await completedOrder();
    const completedAt = (await rowOf(id)).completedAt!.getTime();
    const at = (ms: number) => requestRevision(t.app.db, t.app.context, { submissionId: id, userId: alice.id, message: 'Please fix the title.', now: new Date(ms) });
    await expect(at(completedAt + 7 * 86_400_000)).rejects.toMatchObject({ statusCode: 409, message: AFTER_PAYMENT_MESSAGES.revisionWindowPassed });
    await expect(at(completedAt + 7 * 86_400_000 + 1)).rejects.toMatchObject({ statusCode: 409 });
    const row = await at(completedAt + 7 * 86_400_000 - 1);
    expect(row.status).toBe('revision-requested');
    // Friday 12:00 UTC + 2 business days = Tuesday 12:00.
    const other = await completedOrder();
    const friday = Date.parse('2030-01-04T12:00:00Z');
    await t.app.db.update(submissions).set({ completedAt: new Date(friday - 3_600_000) }).where(eq(submissions.id, other));
    const moved = await requestRevision(t.app.db, t.app.context, { submissionId: other, userId: alice.id, message: 'Please fix the title.', now: new Date(friday) });
    expect(moved.dueDate!.toISOString()).toBe('2030-01-08T12:00:00.000Z');
  });

  it('refuses a revision of an order that is not completed', async () => {
    const id = await createPaidOrder(t.app, alice);
    const response = await call('POST', `/api/submissions/${id}/revision`, alice, { message: 'Please fix the title.' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.revisionNotCompleted });
  });
});

describe('lifecycle', () => {
  it('answers 409 to every move the lifecycle does not allow', async () => {
    const id = await createPaidOrder(t.app, alice);
    expect((await call('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'revision-requested' })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'new' })).statusCode).toBe(409);
  });
});

describe('admin refunds', () => {
  it('refunds in part, capped at what remains, once per request id', async () => {
    const id = await createPaidOrder(t.app, alice);
    const paid = (await mine(id)).amountPence;
    const requestId = crypto.randomUUID();
    const body = { requestId, amountPence: 100, reason: 'Late delivery' };
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/submissions/${id}/refunds`, admin, body),
      call('POST', `/api/admin/submissions/${id}/refunds`, admin, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const money = b.json() as OrderMoney;
    expect(money).toMatchObject({ paidPence: paid, refundedPence: 100, netPence: paid - 100 });
    expect(money.entries.map((e) => e.kind)).toEqual(['payment', 'refund']);

    const tooMuch = await call('POST', `/api/admin/submissions/${id}/refunds`, admin, { ...body, requestId: crypto.randomUUID(), amountPence: paid });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.refundTooLarge(paid - 100) });
    const rest = await call('POST', `/api/admin/submissions/${id}/refunds`, admin, { ...body, requestId: crypto.randomUUID(), amountPence: paid - 100 });
    expect(rest.json()).toMatchObject({ refundedPence: paid, netPence: 0 });
    expect((await mine(id)).refundedPence).toBe(paid);

    expect((await call('POST', `/api/admin/submissions/${id}/refunds`, admin, { ...body, amountPence: 0 })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/submissions/${id}/refunds`, admin, { ...body, reason: ' ' })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/submissions/${id}/refunds`, alice, body)).statusCode).toBe(403);
    const mail = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'refund-issued'));
    expect(mail.filter((m) => m.subject.includes(id))).toHaveLength(2);
  });

  it('exports the ledger for a date range as CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await call('GET', `/api/admin/ledger.csv?from=${today}&to=${today}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('"date","type","entry_id","submission_id","provider","provider_id","amount_pence","amount_gbp","source","reason"');
    expect(lines.some((l) => l.includes('"refund"') && l.includes('"Late delivery"'))).toBe(true);
    const past = await call('GET', '/api/admin/ledger.csv?from=2001-01-01&to=2001-01-31', admin);
    expect(past.body.trim().split('\r\n')).toHaveLength(1);
    expect((await call('GET', `/api/admin/ledger.csv?from=${today}&to=2001-01-01`, admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/ledger.csv?from=x&to=y', admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/ledger.csv?from=${today}&to=${today}`, alice)).statusCode).toBe(403);
  });
});
