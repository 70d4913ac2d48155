import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  formatDocumentNumber,
  type BillingDetails,
  type BillingDocumentSummary,
} from '../../../shared/billing-documents.schema';
import { ConfigError, loadConfig } from '../../env';
import { billingDocuments, organisationMembers, organisations, payments, submissions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { createOrder, createPaidOrder, payOrder } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { readZip } from '../../test-support/zip';
import { payOrderFromCredit } from '../credit';
import { recordProviderRefunds } from '../payments/refunds';
import { issuePaymentDocument } from './issuer';

const VAT_NUMBER = 'GB123456789';

/** The text of a PDF as pdftotext reads it (keeping its layout, so a total stays beside its label), whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hp-billing-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

async function documentsOf(t: TestApp, who: SignedInUser, submissionId?: string): Promise<BillingDocumentSummary[]> {
  const response = await t.request('GET', `/api/billing/documents${submissionId ? `?submissionId=${submissionId}` : ''}`, who);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: BillingDocumentSummary[] }).items;
}

async function pdfOf(t: TestApp, who: SignedInUser, id: string): Promise<string> {
  const response = await t.request('GET', `/api/billing/documents/${id}/pdf`, who);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}

async function amountOf(t: TestApp, submissionId: string): Promise<number> {
  const [row] = await t.app.db.select({ amount: submissions.amountPence }).from(submissions).where(eq(submissions.id, submissionId));
  return row!.amount;
}

/** Every number issued so far, in order: 1..n with no gap and no repeat. */
async function expectGapFree(t: TestApp): Promise<number> {
  const rows = await t.app.db.select({ number: billingDocuments.number }).from(billingDocuments).orderBy(asc(billingDocuments.number));
  expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
  return rows.length;
}

describe('VAT_NUMBER configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() };
  it('accepts GB and 9 or 12 digits, with spaces, and normalises them', () => {
    expect(loadConfig({ ...base, VAT_NUMBER: 'gb 123 4567 89' }).VAT_NUMBER).toBe('GB123456789');
    expect(loadConfig({ ...base, VAT_NUMBER: 'GB123456789012' }).VAT_NUMBER).toBe('GB123456789012');
    expect(loadConfig({ ...base, VAT_NUMBER: '' }).VAT_NUMBER).toBeUndefined();
    expect(loadConfig(base).VAT_NUMBER).toBeUndefined();
  });
  it('refuses anything else at start-up, naming the variable', () => {
    for (const bad of ['123456789', 'GB12345678', 'FR12345678901', 'GB1234567890']) {
      expect(() => loadConfig({ ...base, VAT_NUMBER: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, VAT_NUMBER: bad })).toThrow(/VAT_NUMBER/);
    }
  });
});

describe('without VAT_NUMBER: receipts', () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    // A long address (40 characters, hyphens and all): it must print whole, not broken at a hyphen into two lines.
    const tag = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
    alice = await signUp(t.app, { firstName: 'Alice', lastName: 'Archer', email: `accounts-payable-${tag}-uk@example.co.uk` });
    bob = await signUp(t.app, { firstName: 'Bob' });
  });
  afterAll(async () => t.close());

  it('a paid order gets a numbered receipt that says no VAT is charged', async () => {
    expect(await documentsOf(t, alice)).toEqual([]);
    const id = await createPaidOrder(t.app, alice);
    const gross = await amountOf(t, id);
    const [doc] = await documentsOf(t, alice, id);
    expect(doc).toMatchObject({ kind: 'receipt', number: 'HP-000001', grossPence: gross, submissionId: id, refersTo: null });
    const response = await t.request('GET', `/api/billing/documents/${doc!.id}/pdf`, alice);
    expect(response.headers['content-disposition']).toBe('attachment; filename="HP-000001.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = await pdfOf(t, alice, doc!.id);
    expect(text).toContain('Receipt');
    expect(text).toContain('HP-000001');
    expect(text).toContain('Alice Archer');
    expect(text).toContain(alice.email);
    expect(text.replace(/\s/g, '')).toContain(`(order${id})`);
    expect(text).toContain(`Total paid (GBP) ${pounds(gross)}`);
    expect(text).toContain(BILLING_MESSAGES.noVat);
    // A tax point is a VAT term: a receipt that charges no VAT has none (issue 45).
    expect(text).not.toContain('tax point');
    expect(text).not.toContain('VAT registration number');
    expect(text).toContain('1 Example Street');
  });

  it('another customer gets 404 for the PDF and sees none of it in their list', async () => {
    const [doc] = await documentsOf(t, alice);
    expect((await t.request('GET', `/api/billing/documents/${doc!.id}/pdf`, bob)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/billing/documents/does-not-exist/pdf', alice)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/billing/documents/${doc!.id}/pdf`, null)).statusCode).toBe(401);
    expect(await documentsOf(t, bob)).toEqual([]);
  });

  it('a lone account sets its billing name, address and purchase order; the next document shows them, the last keeps its snapshot', async () => {
    const empty = await t.request('GET', '/api/billing/details', alice);
    expect(empty.json()).toEqual({ scope: 'account', organisationName: null, canEdit: true, billingName: '', address: '', purchaseOrderReference: '' });
    const saved = await t.request('PUT', '/api/billing/details', alice, {
      billingName: '  Archer Ltd ',
      address: '2 High Street\r\n\r\nLeeds LS1 1AA\n',
      purchaseOrderReference: 'PO-7781',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ billingName: 'Archer Ltd', address: '2 High Street\nLeeds LS1 1AA', purchaseOrderReference: 'PO-7781' });

    const id = await createPaidOrder(t.app, alice);
    const [doc] = await documentsOf(t, alice, id);
    const text = await pdfOf(t, alice, doc!.id);
    expect(text).toContain('Archer Ltd');
    expect(text).toContain('2 High Street');
    expect(text).toContain('Leeds LS1 1AA');
    expect(text).toContain('Purchase order: PO-7781');
    // The first receipt was issued before: it keeps the buyer as they were.
    const first = (await documentsOf(t, alice)).find((d) => d.number === 'HP-000001')!;
    expect(await pdfOf(t, alice, first.id)).not.toContain('Archer Ltd');
  });

  it('refuses billing details that are too long, have too many lines or hold control characters, with a message', async () => {
    const put = (body: Record<string, string>) =>
      t.request('PUT', '/api/billing/details', bob, { billingName: '', address: '', purchaseOrderReference: '', ...body });
    const cases: [Record<string, string>, string][] = [
      [{ billingName: 'x'.repeat(201) }, BILLING_MESSAGES.nameTooLong],
      [{ address: 'x'.repeat(501) }, BILLING_MESSAGES.addressTooLong],
      [{ address: 'a\nb\nc\nd\ne\nf\ng' }, BILLING_MESSAGES.addressLines],
      [{ purchaseOrderReference: 'x'.repeat(101) }, BILLING_MESSAGES.purchaseOrderTooLong],
      [{ billingName: 'Bob\u0007Ltd' }, BILLING_MESSAGES.controlCharacters],
      [{ purchaseOrderReference: 'PO\n1' }, BILLING_MESSAGES.controlCharacters],
      [{ address: 'Street\u001b[31m' }, BILLING_MESSAGES.controlCharacters],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { message: string }).message).toBe(message);
    }
    const nul = await put({ billingName: 'Bob\u0000' });
    expect(nul.statusCode).toBe(400);
    expect((await put({ address: 'a\nb\nc\nd\ne\nf' })).statusCode).toBe(200);
  });

  it('an organisation: its owner edits the billing details, a member reads them and gets 403 on saving; documents follow the orders', async () => {
    const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const member = await signUp(t.app, { firstName: 'Mel', lastName: 'Member' });
    const organisationId = newId();
    await t.app.db.insert(organisations).values({ id: organisationId, name: 'Acme Publishing', createdBy: owner.id });
    await t.app.db.insert(organisationMembers).values([
      { organisationId, userId: owner.id, role: 'owner' },
      { organisationId, userId: member.id, role: 'member' },
    ]);
    const details = { billingName: 'Acme Publishing Ltd', address: '9 Quay Road\nBristol BS1 4AA', purchaseOrderReference: 'ACME-42' };
    const refused = await t.request('PUT', '/api/billing/details', member, details);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { message: string }).message).toBe(BILLING_MESSAGES.ownerOnly('Acme Publishing'));
    expect((await t.request('PUT', '/api/billing/details', owner, details)).statusCode).toBe(200);
    const read = (await t.request('GET', '/api/billing/details', member)).json() as BillingDetails;
    expect(read).toMatchObject({ scope: 'organisation', organisationName: 'Acme Publishing', canEdit: false, ...details });

    // An order the member placed for the organisation (set here directly: the organisations feature sets it).
    const id = await createOrder(t.app, member);
    await t.app.db.update(submissions).set({ organisationId }).where(eq(submissions.id, id));
    await payOrder(t.app, member, id);
    const [doc] = await documentsOf(t, member, id);
    const text = await pdfOf(t, member, doc!.id);
    expect(text).toContain('Acme Publishing Ltd');
    expect(text).toContain('Acme Publishing');
    expect(text).toContain('9 Quay Road');
    expect(text).toContain('Bristol BS1 4AA');
    expect(text).toContain('Purchase order: ACME-42');
    expect(text).toContain(member.email);
    // The owner sees the organisation's documents; another customer does not.
    expect((await documentsOf(t, owner)).map((d) => d.id)).toContain(doc!.id);
    expect((await t.request('GET', `/api/billing/documents/${doc!.id}/pdf`, owner)).statusCode).toBe(200);
    expect((await t.request('GET', `/api/billing/documents/${doc!.id}/pdf`, bob)).statusCode).toBe(404);
  });
});

describe('with VAT_NUMBER: VAT invoices, credit notes and the month export', () => {
  let t: TestApp;
  let alice: SignedInUser;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ VAT_NUMBER: 'GB 123 4567 89', ADMIN_EMAILS: 'team@example.com' });
    alice = await signUp(t.app, { firstName: 'Alice', lastName: 'Archer' });
    admin = await signUpAdmin(t.app);
  });
  afterAll(async () => t.close());

  it('a paid order gets a VAT invoice with its number, our VAT number, and net, VAT at 20% and gross', async () => {
    const id = await createPaidOrder(t.app, alice);
    const gross = await amountOf(t, id);
    const vat = Math.round((gross * 20) / 120);
    const [doc] = await documentsOf(t, alice, id);
    expect(doc).toMatchObject({ kind: 'vat-invoice', grossPence: gross });
    const [row] = await t.app.db.select().from(billingDocuments).where(eq(billingDocuments.id, doc!.id));
    expect(row).toMatchObject({ vatNumber: VAT_NUMBER, vatRateBasisPoints: 2000, vatPence: vat, netPence: gross - vat, grossPence: gross });
    const text = await pdfOf(t, alice, doc!.id);
    expect(text).toContain('VAT invoice');
    expect(text).toContain(doc!.number);
    expect(text).toContain(`VAT registration number: ${VAT_NUMBER}`);
    expect(text).toContain('Time of supply (tax point)');
    expect(text).toContain('Date of issue');
    expect(text).toMatch(/Unit price .*excl\. VAT/);
    expect(text).toContain('20%');
    expect(text).toContain(`Total excluding VAT ${pounds(gross - vat)}`);
    expect(text).toContain(`VAT at 20% ${pounds(vat)}`);
    expect(text).toContain(`Total including VAT (GBP) ${pounds(gross)}`);
    expect(text).not.toContain(BILLING_MESSAGES.noVat);
  });

  it('a credit pack gets a VAT invoice; an order paid from that credit a receipt that charges no VAT again', async () => {
    const checkout = await t.request('POST', '/api/credit/checkout', alice, { amountPence: 5_000 });
    expect(checkout.statusCode).toBe(200);
    const { clientSecret } = checkout.json() as { clientSecret: string };
    const confirm = await t.request('POST', '/api/credit/sandbox/confirm', alice, { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(confirm.statusCode).toBe(200);
    const pack = (await documentsOf(t, alice)).find((d) => d.submissionId === null)!;
    expect(pack).toMatchObject({ kind: 'vat-invoice', grossPence: 5_000 });
    const text = await pdfOf(t, alice, pack.id);
    expect(text).toContain('Prepaid review credit');
    expect(text).toContain(`VAT at 20% ${pounds(833)}`);
    expect(text).toContain(`Total excluding VAT ${pounds(4_167)}`);

    const id = await createOrder(t.app, alice);
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    await t.app.db.transaction((tx) => payOrderFromCredit(tx, t.app.context, order!));
    const [receipt] = await documentsOf(t, alice, id);
    expect(receipt).toMatchObject({ kind: 'receipt', grossPence: order!.amountPence });
    const receiptText = await pdfOf(t, alice, receipt!.id);
    expect(receiptText).toContain('paid from prepaid credit');
    expect(receiptText).toContain(BILLING_MESSAGES.paidFromCredit);
    expect(receiptText).not.toContain('tax point');
    expect(receiptText).toContain(`VAT registration number: ${VAT_NUMBER}`);

    // Cancelled, it is refunded to credit: the credit note credits no VAT, as the receipt charged none.
    expect((await t.request('POST', `/api/submissions/${id}/cancel`, alice)).statusCode).toBe(200);
    const note = (await documentsOf(t, alice, id)).find((d) => d.kind === 'credit-note')!;
    expect(note.refersTo).toBe(receipt!.number);
    const noteText = await pdfOf(t, alice, note.id);
    expect(noteText).toContain(`Refers to: Receipt ${receipt!.number}`);
    expect(noteText).toContain(BILLING_MESSAGES.noVatCredited);
    expect(noteText).toContain(`Total credited (GBP) ${pounds(order!.amountPence)}`);
  });

  it('a cancellation refund gets a credit note that refers to its invoice and credits the VAT', async () => {
    const id = await createPaidOrder(t.app, alice);
    const gross = await amountOf(t, id);
    expect((await t.request('POST', `/api/submissions/${id}/cancel`, alice)).statusCode).toBe(200);
    const docs = await documentsOf(t, alice, id);
    const invoice = docs.find((d) => d.kind === 'vat-invoice')!;
    const note = docs.find((d) => d.kind === 'credit-note')!;
    expect(note).toMatchObject({ grossPence: gross, refersTo: invoice.number });
    const text = await pdfOf(t, alice, note.id);
    expect(text).toContain('Credit note');
    expect(text).toContain(note.number);
    expect(text).toContain(`Refers to: VAT invoice ${invoice.number} of`);
    const vat = Math.round((gross * 20) / 120);
    expect(text).toContain(`VAT credited at 20% ${pounds(vat)}`);
    expect(text).toContain(`Total credited including VAT (GBP) ${pounds(gross)}`);
    // A second click refunds nothing more and issues nothing more.
    await t.request('POST', `/api/submissions/${id}/cancel`, alice);
    expect(await documentsOf(t, alice, id)).toHaveLength(2);
  });

  it('an admin partial refund and a provider refund each get their credit note', async () => {
    const id = await createPaidOrder(t.app, alice);
    const refund = await t.request('POST', `/api/admin/submissions/${id}/refunds`, admin, { amountPence: 300, reason: 'Late delivery', requestId: randomUUID() });
    expect(refund.statusCode).toBe(200);
    let notes = (await documentsOf(t, alice, id)).filter((d) => d.kind === 'credit-note');
    expect(notes.map((n) => n.grossPence)).toEqual([300]);
    expect(await pdfOf(t, alice, notes[0]!.id)).toMatch(/Refund for order \S+: Late .*delivery/);

    // The provider reports a refund made in its dashboard (the payment posed as a Stripe one).
    await t.app.db.update(payments).set({ provider: 'stripe', providerPaymentId: `pi_${id}` }).where(eq(payments.submissionId, id));
    const report = { provider: 'stripe' as const, providerPaymentId: `pi_${id}`, chargeId: `ch_${id}`, amountRefunded: 500, refunds: [{ id: `re_${id}`, amount: 200, status: 'succeeded' }] };
    expect(await recordProviderRefunds(t.app.db, report)).toBe('recorded');
    expect(await recordProviderRefunds(t.app.db, report)).toBe('recorded');
    notes = (await documentsOf(t, alice, id)).filter((d) => d.kind === 'credit-note');
    expect(notes.map((n) => n.grossPence).sort((a, b) => a - b)).toEqual([200, 300]);
    await expectGapFree(t);
  });

  it('20 payments at once take 20 numbers with no gap and no duplicate', async () => {
    const before = await expectGapFree(t);
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(t.app, { firstName: `Buyer${i}` })));
    const secrets: { who: SignedInUser; clientSecret: string }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const who = buyers[i % buyers.length]!;
      const id = await createOrder(t.app, who);
      const intent = await t.request('POST', '/api/create-payment-intent', who, { submissionId: id });
      secrets.push({ who, clientSecret: (intent.json() as { clientSecret: string }).clientSecret });
    }
    const results = await Promise.all(
      secrets.map(({ who, clientSecret }) =>
        t.request('POST', '/api/payments/sandbox/confirm', who, { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    expect(await expectGapFree(t)).toBe(before + 20);
  }, 60_000);

  it('a payment rolled back after taking its number leaves no gap', async () => {
    const before = await expectGapFree(t);
    const id = await createOrder(t.app, alice);
    const intent = await t.request('POST', '/api/create-payment-intent', alice, { submissionId: id });
    expect(intent.statusCode).toBe(200);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.submissionId, id));
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(payments).set({ status: 'succeeded', succeededAt: new Date() }).where(eq(payments.id, payment!.id));
        const issued = await issuePaymentDocument(tx, t.app.context.billing, payment!.id);
        expect(issued?.number).toBe(before + 1);
        throw new Error('the payment failed after its document was numbered');
      }),
    ).rejects.toThrow('numbered');
    expect(await expectGapFree(t)).toBe(before);
    await payOrder(t.app, alice, id);
    const [doc] = await documentsOf(t, alice, id);
    expect(doc!.number).toBe(formatDocumentNumber(before + 1));
    expect(await expectGapFree(t)).toBe(before + 1);
  });

  it('finance downloads a month as a zip of every PDF and a CSV', async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).slice(0, 7);
    const response = await t.request('GET', `/api/admin/billing-documents/export?month=${month}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="billing-documents-${month}.zip"`);
    const entries = readZip(response.rawPayload);
    const count = await expectGapFree(t);
    const pdfs = [...entries.keys()].filter((name) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(count);
    expect(pdfs[0]).toBe('HP-000001.pdf');
    expect(entries.get('HP-000001.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(entries.get('HP-000001.pdf')!)).toContain('HP-000001');
    const csv = entries.get(`billing-documents-${month}.csv`)!.toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('"number","kind","date","issued_at","buyer","email","organisation","purchase_order","net_gbp","vat_gbp","gross_gbp","vat_rate_percent","refers_to"');
    expect(lines).toHaveLength(count + 1);
    const notes = lines.filter((l) => l.includes('"credit-note"'));
    // A credit note of a VAT invoice credits its VAT; one of a receipt paid from credit credits none.
    expect(notes.some((l) => /"-\d+\.\d\d","-\d+\.\d\d","-\d+\.\d\d","20\.00","HP-\d{6}"$/.test(l))).toBe(true);
    expect(notes.some((l) => /"(-\d+\.\d\d)","0\.00","\1","0\.00","HP-\d{6}"$/.test(l))).toBe(true);

    // Another month is empty but still a zip with its CSV header.
    const empty = readZip((await t.request('GET', '/api/admin/billing-documents/export?month=2001-01', admin)).rawPayload);
    expect([...empty.keys()]).toEqual(['billing-documents-2001-01.csv']);
  });

  it('the export refuses a bad month with a message, and anyone but an admin', async () => {
    for (const month of ['2026-13', '26-11', '2026-1', '']) {
      const response = await t.request('GET', `/api/admin/billing-documents/export?month=${month}`, admin);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toBe(BILLING_MESSAGES.month);
    }
    const customer = await t.request('GET', '/api/admin/billing-documents/export?month=2026-11', alice);
    expect([403, 404]).toContain(customer.statusCode);
  });
});
