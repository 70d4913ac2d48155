import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_ORDER_TITLE_CHARACTERS, ORDER_TITLE_MESSAGES } from '../../../shared/order-title';
import type { BillingDocumentSummary } from '../../../shared/billing-documents.schema';
import { liveEvents, submissions } from '../../db/schema';
import { createOrder, payOrder } from '../../test-support/orders';
import { addMember, createOrganisation } from '../../test-support/organisations';
import { pdfText } from '../../test-support/pdf-text';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ VAT_NUMBER: 'GB123456789' });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

const rename = (id: string, who: SignedInUser | null, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/submissions/${id}`, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });

async function titleOf(id: string): Promise<string> {
  const [row] = await t.app.db.select({ title: submissions.title }).from(submissions).where(eq(submissions.id, id));
  return row!.title;
}

describe('PATCH /api/submissions/:id (issue 45: rename an order)', () => {
  it('renames the customer’s own order, trimmed, and tells open pages', async () => {
    const id = await createOrder(t.app, alice);
    const response = await rename(id, alice, { title: '  Q3 results — board pack  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, title: 'Q3 results — board pack' });
    expect(await titleOf(id)).toBe('Q3 results — board pack');
    const listed = (await t.request('GET', `/api/submissions/${id}`, alice)).json() as { title: string };
    expect(listed.title).toBe('Q3 results — board pack');
    const events = await t.app.db.select().from(liveEvents).where(eq(liveEvents.submissionId, id));
    expect(events.map((e) => e.type)).toContain('order.renamed');
  });

  it('answers 400 with a message for every bad title, and leaves the title alone', async () => {
    const id = await createOrder(t.app, alice);
    const before = await titleOf(id);
    const cases: [unknown, string][] = [
      [{ title: '' }, ORDER_TITLE_MESSAGES.empty],
      [{ title: '   \t ' }, ORDER_TITLE_MESSAGES.controlCharacters],
      [{ title: '\u00a0 \u3000' }, ORDER_TITLE_MESSAGES.empty],
      [{ title: '\u200b' }, ORDER_TITLE_MESSAGES.empty],
      [{ title: 'x'.repeat(MAX_ORDER_TITLE_CHARACTERS + 1) }, ORDER_TITLE_MESSAGES.tooLong],
      [{ title: 'a\u0007b' }, ORDER_TITLE_MESSAGES.controlCharacters],
      [{ title: 'two\nlines' }, ORDER_TITLE_MESSAGES.controlCharacters],
      [{ title: 'invoice\u202Efdp.exe' }, ORDER_TITLE_MESSAGES.controlCharacters],
      [{ title: 'isolated\u2067text\u2069' }, ORDER_TITLE_MESSAGES.controlCharacters],
      [{ title: 42 }, ORDER_TITLE_MESSAGES.empty],
      [{}, ORDER_TITLE_MESSAGES.empty],
    ];
    for (const [payload, message] of cases) {
      const response = await rename(id, alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    // NUL is refused by the JSON parser for every route, with its own message.
    const nul = await rename(id, alice, { title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(typeof nul.json().message).toBe('string');
    // Other fields are not the customer's to change here.
    const status = await rename(id, alice, { title: 'Fine', status: 'completed' });
    expect(status.statusCode).toBe(400);
    expect(typeof status.json().message).toBe('string');
    const notJson = await t.app.inject({ method: 'PATCH', url: `/api/submissions/${id}`, payload: '{"title":', headers: { cookie: alice.cookie, 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(await titleOf(id)).toBe(before);
  });

  it('answers 404 for another customer’s order (an administrator too: this is the customer’s route), 401 signed out', async () => {
    const id = await createOrder(t.app, alice);
    const before = await titleOf(id);
    expect((await rename(id, bob, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await rename(id, admin, { title: 'Staff rename' })).statusCode).toBe(404);
    expect((await rename('ZZZZZZZZZZ', alice, { title: 'Missing' })).statusCode).toBe(404);
    expect((await rename(id, null, { title: 'Anonymous' })).statusCode).toBe(401);
    expect(await titleOf(id)).toBe(before);
  });

  it('lets a colleague in the order’s organisation rename it (decision 047)', async () => {
    const owner = await signUp(t.app);
    const colleague = await signUp(t.app);
    const organisationId = await createOrganisation(t.app.db, owner.id, 'Rename Ltd');
    await addMember(t.app.db, organisationId, colleague.id);
    const id = await createOrder(t.app, owner);
    expect((await rename(id, colleague, { title: 'Named by a colleague' })).statusCode).toBe(200);
    expect(await titleOf(id)).toBe('Named by a colleague');
    expect((await rename(id, bob, { title: 'Outsider' })).statusCode).toBe(404);
  });

  it('keeps the title the invoice was issued with after a rename (billing documents use the title at payment)', async () => {
    const id = await createOrder(t.app, alice, {
      content: 'Quarterly revenue reached $1.2bn, up fourteen percent on the previous quarter, said the chief executive today.',
    });
    expect((await rename(id, alice, { title: 'Q3 pack' })).statusCode).toBe(200);
    await payOrder(t.app, alice, id);
    expect((await rename(id, alice, { title: 'Renamed later' })).statusCode).toBe(200);

    const listed = (await t.request('GET', `/api/billing/documents?submissionId=${id}`, alice)).json() as { items: BillingDocumentSummary[] };
    expect(listed.items).toHaveLength(1);
    const pdf = await t.request('GET', `/api/billing/documents/${listed.items[0]!.id}/pdf`, alice);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Q3 pack');
    expect(text).not.toContain('Renamed later');
  });

  it('derives a title cut at a word with an ellipsis', async () => {
    const id = await createOrder(t.app, alice, {
      content: 'Quarterly revenue reached $1.2bn, up fourteen percent on the previous quarter, said the chief executive today.',
    });
    const title = await titleOf(id);
    expect(title).toBe('Quarterly revenue reached $1.2bn, up fourteen percent on…');
    expect(title.length).toBeLessThanOrEqual(60);
  });
});
