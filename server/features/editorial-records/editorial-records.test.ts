/**
 * Issue 43: the editorial-control record. Who holds editorial responsibility (named on the order, on the API's order
 * or by the Settings default), written at delivery and never changed, bound by the credential's digestSRI, private
 * to whoever may see the order.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnCertificate } from '../../../shared/certificate.schema';
import { editorialRecordV1Path, type HumanReviewCredential } from '../../../shared/credential.schema';
import { EDITORIAL_MESSAGES, NOT_NAMED } from '../../../shared/editorial.schema';
import type { EditorialRecord } from '../../../shared/editorial-record.schema';
import { editorialDefaults, editorialRecords, reviewerNumbers, submissions, users } from '../../db/schema';
import { bearer, buyCredit, createKey } from '../../test-support/api';
import { claimForReview, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { addMember, createOrganisation } from '../../test-support/organisations';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, TEST_PASSWORD, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let customer: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;
let reviewer: SignedInUser;
const CONTENT = 'The Eiffel Tower was completed in 1889 and stands in Paris, France.';

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  stranger = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  reviewer = await signUpReviewer(t.app, 'Rita');
});
afterAll(async () => {
  await t.close();
});

async function deliver(id: string, text = 'The Eiffel Tower was completed in 1889. It stands in Paris.'): Promise<void> {
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: text, reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
}

async function completedOrder(overrides: Record<string, unknown> = {}, owner: SignedInUser = customer): Promise<string> {
  const id = await createPaidOrder(t.app, owner, { content: CONTENT, ...overrides });
  await deliver(id);
  return id;
}

async function recordOf(id: string, as: SignedInUser = customer, query = ''): Promise<{ text: string; record: EditorialRecord }> {
  const response = await t.request('GET', `/api/submissions/${id}/editorial-record${query}`, as);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  return { text: response.body, record: JSON.parse(response.body) as EditorialRecord };
}

async function credentialOfOrder(id: string, as: SignedInUser = customer): Promise<HumanReviewCredential> {
  const code = ((await t.request('GET', `/api/submissions/${id}/certificate`, as)).json() as OwnCertificate).code;
  const response = await t.request('GET', `/api/v1/certificates/${code}/credential`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HumanReviewCredential;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const sri = (text: string) => `sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}`;

describe('the editorial-control record (issue 43)', () => {
  it('names the responsible editor given on the order, the reviewer by pseudonym, the review and every claim; its bytes match the credential’s digestSRI', async () => {
    const id = await createPaidOrder(t.app, customer, { content: CONTENT, serviceTier: 'fact-checked', editorialResponsibility: { name: '  Jane   Editor ', organisation: 'Example News' } });
    await claimForReview(t.app, reviewer, id);
    const claim = await t.request('POST', `/api/admin/submissions/${id}/claims`, reviewer, {
      passage: 'The Eiffel Tower was completed in 1889',
      passageStart: 0,
      passageEnd: 38,
      verdict: 'supported',
      sources: ['https://www.toureiffel.paris/en'],
      note: 'Opened for the 1889 World’s Fair.',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    await deliver(id);

    const order = await t.request('GET', `/api/submissions/${id}`, customer);
    expect(order.json()).toMatchObject({ editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' } });

    const { text, record } = await recordOf(id);
    expect(record).toMatchObject({
      type: 'EditorialControlRecord',
      order: { id, serviceTier: 'fact-checked', englishVariant: 'british', delivery: 1 },
      editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' },
      editorialResponsibilityStatement: 'Jane Editor (Example News) holds editorial responsibility for publishing this text.',
      submittedAs: expect.stringContaining('as AI-generated text'),
      review: { reviewer: { name: 'Rita R.', number: expect.any(Number) }, endedAt: expect.any(String), activeMinutes: expect.any(Number), wordsChanged: expect.any(Number) },
      factCheck: { noCheckableClaims: false, claims: [{ passage: 'The Eiffel Tower was completed in 1889', verdict: 'supported', sources: ['https://www.toureiffel.paris/en'], note: 'Opened for the 1889 World’s Fair.' }] },
      language: { findingsFixed: { spelling: 0, grammar: 0, 'ai-tells': 0, variant: 0, 'house-style': 0 }, findingsFixedTotal: 0 },
      houseStyle: { applied: false },
      secondReview: null,
    });
    expect(record.review.reviewer.pseudonym).toBe(`Rita R. (reviewer ${record.review.reviewer.number})`);
    expect(record.review.statement).toContain('reviewed this text');
    expect(record.notMeasured.length).toBeGreaterThan(0);
    // Wording: who did what, and no promise of compliance.
    expect(text).not.toMatch(/compliant|complies with|guarantee/i);
    expect(record.disclaimer).toContain('does not state that any law is complied with');
    // Never an e-mail address or the reviewer's surname.
    for (const secret of [reviewer.email, customer.email, 'Reviewer"']) expect(text).not.toContain(secret);

    const credential = await credentialOfOrder(id);
    expect(credential.evidence).toEqual([
      { id: `http://localhost:5000${editorialRecordV1Path(id, 1)}`, type: ['EditorialControlRecord'], name: 'Editorial-control record', mediaType: 'application/json', digestSRI: sri(text) },
    ]);
    expect(credential.credentialSubject.editorialResponsibility).toEqual({ type: 'EditorialResponsibility', name: 'Jane Editor', organisation: 'Example News' });
    expect(credential.description).toContain('Editorial responsibility: Jane Editor (Example News)');

    // The evidence's own address answers the same bytes to the customer's API key.
    const { key } = await createKey(t.app, customer, ['orders:read']);
    const viaKey = await bearer(t.app, key, 'GET', new URL(credential.evidence![0]!.id).pathname + new URL(credential.evidence![0]!.id).search);
    expect(viaKey.statusCode, viaKey.body).toBe(200);
    expect(viaKey.body).toBe(text);
    // The PDF for people.
    const pdf = await t.request('GET', `/api/submissions/${id}/editorial-record.pdf`, customer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const recordText = await pdfText(pdf.rawPayload);
    expect(recordText).toContain('Jane Editor (Example News) holds editorial responsibility for publishing this text.');
    expect(recordText).toContain('Rita R. (reviewer');
    expect(recordText).toContain('does not state that any law is complied with');

    // The certificate's PDF says who did what, too: the reviewer reviewed; the named person holds editorial responsibility.
    const code = credential.credentialSubject.certificateCode;
    const certificateText = await pdfText((await t.request('GET', `/verify/${code}/certificate.pdf`)).rawPayload);
    expect(certificateText).toContain('Rita R., a HumanProof reviewer, reviewed this text.');
    expect(certificateText).toContain('Editorial responsibility: Jane Editor (Example News).');
    expect(certificateText).not.toMatch(/took editorial responsibility/);
  });

  it('is private: another customer, their API key and anybody signed out get 404; the team may read it', async () => {
    const id = await completedOrder();
    expect((await t.request('GET', `/api/submissions/${id}/editorial-record`, stranger)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${id}/editorial-record.pdf`, stranger)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${id}/editorial-record`)).statusCode).toBe(401);
    const { key } = await createKey(t.app, stranger, ['orders:read']);
    const viaKey = await bearer(t.app, key, 'GET', `/api/v1/orders/${id}/editorial-record`);
    expect(viaKey.statusCode).toBe(404);
    expect(viaKey.body).not.toContain('EditorialControlRecord');
    expect((await t.request('GET', `/api/submissions/${id}/editorial-record`, admin)).statusCode).toBe(200);
    // The credential says where the record is, never what it holds.
    const credential = await credentialOfOrder(id);
    expect(JSON.stringify(credential)).not.toContain('passage');
  });

  it('says "not named" when nobody is named; the Settings default applies to orders that name nobody, not to those that do', async () => {
    const lone = await signUp(t.app);
    const unnamed = await completedOrder({}, lone);
    expect((await recordOf(unnamed, lone)).record).toMatchObject({ editorialResponsibility: null, editorialResponsibilityStatement: `Editorial responsibility: ${NOT_NAMED}. The customer did not name who holds it.` });
    expect((await credentialOfOrder(unnamed, lone)).description).toContain(`Editorial responsibility: ${NOT_NAMED}.`);
    expect((await credentialOfOrder(unnamed, lone)).credentialSubject.editorialResponsibility).toBeUndefined();
    const code = ((await t.request('GET', `/api/submissions/${unnamed}/certificate`, lone)).json() as OwnCertificate).code;
    expect(await pdfText((await t.request('GET', `/verify/${code}/certificate.pdf`)).rawPayload)).toContain(`Editorial responsibility: ${NOT_NAMED}.`);

    const saved = await t.request('PUT', '/api/editorial-responsibility', lone, { editorialResponsibility: { name: 'Sam Publisher' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ owner: 'account', organisationName: null, canEdit: true, editorialResponsibility: { name: 'Sam Publisher' } });
    expect((await t.request('GET', '/api/editorial-responsibility', lone)).json()).toMatchObject({ editorialResponsibility: { name: 'Sam Publisher' } });

    const defaulted = await completedOrder({}, lone);
    expect((await recordOf(defaulted, lone)).record.editorialResponsibility).toEqual({ name: 'Sam Publisher' });
    const named = await completedOrder({ editorialResponsibility: { name: 'Named On Order' } }, lone);
    expect((await recordOf(named, lone)).record.editorialResponsibility).toEqual({ name: 'Named On Order' });
    // A record written before the default changed keeps what it said.
    expect((await recordOf(unnamed, lone)).record.editorialResponsibility).toBeNull();

    expect((await t.request('PUT', '/api/editorial-responsibility', lone, { editorialResponsibility: null })).json()).toMatchObject({ editorialResponsibility: null });
  });

  it('an organisation’s owners set its default for every member’s orders; a member may not', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const organisationId = await createOrganisation(t.app.db, owner.id, 'Example News Ltd');
    await addMember(t.app.db, organisationId, member.id);
    const refused = await t.request('PUT', '/api/editorial-responsibility', member, { editorialResponsibility: { name: 'Me' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EDITORIAL_MESSAGES.memberCannotEdit('Example News Ltd'));
    const set = await t.request('PUT', '/api/editorial-responsibility', owner, { editorialResponsibility: { name: 'Olu Owner', organisation: 'Example News Ltd' } });
    expect(set.json()).toMatchObject({ owner: 'organisation', organisationName: 'Example News Ltd', canEdit: true });
    expect((await t.request('GET', '/api/editorial-responsibility', member)).json()).toMatchObject({ canEdit: false, editorialResponsibility: { name: 'Olu Owner' } });
    const id = await completedOrder({}, member);
    expect((await recordOf(id, owner)).record.editorialResponsibility).toEqual({ name: 'Olu Owner', organisation: 'Example News Ltd' });
  });

  it('never changes after delivery; a revision writes a new record and a new credential, each bound to its own bytes', async () => {
    const id = await completedOrder({ editorialResponsibility: { name: 'Jane Editor' } });
    const first = await recordOf(id);
    const firstCredential = await credentialOfOrder(id);
    await t.request('PUT', '/api/editorial-responsibility', customer, { editorialResponsibility: { name: 'Someone Else' } });
    const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please shorten it.' });
    expect(asked.statusCode, asked.body).toBe(200);
    await deliver(id, 'The tower was finished in 1889.');
    const second = await recordOf(id);
    expect(second.record.order.delivery).toBe(2);
    expect(second.record.review.startedAt).not.toBeNull();
    expect(second.text).not.toBe(first.text);
    expect((await recordOf(id, customer, '?delivery=1')).text).toBe(first.text);
    const secondCredential = await credentialOfOrder(id);
    expect(secondCredential.id).not.toBe(firstCredential.id);
    expect(firstCredential.evidence![0]!.digestSRI).toBe(sri(first.text));
    expect(secondCredential.evidence![0]!.digestSRI).toBe(sri(second.text));
    // The same reviewer keeps the same number.
    expect(second.record.review.reviewer.number).toBe(first.record.review.reviewer.number);
    const stored = await t.app.db.select().from(editorialRecords).where(eq(editorialRecords.submissionId, id));
    expect(stored).toHaveLength(2);
    for (const q of ['?delivery=3', '?delivery=0', '?delivery=x']) expect((await t.request('GET', `/api/submissions/${id}/editorial-record${q}`, customer)).statusCode, q).toBe(q.endsWith('3') ? 404 : 400);
    await t.request('PUT', '/api/editorial-responsibility', customer, { editorialResponsibility: null });
  });

  it('gives each reviewer a stable number never given twice, even after their account is gone', async () => {
    const other = await signUpReviewer(t.app, 'Omar');
    const id = await createPaidOrder(t.app, customer, { content: CONTENT });
    const done = await saveReviewAs(t.app, other, id, { attachmentMode: 'text', reviewedContent: 'Reviewed.', reviewerNotes: '', complete: true });
    expect(done.statusCode, done.body).toBe(200);
    const number = (await recordOf(id)).record.review.reviewer.number!;
    const [rita] = await t.app.db.select().from(reviewerNumbers).where(eq(reviewerNumbers.userId, reviewer.id));
    expect(number).not.toBe(rita!.number);
    await t.app.db.delete(users).where(eq(users.id, other.id));
    const [kept] = await t.app.db.select().from(reviewerNumbers).where(eq(reviewerNumbers.number, number));
    expect(kept).toMatchObject({ userId: null });
  });
});

describe('deleting the account (decision 014)', () => {
  it('erases its orders’ records, the editor they name and its default', async () => {
    const leaving = await signUp(t.app);
    await t.request('PUT', '/api/editorial-responsibility', leaving, { editorialResponsibility: { name: 'Default Editor' } });
    const id = await completedOrder({ editorialResponsibility: { name: 'Order Editor' } }, leaving);
    expect(await t.app.db.select().from(editorialRecords).where(eq(editorialRecords.submissionId, id))).toHaveLength(1);
    const deleted = await t.request('POST', '/api/account/delete', leaving, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.select().from(editorialRecords).where(eq(editorialRecords.submissionId, id))).toHaveLength(0);
    expect(await t.app.db.select().from(editorialDefaults).where(eq(editorialDefaults.userId, leaving.id))).toHaveLength(0);
    const [order] = await t.app.db.select({ editor: submissions.editorialResponsibility }).from(submissions).where(eq(submissions.id, id));
    expect(order!.editor).toBeNull();
  });
});

describe('naming who holds editorial responsibility (issue 43)', () => {
  it('the form, the public API and Settings take the same field and refuse the same bad input with a clear 400', async () => {
    await buyCredit(t.app, customer);
    const { key } = await createKey(t.app, customer, ['orders:read', 'orders:write']);
    const form = { content: CONTENT, serviceTier: 'polished', category: 'blog-post', contactName: 'Casey', contactEmail: customer.email };
    const bad: [unknown, string][] = [
      [{ name: '', organisation: 'Example News' }, EDITORIAL_MESSAGES.organisationWithoutName],
      [{ name: 'Jane\nEditor' }, EDITORIAL_MESSAGES.control],
      [{ name: 'x'.repeat(201) }, EDITORIAL_MESSAGES.name],
      [{ name: 'Jane', organisation: 'y'.repeat(201) }, EDITORIAL_MESSAGES.organisation],
      [{ name: 42 }, EDITORIAL_MESSAGES.text],
      ['Jane Editor', EDITORIAL_MESSAGES.shape],
    ];
    for (const [editorialResponsibility, message] of bad) {
      const web = await t.request('POST', '/api/submissions', customer, { ...form, editorialResponsibility });
      expect(web.statusCode, JSON.stringify(editorialResponsibility)).toBe(400);
      expect(web.body).toContain(message);
      const api = await bearer(t.app, key, 'POST', '/api/v1/orders', { content: CONTENT, serviceTier: 'polished', category: 'blog-post', editorialResponsibility }, { 'idempotency-key': `bad-${Math.random()}` });
      expect(api.statusCode, api.body).toBe(400);
      expect(api.body).toContain(message);
      const settings = await t.request('PUT', '/api/editorial-responsibility', customer, { editorialResponsibility });
      expect(settings.statusCode).toBe(400);
      expect(settings.body).toContain(message);
    }
    // Blank is "not named here".
    const blank = await t.request('POST', '/api/submissions', customer, { ...form, editorialResponsibility: { name: ' ', organisation: '' } });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json()).toMatchObject({ editorialResponsibility: null });
    // The form sends what its schema made of blank fields: null.
    const fromForm = await t.request('POST', '/api/submissions', customer, { ...form, editorialResponsibility: null });
    expect(fromForm.statusCode, fromForm.body).toBe(201);
    // The API names one too, and the record says so.
    const ordered = await bearer(t.app, key, 'POST', '/api/v1/orders', { content: CONTENT, serviceTier: 'polished', category: 'blog-post', editorialResponsibility: { name: 'Api Editor' } }, { 'idempotency-key': 'editor-1' });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const id = (ordered.json() as { id: string }).id;
    await deliver(id);
    const record = await bearer(t.app, key, 'GET', `/api/v1/orders/${id}/editorial-record`);
    expect(record.statusCode, record.body).toBe(200);
    expect((record.json() as EditorialRecord).editorialResponsibility).toEqual({ name: 'Api Editor' });
  });
});
