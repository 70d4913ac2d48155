import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, MAX_PURCHASE_ORDER_CHARACTERS, type BillingDocumentSummary } from '../../../shared/billing-documents.schema';
import { billingDocuments, payments, submissions } from '../../db/schema';
import { createOrder, payOrder } from '../../test-support/orders';
import { addMember, createOrganisation, removeMember } from '../../test-support/organisations';
import { pdfText } from '../../test-support/pdf-text';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { payOrderFromCredit } from '../credit';

/** Issue 45 item 3: the card on the receipt, and billing details and a purchase-order number given at checkout. */
let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ VAT_NUMBER: 'GB123456789' });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

async function documentsOf(who: SignedInUser, submissionId: string): Promise<BillingDocumentSummary[]> {
  const response = await t.request('GET', `/api/billing/documents?submissionId=${submissionId}`, who);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: BillingDocumentSummary[] }).items;
}

async function invoiceText(who: SignedInUser, submissionId: string): Promise<string> {
  const [document] = await documentsOf(who, submissionId);
  expect(document).toBeDefined();
  const response = await t.request('GET', `/api/billing/documents/${document!.id}/pdf`, who);
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

async function paySandbox(who: SignedInUser, submissionId: string, cardNumber: string) {
  const intent = await t.request('POST', '/api/create-payment-intent', who, { submissionId });
  const { clientSecret } = intent.json() as { clientSecret: string };
  return t.request('POST', '/api/payments/sandbox/confirm', who, { clientSecret, cardNumber, expiry: '12/34', cvc: '123' });
}

const setPurchaseOrder = (who: SignedInUser, id: string, purchaseOrderNumber: unknown) =>
  t.request('PUT', `/api/submissions/${id}/purchase-order`, who, { purchaseOrderNumber });

describe('the card on the receipt', () => {
  it('stores the sandbox card’s brand and last four digits at payment, and the invoice names them', async () => {
    const id = await createOrder(t.app, alice);
    // The sandbox's one succeeding card (Stripe's test Visa).
    expect((await paySandbox(alice, id, '4242 4242 4242 4242')).statusCode).toBe(200);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.submissionId, id));
    expect(payment).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    const [document] = await t.app.db.select().from(billingDocuments).where(eq(billingDocuments.submissionId, id));
    expect(document!.paidWith).toBe('Visa card ending 4242');
    const text = await invoiceText(alice, id);
    expect(text).toContain('Paid with: Visa card ending 4242');
    // Nothing more of the number is kept or printed.
    expect(text).not.toMatch(/4242\s*4242/);
  });

  it('a declined card stores no card', async () => {
    const id = await createOrder(t.app, alice);
    expect((await paySandbox(alice, id, '4000000000000002')).statusCode).toBe(402);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.submissionId, id));
    expect(payment).toMatchObject({ status: 'failed', cardBrand: null, cardLast4: null });
  });

  it('an order paid from credit says so', async () => {
    const checkout = await t.request('POST', '/api/credit/checkout', alice, { amountPence: 5_000 });
    const { clientSecret } = checkout.json() as { clientSecret: string };
    expect((await t.request('POST', '/api/credit/sandbox/confirm', alice, { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })).statusCode).toBe(200);
    const id = await createOrder(t.app, alice);
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    await t.app.db.transaction((tx) => payOrderFromCredit(tx, t.app.context, order!));
    const text = await invoiceText(alice, id);
    expect(text).toContain(`Paid with: ${BILLING_MESSAGES.paidWithCredit}`);
    expect(text).not.toContain('card ending');
  });
});

describe('billing details and a purchase-order number at checkout', () => {
  it('prints the organisation’s billing details and this order’s purchase-order number on its invoice', async () => {
    const owner = await signUp(t.app);
    const organisationId = await createOrganisation(t.app.db, owner.id, 'Checkout Ltd');
    const colleague = await signUp(t.app);
    await addMember(t.app.db, organisationId, colleague.id);
    // The owner gives the billing details (name, address) and a standing reference…
    const details = await t.request('PUT', '/api/billing/details', owner, {
      billingName: 'Checkout Ltd Accounts',
      address: '1 Ledger Lane\nLeeds LS1 1AA',
      purchaseOrderReference: 'STANDING-1',
    });
    expect(details.statusCode).toBe(200);
    // …and a number for this order, which replaces the standing one on its invoice alone.
    const id = await createOrder(t.app, owner);
    const other = await createOrder(t.app, owner);
    const set = await setPurchaseOrder(owner, id, '  PO-2026-0042 ');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ purchaseOrderNumber: 'PO-2026-0042' });
    expect((await t.request('GET', `/api/submissions/${id}/purchase-order`, owner)).json()).toEqual({ purchaseOrderNumber: 'PO-2026-0042' });
    // A colleague who may pay the order may read and change it too (decision 047).
    expect((await t.request('GET', `/api/submissions/${id}/purchase-order`, colleague)).json()).toEqual({ purchaseOrderNumber: 'PO-2026-0042' });

    await payOrder(t.app, owner, id);
    await payOrder(t.app, owner, other);
    const text = await invoiceText(owner, id);
    expect(text).toContain('Checkout Ltd Accounts');
    expect(text).toContain('1 Ledger Lane');
    expect(text).toContain('Leeds LS1 1AA');
    expect(text).toContain('Purchase order: PO-2026-0042');
    expect(text).not.toContain('STANDING-1');
    expect(await invoiceText(owner, other)).toContain('Purchase order: STANDING-1');

    // Once paid, the invoice is issued: the number can no longer change.
    const late = await setPurchaseOrder(owner, id, 'PO-LATE');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BILLING_MESSAGES.purchaseOrderAfterPayment);
    expect(await invoiceText(owner, id)).toContain('Purchase order: PO-2026-0042');

    // A member who left the organisation no longer reads or sets the number of its orders (decision 047).
    const unpaid = await createOrder(t.app, owner);
    await setPurchaseOrder(owner, unpaid, 'PO-KEPT');
    await removeMember(t.app.db, organisationId, colleague.id);
    const read = await t.request('GET', `/api/submissions/${unpaid}/purchase-order`, colleague);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('PO-KEPT');
    expect((await setPurchaseOrder(colleague, unpaid, 'PO-LEAVER')).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${unpaid}/purchase-order`, owner)).json()).toEqual({ purchaseOrderNumber: 'PO-KEPT' });
  });

  it('an empty number clears it; bad input is a 400 with a message; another customer’s order a 404', async () => {
    const id = await createOrder(t.app, alice);
    expect((await setPurchaseOrder(alice, id, 'PO-1')).statusCode).toBe(200);
    expect((await setPurchaseOrder(alice, id, '   ')).json()).toEqual({ purchaseOrderNumber: '' });
    expect((await t.request('GET', `/api/submissions/${id}/purchase-order`, alice)).json()).toEqual({ purchaseOrderNumber: '' });

    const tooLong = await setPurchaseOrder(alice, id, 'x'.repeat(MAX_PURCHASE_ORDER_CHARACTERS + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(BILLING_MESSAGES.purchaseOrderTooLong);
    const control = await setPurchaseOrder(alice, id, 'PO\u0007');
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toContain(BILLING_MESSAGES.controlCharacters);
    const notText = await setPurchaseOrder(alice, id, 42);
    expect(notText.statusCode).toBe(400);
    expect(typeof notText.json().message).toBe('string');

    expect((await setPurchaseOrder(bob, id, 'PO-BOB')).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${id}/purchase-order`, bob)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/submissions/${id}/purchase-order`, payload: { purchaseOrderNumber: 'x' } })).statusCode).toBe(401);
  });
});
