import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '../../../shared/payment.schema';
import { SAVED_CARD_MESSAGES, savedCardListSchema } from '../../../shared/saved-cards.schema';
import { paymentCustomers, payments, savedCards, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestApp, signUp, TEST_PASSWORD, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createSubmissionVia } from '../../test-support/orders';
import { deliverStripeEvent, FakeStripe, stripeTestConfig } from '../../test-support/fake-stripe';


/** Stripe's API at the HTTP boundary (server/test-support/fake-stripe.ts). */
const fake = new FakeStripe();
const seen = fake.requests;

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;

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

async function startPayment(who: SignedInUser, submissionId: string): Promise<{ clientSecret: string; intentId: string }> {
  const response = await t.request('POST', '/api/create-payment-intent', who, { submissionId });
  expect(response.statusCode).toBe(200);
  const { clientSecret } = response.json() as { clientSecret: string };
  return { clientSecret, intentId: clientSecret.split('_secret_')[0]! };
}

const deliver = (event: object) => deliverStripeEvent(t.app, event);

/** What Stripe sends once the Payment Element's confirm succeeded: the intent as it now stands. */
function succeeded(eventId: string, intentId: string, intent: Record<string, unknown>) {
  return {
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intentId, object: 'payment_intent', amount_received: 600, currency: 'gbp', ...intent } },
  };
}

async function cardsOf(who: SignedInUser) {
  const response = await t.request('GET', '/api/saved-cards', who);
  expect(response.statusCode).toBe(200);
  return savedCardListSchema.parse(response.json());
}

const payWithSaved = (who: SignedInUser, submissionId: string, cardId: string) =>
  t.request('POST', '/api/payments/saved-card', who, { submissionId, cardId });

async function statusOf(id: string) {
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
  return row!.status;
}

async function paidChanges(id: string) {
  return t.app.db
    .select()
    .from(submissionStatusChanges)
    .where(and(eq(submissionStatusChanges.submissionId, id), eq(submissionStatusChanges.toStatus, 'paid')));
}

/** Pays a first order through the Payment Element with "Save this card" ticked, as the browser and Stripe do. */
async function payAndSave(who: SignedInUser, paymentMethod: string): Promise<void> {
  const order = await createSubmissionVia(t.app, who.cookie);
  const { clientSecret, intentId } = await startPayment(who, order.id);
  const save = await t.request('POST', '/api/payments/stripe/save-card', who, { clientSecret, save: true });
  expect(save.statusCode).toBe(200);
  const intent = fake.intents.get(intentId)!;
  const paid = await deliver(
    succeeded(`evt_${intentId}`, intentId, { customer: intent.customer, payment_method: paymentMethod, metadata: intent.metadata }),
  );
  expect(paid.statusCode).toBe(200);
  expect(await statusOf(order.id)).toBe('paid');
}

let aliceCardId: string;

describe('saved cards with Stripe', () => {
  it('"Save this card" gives the PaymentIntent a customer (made once) and setup_future_usage; the webhook saves the card', async () => {
    fake.paymentMethods.set('pm_alice_visa', { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 });
    const order = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret, intentId } = await startPayment(alice, order.id);

    const save = await t.request('POST', '/api/payments/stripe/save-card', alice, { clientSecret, save: true });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toEqual({ save: true });
    expect(fake.to('/v1/customers')).toHaveLength(1);
    expect(fake.to('/v1/customers')[0]!.idempotencyKey).toBe(`customer-${alice.id}`);
    const [customerRow] = await t.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, alice.id));
    expect(customerRow).toMatchObject({ provider: 'stripe', customerId: expect.stringMatching(/^cus_/) });
    const update = fake.to(`/v1/payment_intents/${intentId}`)[0]!;
    expect(update.form.get('customer')).toBe(customerRow!.customerId);
    expect(update.form.get('setup_future_usage')).toBe('on_session');
    expect(update.form.get('metadata[saveCard]')).toBe('true');

    // Unticked and ticked again: the customer is not made twice.
    expect((await t.request('POST', '/api/payments/stripe/save-card', alice, { clientSecret, save: false })).statusCode).toBe(200);
    expect(fake.intents.get(intentId)!.setup_future_usage).toBeNull();
    expect((await t.request('POST', '/api/payments/stripe/save-card', alice, { clientSecret, save: true })).statusCode).toBe(200);
    expect(fake.to('/v1/customers')).toHaveLength(1);

    const intent = fake.intents.get(intentId)!;
    const event = succeeded('evt_save_1', intentId, { customer: intent.customer, payment_method: 'pm_alice_visa', metadata: intent.metadata });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
    expect(fake.to('/v1/payment_methods/pm_alice_visa')).toHaveLength(1);

    const cards = await cardsOf(alice);
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031, expired: false })]);
    aliceCardId = cards[0]!.id;
    const [row] = await t.app.db.select().from(savedCards).where(eq(savedCards.id, aliceCardId));
    expect(row).toMatchObject({ userId: alice.id, provider: 'stripe', providerPaymentMethodId: 'pm_alice_visa' });

    // A redelivered event saves nothing twice.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await cardsOf(alice)).toHaveLength(1);
  });

  it('saves no card for a payment made without "Save this card"', async () => {
    const order = await createSubmissionVia(t.app, bob.cookie);
    const { intentId } = await startPayment(bob, order.id);
    expect((await deliver(succeeded('evt_nosave', intentId, { payment_method: 'pm_bob_visa', metadata: { submissionId: order.id } }))).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
    expect(await cardsOf(bob)).toEqual([]);
    expect(fake.to('/v1/payment_methods/pm_bob_visa')).toHaveLength(0);
  });

  it('pays a second order in one click: a confirmed PaymentIntent with the customer and card, at the stored price', async () => {
    const second = await createSubmissionVia(t.app, alice.cookie, { fastTurnaround: true });
    const response = await payWithSaved(alice, second.id, aliceCardId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded', submissionId: second.id });
    expect(await statusOf(second.id)).toBe('paid');
    expect(await paidChanges(second.id)).toHaveLength(1);

    const [created] = fake.to('/v1/payment_intents');
    const [customerRow] = await t.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, alice.id));
    expect(created!.form.get('amount')).toBe('900');
    expect(created!.form.get('currency')).toBe('gbp');
    expect(created!.form.get('customer')).toBe(customerRow!.customerId);
    expect(created!.form.get('payment_method')).toBe('pm_alice_visa');
    expect(created!.form.get('confirm')).toBe('true');
    expect(created!.form.get('metadata[submissionId]')).toBe(second.id);
    expect(created!.idempotencyKey).toBe(`saved-card-${second.id}-${aliceCardId}-900-0`);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.submissionId, second.id));
    expect(payment).toMatchObject({ provider: 'stripe', status: 'succeeded', amountPence: 900 });

    // Stripe's webhook for the same intent then changes nothing.
    const intentId = payment!.providerPaymentId;
    const late = await deliver(succeeded('evt_oneclick_late', intentId, { amount_received: 900, metadata: { submissionId: second.id } }));
    expect(late.statusCode).toBe(200);
    expect(await paidChanges(second.id)).toHaveLength(1);
  });

  it('pays once on a double click: the same idempotency key, one PaymentIntent, and a 409 for the second', async () => {
    const order = await createSubmissionVia(t.app, alice.cookie);
    const first = await payWithSaved(alice, order.id, aliceCardId);
    const second = await payWithSaved(alice, order.id, aliceCardId);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: PAYMENT_MESSAGES.alreadyPaid });
    const both = await Promise.all([payWithSaved(alice, order.id, aliceCardId), payWithSaved(alice, order.id, aliceCardId)]);
    expect(both.map((a) => a.statusCode)).toEqual([409, 409]);
    const rows = await t.app.db.select().from(payments).where(eq(payments.submissionId, order.id));
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await paidChanges(order.id)).toHaveLength(1);

    // Two clicks that both reach Stripe send one key, so Stripe makes one intent.
    const racing = await createSubmissionVia(t.app, alice.cookie);
    seen.length = 0;
    const answers = await Promise.all([payWithSaved(alice, racing.id, aliceCardId), payWithSaved(alice, racing.id, aliceCardId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const keys = new Set(fake.to('/v1/payment_intents').map((r) => r.idempotencyKey));
    expect(keys.size).toBeLessThanOrEqual(1);
    const racingRows = await t.app.db.select().from(payments).where(eq(payments.submissionId, racing.id));
    expect(racingRows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('answers a decline with its message, and a retry is a new attempt', async () => {
    const [declining] = await t.app.db
      .insert(savedCards)
      .values({
        id: '22222222-2222-4222-8222-222222222222',
        userId: alice.id,
        provider: 'stripe',
        providerPaymentMethodId: 'pm_card_chargeDeclined',
        brand: 'visa',
        last4: '0002',
        expMonth: 12,
        expYear: 2039,
      })
      .returning();
    const order = await createSubmissionVia(t.app, alice.cookie);
    const response = await payWithSaved(alice, order.id, declining!.id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: 'Your card was declined.' });
    expect(await statusOf(order.id)).toBe('new');
    const [failed] = await t.app.db.select().from(payments).where(eq(payments.submissionId, order.id));
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });

    // Another try (after the customer sorted it out with the bank) is not Stripe's replay of the decline.
    const good = await payWithSaved(alice, order.id, aliceCardId);
    expect(good.statusCode).toBe(200);
    const keys = fake.to('/v1/payment_intents').map((r) => r.idempotencyKey);
    expect(keys).toEqual([`saved-card-${order.id}-${declining!.id}-600-0`, `saved-card-${order.id}-${aliceCardId}-600-1`]);
  });

  it('falls back to the card form when the bank asks for authentication: the intent is cancelled, the order stays new', async () => {
    const [strict] = await t.app.db
      .insert(savedCards)
      .values({
        id: '33333333-3333-4333-8333-333333333333',
        userId: alice.id,
        provider: 'stripe',
        providerPaymentMethodId: 'pm_card_authenticationRequired',
        brand: 'visa',
        last4: '3184',
        expMonth: 12,
        expYear: 2039,
      })
      .returning();
    const order = await createSubmissionVia(t.app, alice.cookie);
    const response = await payWithSaved(alice, order.id, strict!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'requires_action', message: SAVED_CARD_MESSAGES.needsAuthentication });
    expect(await statusOf(order.id)).toBe('new');
    const [attempt] = await t.app.db.select().from(payments).where(eq(payments.submissionId, order.id));
    expect(fake.to(`/v1/payment_intents/${attempt!.providerPaymentId}/cancel`)).toHaveLength(1);
    expect(attempt).toMatchObject({ status: 'failed' });
    // The card form's own intent still works.
    expect((await startPayment(alice, order.id)).clientSecret).toMatch(/^pi_/);
  });

  it("declines an expired card before asking Stripe, and answers 404 for another account's card", async () => {
    const [expired] = await t.app.db
      .insert(savedCards)
      .values({
        id: '44444444-4444-4444-8444-444444444444',
        userId: alice.id,
        provider: 'stripe',
        providerPaymentMethodId: 'pm_expired',
        brand: 'amex',
        last4: '0005',
        expMonth: 2,
        expYear: 2022,
      })
      .returning();
    const order = await createSubmissionVia(t.app, alice.cookie);
    const response = await payWithSaved(alice, order.id, expired!.id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.expired });
    expect(fake.to('/v1/payment_intents')).toHaveLength(0);

    const bobsOrder = await createSubmissionVia(t.app, bob.cookie);
    expect((await payWithSaved(bob, bobsOrder.id, aliceCardId)).statusCode).toBe(404);
    expect((await t.request('POST', '/api/payments/stripe/save-card', bob, { clientSecret: 'pi_x_secret_y', save: true })).statusCode).toBe(404);
    const { clientSecret } = await startPayment(alice, order.id);
    expect((await t.request('POST', '/api/payments/stripe/save-card', bob, { clientSecret, save: true })).statusCode).toBe(404);
    expect(await statusOf(bobsOrder.id)).toBe('new');
  });

  it('hides sandbox cards while Stripe is on', async () => {
    await t.app.db.insert(savedCards).values({
      id: '55555555-5555-4555-8555-555555555555',
      userId: bob.id,
      provider: 'sandbox',
      providerPaymentMethodId: 'sbx_pm_old',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2039,
    });
    expect(await cardsOf(bob)).toEqual([]);
    const order = await createSubmissionVia(t.app, bob.cookie);
    expect((await payWithSaved(bob, order.id, '55555555-5555-4555-8555-555555555555')).statusCode).toBe(404);
  });

  it('removes a card by detaching its payment method at Stripe; a Stripe failure keeps it', async () => {
    fake.failNext.add('/v1/payment_methods/:id/detach');
    const failed = await t.request('DELETE', `/api/saved-cards/${aliceCardId}`, alice);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.removeFailed });
    expect((await cardsOf(alice)).map((c) => c.id)).toContain(aliceCardId);

    expect((await t.request('DELETE', `/api/saved-cards/${aliceCardId}`, bob)).statusCode).toBe(404);
    const removed = await t.request('DELETE', `/api/saved-cards/${aliceCardId}`, alice);
    expect(removed.statusCode).toBe(204);
    expect(fake.to('/v1/payment_methods/pm_alice_visa/detach')).toHaveLength(2);
    expect((await cardsOf(alice)).map((c) => c.id)).not.toContain(aliceCardId);
  });

  it("deleting the account deletes its Stripe customer, and with it the cards saved there", async () => {
    const leaving = await signUp(t.app);
    const setup = await t.request('POST', '/api/saved-cards/setup', leaving);
    expect(setup.statusCode, setup.body).toBe(200);
    const [row] = await t.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, leaving.id));
    expect(row?.customerId).toMatch(/^cus_/);
    seen.length = 0;
    const deleted = await t.request('POST', '/api/account/delete', leaving, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/v1/customers/${row!.customerId}`]);
    expect(await t.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, leaving.id))).toEqual([]);
  });

  it('"Add card" in Settings saves a card through a SetupIntent of the customer, without a payment', async () => {
    const erin = await signUp(t.app);
    const started = await t.request('POST', '/api/saved-cards/setup', erin, {});
    expect(started.statusCode).toBe(200);
    const { clientSecret, publishableKey } = started.json() as { clientSecret: string; publishableKey: string };
    expect(publishableKey).toBe('pk_test_x');
    const setupId = clientSecret.split('_secret_')[0]!;
    const [created] = fake.to('/v1/setup_intents');
    const [customerRow] = await t.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, erin.id));
    expect(created!.form.get('customer')).toBe(customerRow!.customerId);
    expect(created!.form.get('usage')).toBe('on_session');
    expect(created!.form.get('metadata[saveCard]')).toBe('true');
    expect(fake.to('/v1/payment_intents')).toHaveLength(0);

    // Not confirmed yet: nothing to list.
    const early = await t.request('POST', '/api/saved-cards/setup/complete', erin, { setupIntentId: setupId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.setupNotConfirmed });

    // The Payment Element confirmed it in the browser; the server asks Stripe, not the browser.
    fake.paymentMethods.set('pm_erin_amex', { brand: 'amex', last4: '0005', exp_month: 6, exp_year: 2032 });
    Object.assign(fake.setupIntents.get(setupId)!, { status: 'succeeded', payment_method: 'pm_erin_amex' });
    expect((await t.request('POST', '/api/saved-cards/setup/complete', bob, { setupIntentId: setupId })).statusCode).toBe(404);
    const done = await t.request('POST', '/api/saved-cards/setup/complete', erin, { setupIntentId: setupId });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ brand: 'amex', last4: '0005', expMonth: 6, expYear: 2032, expired: false });

    // The webhook for the same SetupIntent adds nothing.
    const intent = fake.setupIntents.get(setupId)!;
    const event = { id: 'evt_setup_1', object: 'event', type: 'setup_intent.succeeded', data: { object: intent } };
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await cardsOf(erin)).toHaveLength(1);
    expect((await t.request('POST', '/api/saved-cards/setup/complete', erin, { setupIntentId: 'seti_unknown' })).statusCode).toBe(404);
    expect((await t.request('POST', '/api/saved-cards/setup/complete', erin, { setupIntentId: 'pm_x' })).statusCode).toBe(400);
    // The sandbox's own "Add card" does not exist under Stripe.
    const sandbox = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
    expect((await t.request('POST', '/api/saved-cards/sandbox', erin, sandbox)).statusCode).toBe(404);
  });

  it('saves a card from the setup_intent.succeeded webhook alone', async () => {
    const finn = await signUp(t.app);
    const { clientSecret } = (await t.request('POST', '/api/saved-cards/setup', finn, {})).json() as { clientSecret: string };
    const setupId = clientSecret.split('_secret_')[0]!;
    fake.paymentMethods.set('pm_finn_visa', { brand: 'visa', last4: '1881', exp_month: 3, exp_year: 2033 });
    const intent = { ...fake.setupIntents.get(setupId)!, status: 'succeeded', payment_method: 'pm_finn_visa' };
    expect((await deliver({ id: 'evt_setup_2', object: 'event', type: 'setup_intent.succeeded', data: { object: intent } })).statusCode).toBe(200);
    expect(await cardsOf(finn)).toEqual([expect.objectContaining({ brand: 'visa', last4: '1881', expMonth: 3, expYear: 2033 })]);
  });

  it('keeps only brand, last four and expiry: a card saved through the webhook and paid in one click', async () => {
    const dana = await signUp(t.app);
    fake.paymentMethods.set('pm_dana_mc', { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2035 });
    await payAndSave(dana, 'pm_dana_mc');
    const [card] = await cardsOf(dana);
    expect(Object.keys(card!).sort()).toEqual(['brand', 'createdAt', 'expMonth', 'expYear', 'expired', 'id', 'last4']);
    const [row] = await t.app.db.select().from(savedCards).where(eq(savedCards.userId, dana.id));
    expect(Object.keys(row!).sort()).toEqual(['brand', 'createdAt', 'expMonth', 'expYear', 'id', 'last4', 'provider', 'providerPaymentMethodId', 'userId']);
    const order = await createSubmissionVia(t.app, dana.cookie);
    expect((await payWithSaved(dana, order.id, card!.id)).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
  });
});
