import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lateDeliveries, refunds, submissions } from '../../db/schema';
import { mailsTo } from '../../test-support/accounts';
import { createOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { deliverStripeEvent, FakeStripe, stripeTestConfig } from '../../test-support/fake-stripe';

/** Stripe's API at the HTTP boundary (server/test-support/fake-stripe.ts), as the other refunds' tests. */
const fake = new FakeStripe();
const refundCalls = () => fake.to('/v1/refunds');

let t: TestApp;
let alice: SignedInUser;
let rita: SignedInUser;

beforeAll(async () => {
  const stripeUrl = await fake.start();
  t = await createTestApp(stripeTestConfig(stripeUrl));
  alice = await signUp(t.app);
  rita = await signUpReviewer(t.app);
  // Accounts' password hashes on a busy machine: a limit, never a wait.
}, 180_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  t.app.context.now = () => new Date();
  fake.failAlways.clear();
});

let eventCounter = 0;
async function paidOrder(): Promise<{ id: string; pi: string; amount: number }> {
  const id = await createOrder(t.app, alice, { content: Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ') });
  const intent = (await t.request('POST', '/api/create-payment-intent', alice, { submissionId: id })).json() as { clientSecret: string; amount: number };
  const pi = intent.clientSecret.split('_secret_')[0]!;
  const amount = Math.round(intent.amount * 100);
  eventCounter += 1;
  const paid = await deliverStripeEvent(t.app, {
    id: `evt_late_${eventCounter}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: 1,
    data: { object: { id: pi, object: 'payment_intent', amount_received: amount, currency: 'gbp' } },
  });
  expect(paid.statusCode).toBe(200);
  const [row] = await t.app.db.select({ dueDate: submissions.dueDate }).from(submissions).where(eq(submissions.id, id));
  // The app's clock (decision 068): an hour past the due time, without waiting for it.
  t.app.context.now = () => new Date(row!.dueDate!.getTime() + 3_600_000);
  return { id, pi, amount };
}

const complete = (id: string) =>
  saveReviewAs(t.app, rita, id, { reviewedContent: 'Reviewed text.', reviewerNotes: '', attachmentMode: 'text', complete: true });

describe('on-time guarantee with Stripe (issue 44 item 3)', () => {
  it('a late delivery refunds 20% to the card through Stripe, under the order\'s one idempotency key', async () => {
    const { id, pi, amount } = await paidOrder();
    fake.requests.length = 0;
    expect((await complete(id)).statusCode).toBe(200);
    expect(refundCalls()).toHaveLength(1);
    const call = refundCalls()[0]!;
    expect(call.form.get('payment_intent')).toBe(pi);
    expect(call.form.get('amount')).toBe(String(Math.round(amount / 5)));
    expect(call.idempotencyKey).toMatch(new RegExp(`^late-${id}:`));
    const rows = await t.app.db.select().from(refunds).where(eq(refunds.submissionId, id));
    expect(rows).toEqual([expect.objectContaining({ provider: 'stripe', source: 'late-delivery', amountPence: Math.round(amount / 5) })]);
  });

  it('when Stripe refuses, the review is still delivered and the e-mail says the team will refund', async () => {
    const { id } = await paidOrder();
    fake.failAlways.add('/v1/refunds');
    expect((await complete(id)).statusCode).toBe(200);
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(order!.status).toBe('completed');
    expect(await t.app.db.select().from(refunds).where(eq(refunds.submissionId, id))).toEqual([]);
    const [late] = await t.app.db.select().from(lateDeliveries).where(eq(lateDeliveries.submissionId, id));
    expect(late).toMatchObject({ refundStatus: 'failed', refundTo: 'card' });
    const [mail] = await mailsTo(t.app.db, alice.email, 'review-completed');
    expect(mail!.textBody).toContain('our team will make it to the card you paid with');
  });
});
