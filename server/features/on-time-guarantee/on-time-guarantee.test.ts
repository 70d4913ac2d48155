import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ON_TIME_GUARANTEE, lateDeliveryRefund } from '../../../shared/on-time-guarantee';
import { priceInPence } from '../../../shared/pricing';
import type { OrderMoney } from '../../../shared/after-payment.schema';
import { lateDeliveries, refunds, submissions, webhookDeliveries } from '../../db/schema';
import { mailsTo } from '../../test-support/accounts';
import { bearer, buyCredit, createKey, draft } from '../../test-support/api';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { settleLateDelivery } from './settle-late-delivery';

let t: TestApp;
let admin: SignedInUser;
let rita: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
  admin = await signUpAdmin(t.app);
  rita = await signUpReviewer(t.app);
  // Accounts' password hashes on a busy machine: a limit, never a wait.
}, 180_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.context.now = () => new Date();
});

const WORDS_100 = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');

async function dueDateOf(id: string): Promise<Date> {
  const [row] = await t.app.db.select({ dueDate: submissions.dueDate }).from(submissions).where(eq(submissions.id, id));
  return row!.dueDate!;
}

/** Sets the app's clock (decision 068: the moves read `context.now`), `ms` after the order's due time. */
async function clockAfterDue(id: string, ms: number): Promise<void> {
  const due = await dueDateOf(id);
  t.app.context.now = () => new Date(due.getTime() + ms);
}

const complete = (reviewer: SignedInUser, id: string) =>
  saveReviewAs(t.app, reviewer, id, { reviewedContent: 'Reviewed text.', reviewerNotes: '', attachmentMode: 'text', complete: true });

const refundRows = (id: string) => t.app.db.select().from(refunds).where(eq(refunds.submissionId, id));

async function money(id: string): Promise<OrderMoney> {
  const response = await t.request('GET', `/api/admin/submissions/${id}/money`, admin);
  expect(response.statusCode).toBe(200);
  return response.json() as OrderMoney;
}

describe('on-time guarantee (issue 44 item 3)', () => {
  it('the refund is the whole surcharge when one was paid, else 20% of the price', () => {
    expect(lateDeliveryRefund({ amountPence: 600, fastTurnaround: false })).toEqual({ pence: 120, basis: 'percent' });
    const fast = priceInPence(1000, 'polished', true);
    const standard = priceInPence(1000, 'polished', false);
    expect(lateDeliveryRefund({ amountPence: fast, fastTurnaround: true })).toEqual({ pence: fast - standard, basis: 'surcharge' });
    // A fast order charged the minimum paid no surcharge: 20% instead.
    expect(lateDeliveryRefund({ amountPence: 500, fastTurnaround: true })).toEqual({ pence: 100, basis: 'percent' });
    expect(ON_TIME_GUARANTEE.summary).toContain('20%');
  });

  it('a delivery on time refunds nothing and raises no order.late', async () => {
    const customer = await signUp(t.app);
    const id = await createPaidOrder(t.app, customer, { content: WORDS_100 });
    await clockAfterDue(id, -60_000);
    expect((await complete(rita, id)).statusCode).toBe(200);
    expect(await refundRows(id)).toEqual([]);
    expect(await t.app.db.select().from(lateDeliveries).where(eq(lateDeliveries.submissionId, id))).toEqual([]);
    const [mail] = await mailsTo(t.app.db, customer.email, 'review-completed');
    expect(mail!.textBody).not.toContain('on-time guarantee');
  });

  it('a late card-paid delivery refunds 20% to the card once: ledger "late delivery", e-mail, order.late webhook', async () => {
    const customer = await signUp(t.app);
    const hook = await t.request('POST', '/api/webhook-endpoints', customer, { url: 'http://127.0.0.1:9/hook', events: ['order.completed', 'order.late'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const id = await createPaidOrder(t.app, customer, { content: WORDS_100 });
    const price = priceInPence(100, 'polished', false);
    await clockAfterDue(id, 60_000);
    expect((await complete(rita, id)).statusCode).toBe(200);

    const rows = await refundRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPence: price / 5, source: 'late-delivery', reason: 'Late delivery', provider: 'sandbox' });
    const ledger = await money(id);
    expect(ledger.refundedPence).toBe(price / 5);
    expect(ledger.entries.find((e) => e.kind === 'refund')).toMatchObject({ reason: 'Late delivery', source: 'late-delivery' });

    const [mail] = await mailsTo(t.app.db, customer.email, 'review-completed');
    expect(mail!.textBody).toContain(`we have refunded £${(price / 500).toFixed(2)} to the card you paid with`);

    const events = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'order.late'));
    const late = events.map((e) => JSON.parse(e.payload as unknown as string) as { data: Record<string, unknown> }).filter((e) => e.data.orderId === id);
    expect(late).toHaveLength(1);
    expect(late[0]!.data).toMatchObject({ status: 'completed', lateDelivery: { refundPence: price / 5, basis: 'percent', refundTo: 'card', refundStatus: 'refunded' } });

    // Once only: a revision delivered late again refunds nothing more, and a retried settle finds it settled.
    expect((await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Shorter, please, and keep the numbers.' })).statusCode).toBe(200);
    await clockAfterDue(id, 3 * 86_400_000);
    expect((await complete(rita, id)).statusCode).toBe(200);
    const again = await t.app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
      return settleLateDelivery(tx, t.app.context.refunds, row!, new Date(row!.dueDate!.getTime() + 86_400_000));
    });
    expect(again).toBeNull();
    expect(await refundRows(id)).toHaveLength(1);
  });

  it('a late fast-turnaround order gets the whole surcharge back', async () => {
    const customer = await signUp(t.app);
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const id = await createPaidOrder(t.app, customer, { content: words, fastTurnaround: true });
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    const surcharge = order!.amountPence - priceInPence(order!.wordCount, 'polished', false);
    expect(surcharge).toBeGreaterThan(0);
    await clockAfterDue(id, 1);
    expect((await complete(rita, id)).statusCode).toBe(200);
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([surcharge]);
  });

  it('an order paid from credit is refunded to credit', async () => {
    const customer = await signUp(t.app);
    await buyCredit(t.app, customer);
    const key = await createKey(t.app, customer);
    const placed = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(1), { 'idempotency-key': 'late-credit-1' });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = (placed.json() as { id: string }).id;
    const before = (await t.request('GET', '/api/credit', customer)).json() as { balancePence: number };
    await clockAfterDue(id, 60_000);
    expect((await complete(rita, id)).statusCode).toBe(200);
    const [row] = await refundRows(id);
    expect(row).toMatchObject({ provider: 'credit', source: 'late-delivery' });
    const after = (await t.request('GET', '/api/credit', customer)).json() as { balancePence: number };
    expect(after.balancePence - before.balancePence).toBe(row!.amountPence);
    const [mail] = await mailsTo(t.app.db, customer.email, 'review-completed');
    expect(mail!.textBody).toContain('to your credit');
  });

  it('two completions of one late order at the same instant refund once', async () => {
    const customer = await signUp(t.app);
    const id = await createPaidOrder(t.app, customer, { content: WORDS_100 });
    await clockAfterDue(id, 60_000);
    const version = (await t.request('POST', `/api/admin/submissions/${id}/claim`, rita)).json() as { reviewVersion: number };
    const body = { version: version.reviewVersion, reviewedContent: 'Reviewed text.', reviewerNotes: '', attachmentMode: 'text', complete: true };
    const answers = await Promise.all([
      t.request('PATCH', `/api/admin/submissions/${id}/review`, rita, body),
      t.request('PATCH', `/api/admin/submissions/${id}/review`, rita, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toContain(200);
    expect(await refundRows(id)).toHaveLength(1);
    expect(await t.app.db.select().from(lateDeliveries).where(eq(lateDeliveries.submissionId, id))).toHaveLength(1);
  });
});
