import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, paymentIntentResponseSchema } from '../../../shared/payment.schema';
import { payments, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createSubmissionVia } from '../../test-support/orders';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

async function startPayment(cookie: string, submissionId: string) {
  const response = await post('/api/create-payment-intent', { submissionId }, cookie);
  expect(response.statusCode).toBe(200);
  return paymentIntentResponseSchema.parse(response.json());
}

const card = (clientSecret: string, cardNumber: string, extra: object = {}) => ({
  clientSecret,
  cardNumber,
  expiry: '12/40',
  cvc: '123',
  ...extra,
});

describe('sandbox payments', () => {
  it('creates one sandbox payment for the stored amount and reuses it', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie, { serviceTier: 'rewritten', fastTurnaround: true });
    const intent = await startPayment(alice.cookie, submission.id);
    expect(intent).toMatchObject({ provider: 'sandbox', amount: 13.5, publishableKey: null });
    expect(intent.clientSecret).toMatch(/^sbx_[0-9a-f]+_secret_[0-9a-f]+$/);
    const again = await startPayment(alice.cookie, submission.id);
    expect(again.clientSecret).toBe(intent.clientSecret);
    const rows = await t.app.db.select().from(payments).where(eq(payments.submissionId, submission.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox', amountPence: 1350, currency: 'gbp', status: 'requires_payment' });
    expect(intent.clientSecret.startsWith(`${rows[0]!.providerPaymentId}_secret_`)).toBe(true);
  });

  it('declines 4000 0000 0000 0002, then accepts 4242 4242 4242 4242 and sets paid, paidAt and dueDate', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = await startPayment(alice.cookie, submission.id);

    const declined = await post('/api/payments/sandbox/confirm', card(clientSecret, '4000 0000 0000 0002'), alice.cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.' });
    const [failed] = await t.app.db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });

    const before = Date.now();
    const paid = await post('/api/payments/sandbox/confirm', card(clientSecret, '4242 4242 4242 4242'), alice.cookie);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', submissionId: submission.id });

    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, submission.id));
    expect(row!.status).toBe('paid');
    expect(row!.paidAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.dueDate!.getTime()).toBeGreaterThan(row!.paidAt!.getTime() + 3 * 86_400_000 - 1);
    const history = await t.app.db
      .select()
      .from(submissionStatusChanges)
      .where(eq(submissionStatusChanges.submissionId, submission.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy, h.reason])).toEqual([
      [null, 'new', alice.id, 'created'],
      ['new', 'paid', null, 'payment'],
    ]);

    const view = await t.app.inject({ url: `/api/submissions/${submission.id}`, headers: { cookie: alice.cookie } });
    expect(view.json()).toMatchObject({ status: 'paid', paidAt: row!.paidAt!.toISOString(), dueDate: row!.dueDate!.toISOString() });

    // A paid submission cannot be paid again.
    const second = await post('/api/create-payment-intent', { submissionId: submission.id }, alice.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'This submission has already been paid.' });
    const replay = await post('/api/payments/sandbox/confirm', card(clientSecret, '4242424242424242'), alice.cookie);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ message: PAYMENT_MESSAGES.alreadyPaid });
  });

  it('pays once when the same card is confirmed twice at the same moment', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = await startPayment(alice.cookie, submission.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/payments/sandbox/confirm', card(clientSecret, '4242424242424242'), alice.cookie)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const history = await t.app.db
      .select()
      .from(submissionStatusChanges)
      .where(eq(submissionStatusChanges.submissionId, submission.id));
    expect(history.filter((h) => h.toStatus === 'paid')).toHaveLength(1);
  });

  it('refuses insufficient funds and any other valid number with 402; the order stays new', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = await startPayment(alice.cookie, submission.id);
    const poor = await post('/api/payments/sandbox/confirm', card(clientSecret, '4000000000009995'), alice.cookie);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ message: 'Your card has insufficient funds.' });
    const other = await post('/api/payments/sandbox/confirm', card(clientSecret, '4111 1111 1111 1111'), alice.cookie);
    expect(other.statusCode).toBe(402);
    expect(other.json()).toMatchObject({ message: 'Your card was declined.' });
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, submission.id));
    expect(row).toMatchObject({ status: 'new', paidAt: null, dueDate: null });
  });

  it('answers 400 with a clear message for a malformed card, expiry or CVC', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = await startPayment(alice.cookie, submission.id);
    const cases: [object, string][] = [
      [{ cardNumber: '4242' }, PAYMENT_MESSAGES.invalidCardNumber],
      [{ cardNumber: 'abcd efgh ijkl mnop' }, PAYMENT_MESSAGES.invalidCardNumber],
      [{ expiry: '13/40' }, PAYMENT_MESSAGES.invalidExpiry],
      [{ expiry: '1240' }, PAYMENT_MESSAGES.invalidExpiry],
      [{ expiry: '01/20' }, PAYMENT_MESSAGES.expired],
      [{ cvc: '12' }, PAYMENT_MESSAGES.invalidCvc],
      [{ cvc: 'abc' }, PAYMENT_MESSAGES.invalidCvc],
    ];
    for (const [extra, message] of cases) {
      const response = await post('/api/payments/sandbox/confirm', card(clientSecret, '4242424242424242', extra), alice.cookie);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, submission.id));
    expect(row!.status).toBe('new');
  });

  it('answers 404 to another customer (and an admin) and 401 to the anonymous', async () => {
    const submission = await createSubmissionVia(t.app, alice.cookie);
    const { clientSecret } = await startPayment(alice.cookie, submission.id);
    for (const cookie of [bob.cookie, (await signUpAdmin(t.app)).cookie]) {
      const intent = await post('/api/create-payment-intent', { submissionId: submission.id }, cookie);
      expect(intent.statusCode).toBe(404);
      expect(intent.json()).toMatchObject({ message: 'Submission not found' });
      const confirm = await post('/api/payments/sandbox/confirm', card(clientSecret, '4242424242424242'), cookie);
      expect(confirm.statusCode).toBe(404);
    }
    expect((await post('/api/create-payment-intent', { submissionId: submission.id })).statusCode).toBe(401);
    expect((await post('/api/payments/sandbox/confirm', card(clientSecret, '4242424242424242'))).statusCode).toBe(401);
    expect((await post('/api/create-payment-intent', { submissionId: 'UNKNOWN123' }, alice.cookie)).statusCode).toBe(404);
    const bad = await post('/api/create-payment-intent', {}, alice.cookie);
    expect(bad.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, submission.id));
    expect(row!.status).toBe('new');
  });

  it('has no Stripe webhook without Stripe keys', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});
