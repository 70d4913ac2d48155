import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BillingDocumentSummary } from '../../../shared/billing-documents.schema';
import { payments, submissions } from '../../db/schema';
import { createSubmissionVia } from '../../test-support/orders';
import { deliverStripeEvent, FakeStripe, stripeTestConfig } from '../../test-support/fake-stripe';
import { pdfText } from '../../test-support/pdf-text';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';

/** Issue 45: the card that paid, read from Stripe at payment (faked at the HTTP boundary), named on the invoice. */
const fake = new FakeStripe();
let t: TestApp;
let alice: SignedInUser;

beforeAll(async () => {
  const stripeUrl = await fake.start();
  t = await createTestApp({ ...stripeTestConfig(stripeUrl), VAT_NUMBER: 'GB123456789' });
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function startPayment(submissionId: string): Promise<string> {
  const response = await t.request('POST', '/api/create-payment-intent', alice, { submissionId });
  expect(response.statusCode).toBe(200);
  return (response.json() as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
}

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

async function invoiceText(submissionId: string): Promise<string> {
  const list = await t.request('GET', `/api/billing/documents?submissionId=${submissionId}`, alice);
  const [document] = (list.json() as { items: BillingDocumentSummary[] }).items;
  const pdf = await t.request('GET', `/api/billing/documents/${document!.id}/pdf`, alice);
  expect(pdf.statusCode).toBe(200);
  return pdfText(pdf.rawPayload);
}

async function paymentOf(submissionId: string) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.submissionId, submissionId));
  return row!;
}

async function statusOf(id: string) {
  const [row] = await t.app.db.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id));
  return row!.status;
}

describe('the card of a Stripe payment', () => {
  it('reads the card of the intent’s charge when the webhook reports the payment, and the invoice names it', async () => {
    fake.charges.set('ch_amex_1', { brand: 'amex', last4: '8431' });
    const order = await createSubmissionVia(t.app, alice.cookie);
    const intentId = await startPayment(order.id);
    const paid = await deliver(succeeded('evt_card_1', intentId, { latest_charge: 'ch_amex_1', metadata: { submissionId: order.id } }));
    expect(paid.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
    expect(fake.to('/v1/charges/ch_amex_1')).toHaveLength(1);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'succeeded', cardBrand: 'amex', cardLast4: '8431' });
    expect(await invoiceText(order.id)).toContain('Paid with: American Express card ending 8431');
  });

  it('uses an expanded charge as it is, without asking Stripe', async () => {
    const order = await createSubmissionVia(t.app, alice.cookie);
    const intentId = await startPayment(order.id);
    const before = fake.requests.length;
    const charge = { id: 'ch_inline', object: 'charge', payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } } };
    expect((await deliver(succeeded('evt_card_2', intentId, { latest_charge: charge, metadata: { submissionId: order.id } }))).statusCode).toBe(200);
    expect(fake.requests.length).toBe(before);
    expect(await paymentOf(order.id)).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });
  });

  it('records the payment all the same when the charge cannot be read: the invoice names no card', async () => {
    const order = await createSubmissionVia(t.app, alice.cookie);
    const intentId = await startPayment(order.id);
    fake.failNext.add('/v1/charges/:id');
    expect((await deliver(succeeded('evt_card_3', intentId, { latest_charge: 'ch_unreadable', metadata: { submissionId: order.id } }))).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('paid');
    expect(await paymentOf(order.id)).toMatchObject({ status: 'succeeded', cardBrand: null, cardLast4: null });
    expect(await invoiceText(order.id)).not.toContain('Paid with');
  });

  it('a one-click payment with a saved card names that card', async () => {
    // Save a card through a first payment (decision 045), then pay a second order with it.
    fake.paymentMethods.set('pm_alice_mc', { brand: 'mastercard', last4: '5100', exp_month: 8, exp_year: 2031 });
    const first = await createSubmissionVia(t.app, alice.cookie);
    const intentId = await startPayment(first.id);
    expect((await t.request('POST', '/api/payments/stripe/save-card', alice, { clientSecret: `${intentId}_secret_fake`, save: true })).statusCode).toBe(200);
    const intent = fake.intents.get(intentId)!;
    expect(
      (await deliver(succeeded('evt_card_4', intentId, { customer: intent.customer, payment_method: 'pm_alice_mc', metadata: intent.metadata }))).statusCode,
    ).toBe(200);
    const cards = (await t.request('GET', '/api/saved-cards', alice)).json() as { id: string; last4: string }[];
    const card = cards.find((c) => c.last4 === '5100')!;

    const second = await createSubmissionVia(t.app, alice.cookie);
    const response = await t.request('POST', '/api/payments/saved-card', alice, { submissionId: second.id, cardId: card.id });
    expect(response.statusCode).toBe(200);
    expect(await paymentOf(second.id)).toMatchObject({ status: 'succeeded', cardBrand: 'mastercard', cardLast4: '5100' });
    expect(await invoiceText(second.id)).toContain('Paid with: Mastercard card ending 5100');
  });
});

const deliver = (event: object) => deliverStripeEvent(t.app, event);
