import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { creditPurchases, paymentEvents, payments, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createSubmissionVia } from '../../test-support/orders';
import { deliverStripeEvent, FakeStripe, STRIPE_TEST_WEBHOOK_SECRET, stripeTestConfig } from '../../test-support/fake-stripe';

const WEBHOOK_SECRET = STRIPE_TEST_WEBHOOK_SECRET;

/** Stripe's API at the HTTP boundary (server/test-support/fake-stripe.ts). */
const fake = new FakeStripe();
const seen = fake.requests;

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
const signer = new Stripe('sk_test_x');

beforeAll(async () => {
  const stripeUrl = await fake.start();
  t = await createTestApp(stripeTestConfig(stripeUrl));
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  seen.length = 0;
});

async function startPayment(submissionId: string, cookie = alice.cookie) {
  return t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie }, payload: { submissionId } });
}

function intentEvent(id: string, type: string, object: Record<string, unknown>) {
  return { id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } };
}

const deliver = (event: object, options: { secret?: string; signature?: string } = {}) => deliverStripeEvent(t.app, event, options);

async function statusOf(id: string) {
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
  return row!;
}

async function paidChanges(id: string) {
  const rows = await t.app.db.select().from(submissionStatusChanges).where(eq(submissionStatusChanges.submissionId, id));
  return rows.filter((r) => r.toStatus === 'paid');
}

describe('Stripe payments', () => {
  it('creates a PaymentIntent for the stored amount with an idempotency key', async () => {
    // The client's tampered word count and amount are ignored: 100 words polished is £6.00.
    const submission = await createSubmissionVia(t.app, alice.cookie, { wordCount: 1, amount: 0.01 });
    const response = await startPayment(submission.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ provider: 'stripe', amount: 6, publishableKey: 'pk_test_x' });
    expect(body.clientSecret).toMatch(/^pi_\w+_secret_fake$/);

    expect(seen).toHaveLength(1);
    expect(seen[0]!.idempotencyKey).toBe(`submission-${submission.id}-600`);
    expect(seen[0]!.authorization).toBe('Bearer sk_test_x');
    expect(seen[0]!.form.get('amount')).toBe('600');
    expect(seen[0]!.form.get('currency')).toBe('gbp');
    expect(seen[0]!.form.get('metadata[submissionId]')).toBe(submission.id);
    expect(seen[0]!.form.get('automatic_payment_methods[enabled]')).toBe('true');

    // Reloading checkout reuses the same intent (same key → same PaymentIntent, one payments row).
    const again = await startPayment(submission.id);
    expect(again.json().clientSecret).toBe(body.clientSecret);
    const rows = await t.app.db.select().from(payments).where(eq(payments.submissionId, submission.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', amountPence: 600, currency: 'gbp', status: 'requires_payment' });
  });

  it('answers 502 with the setup message when Stripe fails, and 404 to another customer', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    fake.failNext.add('/v1/payment_intents');
    const failed = await startPayment(submission.id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ message: 'Unable to initialize payment. Please try again or contact support.' });
    expect((await startPayment(submission.id, bob.cookie)).statusCode).toBe(404);
  });

  it('marks the order paid on a verified payment_intent.succeeded, once', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie, { fastTurnaround: true });
    const { clientSecret } = (await startPayment(submission.id)).json();
    const piId = clientSecret.split('_secret_')[0];
    const event = intentEvent('evt_success_1', 'payment_intent.succeeded', {
      id: piId,
      object: 'payment_intent',
      amount: 900,
      amount_received: 900,
      currency: 'gbp',
      metadata: { submissionId: submission.id },
    });
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const paid = await statusOf(submission.id);
    expect(paid.status).toBe('paid');
    expect(paid.dueDate!.getTime() - paid.paidAt!.getTime()).toBe(24 * 3_600_000);

    // A repeated event is a no-op: the status change is recorded once, nothing is touched again.
    const [paymentBefore] = await t.app.db.select().from(payments).where(eq(payments.providerPaymentId, piId));
    const repeat = await deliver(event);
    expect(repeat.statusCode).toBe(200);
    expect((await statusOf(submission.id)).paidAt!.getTime()).toBe(paid.paidAt!.getTime());
    expect(await paidChanges(submission.id)).toHaveLength(1);
    const [paymentAfter] = await t.app.db.select().from(payments).where(eq(payments.providerPaymentId, piId));
    expect(paymentAfter!.updatedAt.getTime()).toBe(paymentBefore!.updatedAt.getTime());

    // A late failure event for the same intent (out of order) changes nothing either.
    await deliver(
      intentEvent('evt_late_fail', 'payment_intent.payment_failed', {
        id: piId,
        object: 'payment_intent',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.providerPaymentId, piId));
    expect(payment!.status).toBe('succeeded');
    expect((await statusOf(submission.id)).status).toBe('paid');

    // And it cannot be paid again.
    expect((await startPayment(submission.id)).statusCode).toBe(409);
  });

  it('processes the same event delivered twice at once exactly once', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = (await startPayment(submission.id)).json();
    const event = intentEvent('evt_concurrent', 'payment_intent.succeeded', {
      id: clientSecret.split('_secret_')[0],
      amount_received: 600,
      currency: 'gbp',
    });
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await statusOf(submission.id)).status).toBe('paid');
    expect(await paidChanges(submission.id)).toHaveLength(1);
  });

  it('refuses a bad signature', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = (await startPayment(submission.id)).json();
    const event = intentEvent('evt_forged', 'payment_intent.succeeded', {
      id: clientSecret.split('_secret_')[0],
      amount_received: 600,
      currency: 'gbp',
    });
    for (const options of [{ secret: 'whsec_wrong' }, { signature: 't=1,v1=deadbeef' }, { signature: '' }]) {
      const response = await deliver(event, options);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Invalid signature' });
    }
    // A body altered after signing fails too.
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('600', '601'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await statusOf(submission.id)).status).toBe('new');
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toHaveLength(0);
  });

  it('does not mark paid when the amount or currency differs from the order', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = (await startPayment(submission.id)).json();
    const id = clientSecret.split('_secret_')[0];
    const low = await deliver(intentEvent('evt_low', 'payment_intent.succeeded', { id, amount_received: 1, currency: 'gbp' }));
    expect(low.statusCode).toBe(200);
    const usd = await deliver(intentEvent('evt_usd', 'payment_intent.succeeded', { id, amount_received: 600, currency: 'usd' }));
    expect(usd.statusCode).toBe(200);
    expect((await statusOf(submission.id)).status).toBe('new');
    expect(await paidChanges(submission.id)).toHaveLength(0);
  });

  it('records payment_intent.payment_failed on the payment; other events are acknowledged', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = (await startPayment(submission.id)).json();
    const id = clientSecret.split('_secret_')[0];
    const failed = await deliver(
      intentEvent('evt_failed_1', 'payment_intent.payment_failed', {
        id,
        last_payment_error: { message: 'Your card has insufficient funds.' },
      }),
    );
    expect(failed.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.providerPaymentId, id));
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
    expect((await statusOf(submission.id)).status).toBe('new');

    // A success after a failure (the customer tried another card) still pays the order.
    const ok = await deliver(intentEvent('evt_ok_after_fail', 'payment_intent.succeeded', { id, amount_received: 600, currency: 'gbp' }));
    expect(ok.statusCode).toBe(200);
    expect((await statusOf(submission.id)).status).toBe('paid');

    const other = await deliver({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true });
  });

  it('acknowledges a success for an intent it does not know without changing anything', async () => {
    const response = await deliver(
      intentEvent('evt_unknown', 'payment_intent.succeeded', { id: 'pi_unknown', amount_received: 600, currency: 'gbp' }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('has no sandbox confirm when Stripe is configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: { cookie: alice.cookie },
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe credit packs', () => {
  it('starts a pack as a PaymentIntent, and credits it once from the webhook, at the stored amount only', async () => {
    const buyer = await signUp(t.app);
    const started = await t.app.inject({ method: 'POST', url: '/api/credit/checkout', headers: { cookie: buyer.cookie }, payload: { amountPence: 5000 } });
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ provider: 'stripe', amountPence: 5000, publishableKey: 'pk_test_x' });
    expect(seen[0]!.idempotencyKey).toBe(`credit-${body.purchaseId}`);
    expect(seen[0]!.form.get('metadata[creditPurchaseId]')).toBe(body.purchaseId);
    const [purchase] = await t.app.db.select().from(creditPurchases).where(eq(creditPurchases.id, body.purchaseId));
    expect(purchase).toMatchObject({ provider: 'stripe', clientSecret: body.clientSecret, amountPence: 5000, currency: 'gbp', status: 'requires_payment' });

    const succeeded = (id: string, amount: number) =>
      intentEvent(id, 'payment_intent.succeeded', {
        id: purchase!.providerPaymentId,
        amount_received: amount,
        currency: 'gbp',
        metadata: { creditPurchaseId: body.purchaseId },
      });
    const balance = async () => (await t.app.inject({ method: 'GET', url: '/api/credit', headers: { cookie: buyer.cookie } })).json().balancePence;
    expect((await deliver(succeeded('evt_credit_ok', 5000))).statusCode).toBe(200);
    expect((await deliver(succeeded('evt_credit_again', 5000))).statusCode).toBe(200);
    expect(await balance()).toBe(5000);
    expect((await deliver(succeeded('evt_credit_low', 1))).statusCode).toBe(200);
    expect(await balance()).toBe(5000);
  });
});
