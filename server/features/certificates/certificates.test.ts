/** Issue 24: the signed certificate of human review, its public page and JSON, revocation and privacy. */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATE_KEYS_PATH,
  CERTIFICATE_MESSAGES,
  normaliseCertificateCode,
  type CertificateKey,
  type OwnCertificate,
  type PublicCertificate,
} from '../../../shared/certificate.schema';
import { checkCertificateSignature, textSha256 } from '../../../shared/certificate-verify';
import { loadConfig } from '../../env';
import { certificates, deliveryEfforts, submissions, webhookDeliveries } from '../../db/schema';
import { bearer, createKey } from '../../test-support/api';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { CERTIFICATE_LOOKUPS_PER_WINDOW } from './routes';
import { publicReviewerName } from './issue-certificate';
import { resolveSigningKey } from './signing-key';

let t: TestApp;
let customer: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;
let reviewer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
  customer = await signUp(t.app);
  stranger = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  reviewer = await signUpReviewer(t.app, 'Rita');
});
afterAll(async () => {
  await t.close();
});

const DELIVERED = 'The Eiffel Tower was completed in 1889.\r\nIt stands in Paris, France.  ';

async function completedOrder(text = DELIVERED): Promise<{ id: string; code: string }> {
  const id = await createPaidOrder(t.app, customer);
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: text, reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  const own = await t.request('GET', `/api/submissions/${id}/certificate`, customer);
  expect(own.statusCode).toBe(200);
  return { id, code: (own.json() as OwnCertificate).code };
}

async function publicJson(code: string, remoteAddress?: string) {
  return t.request('GET', `/api/v1/certificates/${code}`, null, undefined, remoteAddress ? { remoteAddress } : {});
}

async function keys(): Promise<CertificateKey[]> {
  const response = await t.request('GET', CERTIFICATE_KEYS_PATH);
  expect(response.statusCode).toBe(200);
  return (response.json() as { keys: CertificateKey[] }).keys;
}

type Shown = Extract<PublicCertificate, { visibility: 'public' }>;

describe('certificate of human review (issue 24)', () => {
  it('is made when the review is completed, signed with a published key, and names no e-mail, surname or text', async () => {
    const { id, code } = await completedOrder();
    expect(code).toMatch(CERTIFICATE_CODE_PATTERN);
    const response = await publicJson(code);
    expect(response.statusCode).toBe(200);
    const shown = response.json() as Shown;
    expect(shown).toMatchObject({ visibility: 'public', status: 'valid', algorithm: 'Ed25519', revokedReason: null });
    expect(shown.certificate).toMatchObject({ code, orderId: id, delivery: 1, tier: 'polished', englishVariant: 'british', reviewer: 'Rita R.' });
    expect(await checkCertificateSignature(shown.certificate, shown.signature, shown.keyId, await keys())).toBe('verified');
    // The text is never in the JSON; neither is the reviewer's e-mail or surname.
    expect(response.body).not.toContain('Eiffel');
    expect(response.body).not.toContain(reviewer.email);
    expect(response.body).not.toContain('Reviewer');
    // The fingerprint: the delivered text as a copy from Windows, with CRLF and trailing spaces, matches ...
    expect(shown.certificate.textSha256).toBe(await textSha256('The Eiffel Tower was completed in 1889.\nIt stands in Paris, France.'));
    // ... one changed character does not.
    expect(shown.certificate.textSha256).not.toBe(await textSha256('The Eiffel Tower was completed in 1898.\nIt stands in Paris, France.'));
  });

  it('fails verification when any signed field is changed, or the signature or key id is', async () => {
    const { code } = await completedOrder();
    const shown = (await publicJson(code)).json() as Shown;
    const published = await keys();
    const tampered = [
      { ...shown.certificate, reviewer: 'Someone Else' },
      { ...shown.certificate, delivery: 2 },
      { ...shown.certificate, effort: { ...shown.certificate.effort, activeMinutes: shown.certificate.effort.activeMinutes + 60 } },
      { ...shown.certificate, textSha256: '0'.repeat(64) },
    ];
    for (const body of tampered) expect(await checkCertificateSignature(body, shown.signature, shown.keyId, published)).toBe('bad-signature');
    // One bit of the signature's bytes (changing the last base64 character may only touch padding bits).
    const bytes = Buffer.from(shown.signature, 'base64url');
    bytes[10] = bytes[10]! ^ 1;
    const flipped = bytes.toString('base64url');
    expect(await checkCertificateSignature(shown.certificate, flipped, shown.keyId, published)).toBe('bad-signature');
    expect(await checkCertificateSignature(shown.certificate, shown.signature, 'not-a-key', published)).toBe('unknown-key');
  });

  it('records the effort: words changed from the diff, claims per verdict, active time capped by the time that passed', async () => {
    const id = await createPaidOrder(t.app, customer);
    // A save that claims a whole day of active time on an order opened seconds ago adds only the seconds that passed.
    const draft = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'Draft', reviewerNotes: '', complete: false, activeSeconds: 86_400 });
    expect(draft.statusCode, draft.body).toBe(200);
    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.reviewActiveSeconds).toBeLessThan(600);
    const bad = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'Draft', reviewerNotes: '', complete: false, activeSeconds: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('activeSeconds') });

    // The workspace's accepts and ignores, reported with two saves, add up; a negative count is refused.
    for (const effortCounts of [
      { suggestionsAccepted: 2, suggestionsIgnored: 1, findingsByCategory: { spelling: 1, 'ai-tells': 1 } },
      { suggestionsAccepted: 1, suggestionsIgnored: 0, findingsByCategory: { spelling: 1 } },
    ]) {
      const saved = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'Draft', reviewerNotes: '', complete: false, effortCounts });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const negative = await saveReviewAs(t.app, reviewer, id, {
      attachmentMode: 'text',
      reviewedContent: 'Draft',
      reviewerNotes: '',
      complete: false,
      effortCounts: { suggestionsAccepted: -1, suggestionsIgnored: 0, findingsByCategory: {} },
    });
    expect(negative.statusCode).toBe(400);

    const done = await saveReviewAs(t.app, reviewer, id, {
      attachmentMode: 'text',
      reviewedContent: 'The Eiffel Tower was finished in 1889 and stands in Paris.',
      reviewerNotes: '',
      complete: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const [certificate] = await t.app.db.select().from(certificates).where(eq(certificates.submissionId, id));
    const [effort] = await t.app.db.select().from(deliveryEfforts).where(eq(deliveryEfforts.deliveryId, certificate!.deliveryId));
    // "completed" → "finished" (2 words), ", France." → "." (1 word removed at least): the diff's changed words.
    expect(effort!.wordsChanged).toBeGreaterThanOrEqual(3);
    expect(effort!.activeSeconds).toBe(row!.reviewActiveSeconds);
    expect(effort).toMatchObject({ suggestionsAccepted: 3, suggestionsIgnored: 1, findingsFixed: 3, findingsByCategory: { spelling: 2, 'ai-tells': 1 } });
    expect((certificate!.body as { effort: { findingsFixed: number } }).effort.findingsFixed).toBe(3);
    // The customer's fact-check report names them per category.
    const report = await t.request('GET', `/api/submissions/${id}/fact-check`, customer);
    expect(report.json()).toMatchObject({ languageFixes: { spelling: 2, 'ai-tells': 1 } });
    expect((certificate!.body as { effort: { wordsChanged: number } }).effort.wordsChanged).toBe(effort!.wordsChanged);
    // The running total starts again for a revision.
    const [after] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect(after!.reviewActiveSeconds).toBe(0);
    expect(after!.reviewEffortCounts).toEqual({ suggestionsAccepted: 0, suggestionsIgnored: 0, findingsByCategory: {} });
  });

  it('is revoked by a refund in full, not by a partial one', async () => {
    const { id, code } = await completedOrder();
    const refund = (amountPence: number) =>
      t.request('POST', `/api/admin/submissions/${id}/refunds`, admin, { requestId: randomUUID(), amountPence, reason: 'Goodwill' });
    expect((await refund(100)).statusCode).toBe(200);
    expect(((await publicJson(code)).json() as Shown).status).toBe('valid');
    const [order] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
    expect((await refund(order!.amountPence - 100)).statusCode).toBe(200);
    const shown = (await publicJson(code)).json() as Shown;
    expect(shown).toMatchObject({ status: 'revoked', revokedReason: 'refunded' });
    expect(shown.revokedAt).not.toBeNull();
    const badge = await t.request('GET', `/verify/${code}/badge.svg`);
    expect(badge.body).toContain('Certificate revoked');
  });

  it('a revision gets its own certificate and revokes the one it replaces', async () => {
    const { id, code: first } = await completedOrder();
    const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please keep the date format British.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The revised text.', reviewerNotes: '', complete: true });
    expect(again.statusCode, again.body).toBe(200);
    const second = ((await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json() as OwnCertificate).code;
    expect(second).not.toBe(first);
    expect((await publicJson(first)).json()).toMatchObject({ status: 'revoked', revokedReason: 'revised' });
    expect((await publicJson(second)).json()).toMatchObject({ status: 'valid', certificate: { delivery: 2 } });
  });

  it('names the code in the API order result and in the order.completed webhook', async () => {
    const endpoint = await t.request('POST', '/api/webhook-endpoints', customer, { url: 'http://127.0.0.1:9/humanproof', events: ['order.completed'] });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { id, code } = await completedOrder();
    const [delivery] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'order.completed'));
    const payload: unknown = typeof delivery!.payload === 'string' ? JSON.parse(delivery!.payload) : delivery!.payload;
    expect(payload).toMatchObject({ data: { orderId: id, status: 'completed', certificateCode: code } });
    const key = await createKey(t.app, customer, ['orders:read']);
    const order = await bearer(t.app, key.key, 'GET', `/api/v1/orders/${id}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ id, result: { certificateCode: code } });
  });

  it('private: the page and JSON say only that a valid certificate exists; the PDF is the owner’s; nobody else may switch it', async () => {
    const { id, code } = await completedOrder();
    expect((await t.request('PATCH', `/api/submissions/${id}/certificate`, stranger, { isPrivate: true })).statusCode).toBe(404);
    expect((await t.request('PATCH', `/api/submissions/${id}/certificate`, customer, { isPrivate: 'yes' })).statusCode).toBe(400);
    const switched = await t.request('PATCH', `/api/submissions/${id}/certificate`, customer, { isPrivate: true });
    expect(switched.json()).toMatchObject({ code, isPrivate: true, status: 'valid' });
    const shown = (await publicJson(code)).json() as PublicCertificate;
    expect(shown).toEqual({ visibility: 'private', code, status: 'valid', issuedAt: expect.any(String) });
    expect((await t.request('GET', `/verify/${code}/certificate.pdf`)).statusCode).toBe(404);
    expect((await t.request('GET', `/verify/${code}/certificate.pdf`, stranger)).statusCode).toBe(404);
    const own = await t.request('GET', `/verify/${code}/certificate.pdf`, customer);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await t.request('PATCH', `/api/submissions/${id}/certificate`, customer, { isPrivate: false });
    expect(((await publicJson(code)).json() as PublicCertificate).visibility).toBe('public');
    expect((await t.request('GET', `/verify/${code}/certificate.pdf`)).statusCode).toBe(200);
  });

  it('unknown, malformed and hostile codes are a real 404; a code typed in lower case or with O for 0 is found', async () => {
    const { code } = await completedOrder();
    // A NUL byte is refused before any route runs (input hygiene), with a clear 400.
    expect((await publicJson('HP-%00')).statusCode).toBe(400);
    for (const raw of ['HP-0000-0000-0000-0000', 'nope', 'HP-%E2%80%8B', 'HP-%EF%BC%A1%EF%BC%A1', encodeURIComponent('../../etc/passwd'), 'x'.repeat(60)]) {
      const json = await publicJson(raw);
      expect(json.statusCode, raw).toBe(404);
      expect(json.json().message ?? json.json().detail, raw).toBe(CERTIFICATE_MESSAGES.notFound);
      const page = await t.request('GET', `/verify/${raw}`);
      expect(page.statusCode, raw).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
    }
    expect((await t.request('GET', `/verify/${code}`)).statusCode).toBe(200);
    expect((await publicJson(code.toLowerCase())).statusCode).toBe(200);
    expect(normaliseCertificateCode(code.replace(/0/g, 'O'))).toBe(code);
    const badge = await t.request('GET', `/verify/${code}/badge.svg`);
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['content-type']).toContain('image/svg+xml');
    expect(badge.body).toContain(code);
  });

  it('limits look-ups per address, so codes cannot be enumerated', async () => {
    const address = '203.0.113.77';
    let last = 0;
    for (let i = 0; i <= CERTIFICATE_LOOKUPS_PER_WINDOW; i += 1) last = (await publicJson(`HP-${String(i).padStart(4, '0')}-0000-0000-0000`, address)).statusCode;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await publicJson('HP-0000-0000-0000-0000', '203.0.113.78')).statusCode).toBe(404);
  });

  it('old certificates still verify after the signing key is rotated: every key that signed stays published', async () => {
    const { code: before } = await completedOrder();
    const previous = t.app.mail.certificateKey;
    const previousKey = previous();
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const rotated = resolveSigningKey({ CERT_SIGNING_KEY: pem, DATA_DIR: t.config.DATA_DIR });
    t.app.mail.certificateKey = () => rotated;
    try {
      const { code: after } = await completedOrder();
      const published = await keys();
      expect(published.map((k) => k.kid)).toEqual(expect.arrayContaining([previousKey.id, rotated.id]));
      for (const code of [before, after]) {
        const shown = (await publicJson(code)).json() as Shown;
        expect(await checkCertificateSignature(shown.certificate, shown.signature, shown.keyId, published)).toBe('verified');
      }
    } finally {
      t.app.mail.certificateKey = previous;
    }
  });

  it('keeps a generated key in DATA_DIR (0600) across restarts; a bad CERT_SIGNING_KEY is refused at start-up by name', () => {
    const first = resolveSigningKey({ DATA_DIR: t.config.DATA_DIR, CERT_SIGNING_KEY: undefined });
    const second = resolveSigningKey({ DATA_DIR: t.config.DATA_DIR, CERT_SIGNING_KEY: undefined });
    expect(second.id).toBe(first.id);
    expect(statSync(path.join(t.config.DATA_DIR, 'cert-signing-key.pem')).mode & 0o777).toBe(0o600);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.DATA_DIR, CERT_SIGNING_KEY: 'not a key' })).toThrow(/CERT_SIGNING_KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.DATA_DIR, CERT_SIGNING_KEY: rsa })).toThrow(/CERT_SIGNING_KEY/);
    const escaped = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString().replace(/\n/g, '\\n');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.DATA_DIR, CERT_SIGNING_KEY: escaped }).CERT_SIGNING_KEY).toBe(escaped);
  });

  it('names a reviewer by first name and initial, never by e-mail', () => {
    expect(publicReviewerName({ firstName: 'Rita', lastName: 'Reviewer', name: 'Rita Reviewer' })).toBe('Rita R.');
    expect(publicReviewerName({ firstName: null, lastName: null, name: 'Jane van Dyke' })).toBe('Jane D.');
    expect(publicReviewerName({ firstName: null, lastName: null, name: 'jane@example.com' })).toBe('A HumanProof reviewer');
    expect(publicReviewerName({ firstName: 'Ömer', lastName: 'Çelik', name: '' })).toBe('Ömer Ç.');
    expect(publicReviewerName(undefined)).toBe('A HumanProof reviewer');
  });
});
