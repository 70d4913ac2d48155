import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AFTER_PAYMENT_MESSAGES } from '../../../shared/after-payment.schema';
import { refunds, submissions } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createOrder } from '../../test-support/orders';
import { deliverStripeEvent, FakeStripe, stripeTestConfig } from '../../test-support/fake-stripe';


/** Stripe's API at the HTTP boundary (server/test-support/fake-stripe.ts). */
const fake = new FakeStripe();
const refundCalls = () => fake.to('/v1/refunds');

let t: TestApp;
let alice: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  const stripeUrl = await fake.start();
  t = await createTestApp(stripeTestConfig(stripeUrl));
  alice = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let eventCounter = 0;
async function deliver(type: string, object: object) {
  eventCounter += 1;
  const response = await deliverStripeEvent(t.app, { id: `evt_${eventCounter}`, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });
  expect(response.statusCode).toBe(200);
}

const post = (url: string, who: SignedInUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** A Stripe-paid order: its id, PaymentIntent id and amount. */
async function paidOrder(): Promise<{ id: string; pi: string; amount: number }> {
  const id = await createOrder(t.app, alice);
  const intent = (await post('/api/create-payment-intent', alice, { submissionId: id })).json() as { clientSecret: string; amount: number };
  const pi = intent.clientSecret.split('_secret_')[0]!;
  const amount = Math.round(intent.amount * 100);
  await deliver('payment_intent.succeeded', { id: pi, object: 'payment_intent', amount_received: amount, currency: 'gbp' });
  return { id, pi, amount };
}

const refundRows = (id: string) => t.app.db.select().from(refunds).where(eq(refunds.submissionId, id));
const charge = (pi: string, amountRefunded: number, list?: { id: string; amount: number }[]) => ({
  id: `ch_${pi}`,
  object: 'charge',
  payment_intent: pi,
  amount_refunded: amountRefunded,
  ...(list ? { refunds: { object: 'list', data: list.map((r) => ({ ...r, object: 'refund', status: 'succeeded' })) } } : {}),
});

describe('Stripe refunds', () => {
  it('cancel refunds once: pressed twice, then the webhook twice and out of order', async () => {
    const { id, pi, amount } = await paidOrder();
    fake.requests.length = 0;
    const [first, second] = await Promise.all([post(`/api/submissions/${id}/cancel`, alice), post(`/api/submissions/${id}/cancel`, alice)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.form.get('payment_intent')).toBe(pi);
    expect(refundCalls()[0]!.form.get('amount')).toBe(String(amount));
    expect(refundCalls()[0]!.idempotencyKey).toMatch(new RegExp(`^cancel-${id}:`));
    const [row] = await refundRows(id);
    expect(row).toMatchObject({ provider: 'stripe', amountPence: amount, source: 'cancellation' });

    // Stripe's echo of our refund, twice, counts once; a partial (older) total afterwards adds nothing.
    await deliver('charge.refunded', charge(pi, amount, [{ id: row!.providerRefundId, amount }]));
    await deliver('charge.refunded', charge(pi, amount, [{ id: row!.providerRefundId, amount }]));
    await deliver('charge.refunded', charge(pi, amount - 1));
    await deliver('charge.refunded', charge(pi, amount));
    expect(await refundRows(id)).toHaveLength(1);
  });

  it('an admin refunds in part; a refund made in the dashboard arrives by webhook and counts once', async () => {
    const { id, pi, amount } = await paidOrder();
    const requestId = crypto.randomUUID();
    fake.requests.length = 0;
    const [a, b] = await Promise.all([
      post(`/api/admin/submissions/${id}/refunds`, admin, { requestId, amountPence: 150, reason: 'Goodwill' }),
      post(`/api/admin/submissions/${id}/refunds`, admin, { requestId, amountPence: 150, reason: 'Goodwill' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(refundCalls()).toHaveLength(1);
    const ours = (await refundRows(id))[0]!;

    // Refund of 50 made in Stripe's dashboard; the webhook lists both refunds, delivered twice.
    await deliver('charge.refunded', charge(pi, 200, [{ id: 're_dashboard', amount: 50 }, { id: ours.providerRefundId, amount: 150 }]));
    await deliver('charge.refunded', charge(pi, 200, [{ id: 're_dashboard', amount: 50 }, { id: ours.providerRefundId, amount: 150 }]));
    // And the older event (ours only) arrives last.
    await deliver('charge.refunded', charge(pi, 150, [{ id: ours.providerRefundId, amount: 150 }]));
    const rows = await refundRows(id);
    expect(rows.map((r) => [r.source, r.amountPence]).sort()).toEqual([['admin', 150], ['provider', 50]]);
    const money = (await t.app.inject({ method: 'GET', url: `/api/admin/submissions/${id}/money`, headers: { cookie: admin.cookie } })).json();
    expect(money).toMatchObject({ paidPence: amount, refundedPence: 200, netPence: amount - 200 });
  });

  it('a charge without its refund list is reconciled by its total', async () => {
    const { id, pi } = await paidOrder();
    await deliver('charge.refunded', charge(pi, 120));
    await deliver('charge.refunded', charge(pi, 120));
    await deliver('charge.refunded', charge(pi, 100));
    expect((await refundRows(id)).map((r) => r.amountPence)).toEqual([120]);
  });

  it('when Stripe fails, nothing is cancelled or recorded', async () => {
    const { id } = await paidOrder();
    fake.failAlways.add('/v1/refunds');
    const response = await post(`/api/submissions/${id}/cancel`, alice);
    fake.failAlways.delete('/v1/refunds');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.refundFailed });
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.status).toBe('paid');
    expect(await refundRows(id)).toHaveLength(0);
    // A retry succeeds.
    expect((await post(`/api/submissions/${id}/cancel`, alice)).statusCode).toBe(200);
  });
});
