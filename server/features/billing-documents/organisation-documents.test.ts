/**
 * Billing documents follow decision 047's rule (decision 055): an organisation's invoices, receipts and credit notes
 * are every current member's, and no longer a former member's, not even for the orders they placed nor for credit
 * notes issued after they left. Every billing route is checked for a removed member, so a new one cannot leak.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDocumentNumber, type BillingDocumentSummary } from '../../../shared/billing-documents.schema';
import { billingDocuments, submissions, type BillingDocumentRow } from '../../db/schema';
import { createPaidOrder } from '../../test-support/orders';
import { addMember, createOrganisation, removeMember } from '../../test-support/organisations';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let owner: SignedInUser;
let leaver: SignedInUser;
let colleague: SignedInUser;
let admin: SignedInUser;
let organisationId: string;
let personalOrder: string;
let orgOrder: string;
let removal: Promise<BillingDocumentRow[]> | undefined;

/**
 * The leaver is removed, then an admin refunds part of the order they placed: answers the organisation's documents,
 * its order's invoice and credit note (issued after they left) and its pack's invoice. Once, whichever test asks first.
 */
function removeLeaverThenRefund(): Promise<BillingDocumentRow[]> {
  removal ??= (async () => {
    await removeMember(t.app.db, organisationId, leaver.id);
    const refund = await t.request('POST', `/api/admin/submissions/${orgOrder}/refunds`, admin, { amountPence: 100, reason: 'Late', requestId: randomUUID() });
    expect(refund.statusCode, refund.body).toBe(200);
    const rows = await t.app.db.select().from(billingDocuments).where(eq(billingDocuments.organisationId, organisationId));
    expect(rows.map((d) => d.kind).sort()).toEqual(['credit-note', 'vat-invoice', 'vat-invoice']);
    return rows;
  })();
  return removal;
}

async function listOf(who: SignedInUser, query = ''): Promise<BillingDocumentSummary[]> {
  const response = await t.request('GET', `/api/billing/documents${query}`, who);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: BillingDocumentSummary[] }).items;
}

const pdfStatus = async (who: SignedInUser, id: string) => (await t.request('GET', `/api/billing/documents/${id}/pdf`, who)).statusCode;

beforeAll(async () => {
  t = await createTestApp({ VAT_NUMBER: 'GB123456789', ADMIN_EMAILS: 'team@example.com' });
  owner = await signUp(t.app, { firstName: 'Olive' });
  leaver = await signUp(t.app, { firstName: 'Lee' });
  colleague = await signUp(t.app, { firstName: 'Cara' });
  admin = await signUpAdmin(t.app);
  // Placed before joining: stays the leaver's own.
  personalOrder = await createPaidOrder(t.app, leaver);
  organisationId = await createOrganisation(t.app.db, owner.id, 'Acme Ltd');
  await addMember(t.app.db, organisationId, leaver.id);
  await addMember(t.app.db, organisationId, colleague.id);
  orgOrder = await createPaidOrder(t.app, leaver);
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, orgOrder));
  expect(row).toMatchObject({ userId: leaver.id, organisationId });
  // A credit pack the owner buys for the organisation.
  const checkout = await t.request('POST', '/api/credit/checkout', owner, { amountPence: 5_000 });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { clientSecret } = checkout.json() as { clientSecret: string };
  const paid = await t.request('POST', '/api/credit/sandbox/confirm', owner, { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
  expect(paid.statusCode, paid.body).toBe(200);
}, 60_000);
afterAll(async () => t.close());

describe('billing documents of an organisation', () => {
  it('while a member, the placer and every colleague see the organisation’s documents', async () => {
    const invoice = (await listOf(leaver, `?submissionId=${orgOrder}`))[0]!;
    expect(invoice.kind).toBe('vat-invoice');
    for (const who of [leaver, colleague, owner]) {
      const listed = (await listOf(who)).map((d) => d.id);
      expect(listed).toContain(invoice.id);
      expect(await pdfStatus(who, invoice.id)).toBe(200);
    }
  });

  it('a removed member loses them all, credit notes issued after they left too; the owner and colleagues keep them', async () => {
    const orgIds = (await removeLeaverThenRefund()).map((d) => d.id);

    const leaversList = await listOf(leaver);
    expect(leaversList.map((d) => d.submissionId)).toEqual([personalOrder]);
    expect(await listOf(leaver, `?submissionId=${orgOrder}`)).toEqual([]);
    for (const id of orgIds) expect(await pdfStatus(leaver, id), id).toBe(404);
    // Their own order from before they joined stays theirs.
    expect(await pdfStatus(leaver, leaversList[0]!.id)).toBe(200);

    for (const who of [owner, colleague]) {
      expect((await listOf(who)).map((d) => d.id)).toEqual(expect.arrayContaining(orgIds));
      expect((await listOf(who)).map((d) => d.id)).not.toContain(leaversList[0]!.id);
      for (const id of orgIds) expect(await pdfStatus(who, id), id).toBe(200);
    }
  });

  it('every billing route answers a removed member 404 or without a trace of the organisation’s documents', async () => {
    const orgDocuments = await removeLeaverThenRefund();
    const routes = t.app.routeAccess.filter((e) => /billing/.test(e.url));
    // Every path the billing-documents routes register is among those checked (a new one outside /billing fails here).
    const declared = [...readFileSync(new URL('./routes.ts', import.meta.url), 'utf8').matchAll(/'(\/api\/[^']*)'/g)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(0);
    for (const url of declared) expect(routes.map((r) => r.url), url).toContain(url);
    expect(routes.map((r) => r.url)).toContain('/api/billing/documents/:id/pdf');

    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).slice(0, 7);
    const traces = orgDocuments.flatMap((d) => [d.id, formatDocumentNumber(d.number)]);
    const ask = (who: SignedInUser, method: string, url: string) =>
      t.request(method as 'GET', url, who, method === 'GET' || method === 'HEAD' ? undefined : {});
    const checked: string[] = [];
    for (const { method, url } of routes) {
      const label = `${method} ${url}`;
      if (/:\w+/.test(url)) {
        for (const document of orgDocuments) {
          const concrete = url.replace(/:\w+/g, document.id);
          const answer = await ask(leaver, method, concrete);
          if (method === 'GET') expect(answer.statusCode, `${label} as the removed member`).toBe(404);
          else expect(answer.statusCode, `${label} as the removed member`).toBeGreaterThanOrEqual(400);
          for (const trace of traces) expect(answer.body, `${label} as the removed member`).not.toContain(trace);
          // The owner reads it: the id was one the route serves.
          if (method === 'GET') expect((await ask(owner, method, concrete)).statusCode, `${label} as the owner`).toBe(200);
        }
      } else {
        for (const query of ['', `?submissionId=${orgOrder}&month=${month}`]) {
          const answer = await ask(leaver, method, `${url}${query}`);
          expect(answer.statusCode, `${label}${query} as the removed member`).toBeLessThan(500);
          for (const trace of traces) expect(answer.body, `${label}${query} as the removed member`).not.toContain(trace);
        }
      }
      checked.push(label);
    }
    expect(checked).toEqual(expect.arrayContaining(['GET /api/billing/documents', 'GET /api/billing/documents/:id/pdf', 'GET /api/admin/billing-documents/export']));
  });
});
