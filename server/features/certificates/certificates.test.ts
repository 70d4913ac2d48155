/** Issue 24: the signed certificate of human review, its public page and JSON, revocation and privacy. */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { emptyEffortRecord } from '../../../shared/review-effort.schema';
import { loadConfig } from '../../env';
import { certificates, deliveries, deliveryEfforts, reviewDeskOrders, submissions, webhookDeliveries } from '../../db/schema';
import { newId } from '../../lib/ids';
import { bearer, createKey } from '../../test-support/api';
import { TEST_DATABASE_URL } from '../../test-support/database';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { addMember, createOrganisation } from '../../test-support/organisations';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type Caller, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { lockOrder } from '../orders';
import { CERTIFICATE_LOOKUPS_PER_WINDOW } from './look-up';
import { issueCertificate, newCertificateCode, publicReviewerName } from './issue-certificate';
import { resolveSigningKey } from './signing-key';

let t: TestApp;
let customer: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;
let reviewer: SignedInUser;
/** Every route the app registers (HEAD and OPTIONS aside), for the test that no route shows a private certificate. */
const registered: { method: HTTPMethods; url: string }[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { WEBHOOKS_ALLOW_LOOPBACK: '1' },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') registered.push({ method, url: route.url });
      },
    },
  );
  customer = await signUp(t.app);
  stranger = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  reviewer = await signUpReviewer(t.app, 'Rita');
});
afterAll(async () => {
  await t.close();
});

const DELIVERED = 'The Eiffel Tower was completed in 1889.\r\nIt stands in Paris, France.  ';

async function completedOrder(text = DELIVERED, owner: SignedInUser = customer): Promise<{ id: string; code: string }> {
  const id = await createPaidOrder(t.app, owner);
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: text, reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  const own = await t.request('GET', `/api/submissions/${id}/certificate`, owner);
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
    const [row] = await t.app.db.select().from(reviewDeskOrders).where(eq(reviewDeskOrders.orderId, id));
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
    const [after] = await t.app.db.select().from(reviewDeskOrders).where(eq(reviewDeskOrders.orderId, id));
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
    const previous = t.app.context.certificateKey;
    const previousKey = previous();
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const rotated = resolveSigningKey({ CERT_SIGNING_KEY: pem, DATA_DIR: t.config.DATA_DIR });
    t.app.context.certificateKey = () => rotated;
    try {
      const { code: after } = await completedOrder();
      const published = await keys();
      expect(published.map((k) => k.kid)).toEqual(expect.arrayContaining([previousKey.id, rotated.id]));
      for (const code of [before, after]) {
        const shown = (await publicJson(code)).json() as Shown;
        expect(await checkCertificateSignature(shown.certificate, shown.signature, shown.keyId, published)).toBe('verified');
      }
    } finally {
      t.app.context.certificateKey = previous;
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

let probes = 0;
/** A client address of its own per look-up, so the per-address look-up limit never answers in place of the route. */
function probeAddress(): string {
  probes += 1;
  return `10.${(probes >> 16) & 255}.${(probes >> 8) & 255}.${probes & 255}`;
}

interface Prober {
  name: string;
  as?: Caller;
  headers?: Record<string, string>;
}

function look(method: HTTPMethods, url: string, who: Prober = { name: 'anonymous' }): Promise<LightMyRequestResponse> {
  return t.request(method, url, who.as, undefined, { remoteAddress: probeAddress(), ...(who.headers ? { headers: who.headers } : {}) });
}

const pdfPath = (code: string) => `/verify/${code}/certificate.pdf`;

async function setPrivate(id: string, isPrivate: boolean, as: SignedInUser = customer): Promise<OwnCertificate> {
  const response = await t.request('PATCH', `/api/submissions/${id}/certificate`, as, { isPrivate });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OwnCertificate;
}

/** The customer asks for a revision and the reviewer delivers it: the order's next certificate, by its code. */
async function deliverRevision(id: string, as: SignedInUser = customer): Promise<string> {
  const asked = await t.request('POST', `/api/submissions/${id}/revision`, as, { message: 'Please keep the date format British.' });
  expect(asked.statusCode, asked.body).toBe(200);
  const again = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The revised text.', reviewerNotes: '', complete: true });
  expect(again.statusCode, again.body).toBe(200);
  return ((await t.request('GET', `/api/submissions/${id}/certificate`, as)).json() as OwnCertificate).code;
}

/** The privacy column of each of the order's certificates, as stored. */
async function storedChoices(submissionId: string): Promise<boolean[]> {
  const rows = await t.app.db.select({ isPrivate: certificates.isPrivate }).from(certificates).where(eq(certificates.submissionId, submissionId));
  return rows.map((row) => row.isPrivate);
}

/** What a private certificate never shows: its signature and the signed body's order id, reviewer and fingerprint. */
async function secretsOf(code: string): Promise<string[]> {
  const [row] = await t.app.db.select().from(certificates).where(eq(certificates.code, code));
  const body = row!.body as { orderId: string; reviewer: string; textSha256: string | null };
  return [row!.signature, body.orderId, body.reviewer, ...(body.textSha256 ? [body.textSha256] : [])];
}

/** Every spelling of one code that finds it: as issued, lower case, O for 0 and l for 1, no hyphens, percent-encoded, padded. */
function spellings(code: string): string[] {
  return [
    code,
    code.toLowerCase(),
    code.replace(/0/g, 'O').replace(/1/g, 'l'),
    code.replace(/-/g, ''),
    [...code].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
    `%20${code}%20`,
  ];
}

/** The app's read routes that take a certificate code, or name a certificate or the verify page and take a parameter. */
function codeRoutes(): { method: HTTPMethods; url: string }[] {
  return registered.filter((r) => r.method === 'GET' && /:[A-Za-z]/.test(r.url) && (r.url.includes(':code') || /certificate|verify/i.test(r.url)));
}

describe('privacy is the order’s choice: every certificate of the order, now and later (abuse issue, MEDIUM 3)', () => {
  it('a certificate made private stays private after a revision: the new one answers as a private one everywhere; public again opens all', async () => {
    const { id, code: first } = await completedOrder();
    await setPrivate(id, true);
    const second = await deliverRevision(id);
    expect(second).not.toBe(first);
    expect((await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json()).toMatchObject({ code: second, isPrivate: true, status: 'valid' });
    expect(await storedChoices(id)).toEqual([true, true]);

    // The JSON says only that a certificate exists, exactly as for the one made private; the old one too.
    expect((await publicJson(second, probeAddress())).json()).toEqual({ visibility: 'private', code: second, status: 'valid', issuedAt: expect.any(String) });
    expect((await publicJson(first, probeAddress())).json()).toEqual({ visibility: 'private', code: first, status: 'revoked', issuedAt: expect.any(String) });
    const secrets = await secretsOf(second);
    for (const code of [first, second]) {
      // The PDF: not for anybody, a stranger or a HEAD request; still for the owner and staff.
      for (const who of [{ name: 'anonymous' }, { name: 'stranger', as: stranger }]) {
        expect((await look('GET', pdfPath(code), who)).statusCode, who.name).toBe(404);
        expect((await look('HEAD', pdfPath(code), who)).statusCode, who.name).toBe(404);
      }
      for (const as of [customer, admin]) {
        const own = await look('GET', pdfPath(code), { name: 'owner', as });
        expect(own.statusCode).toBe(200);
        expect(own.headers['content-type']).toBe('application/pdf');
      }
    }
    // The badge says validity only (decision 033), and the page is the page: neither shows the certificate.
    const badge = await look('GET', `/verify/${second}/badge.svg`);
    expect(badge.statusCode).toBe(200);
    expect(badge.body).toContain('Human reviewed');
    for (const secret of secrets) expect(badge.body).not.toContain(secret);
    expect((await look('GET', `/verify/${second}`)).statusCode).toBe(200);

    // Public again: every certificate of the order, the old and the new, and the next one too.
    expect(await setPrivate(id, false)).toMatchObject({ code: second, isPrivate: false });
    expect(await storedChoices(id)).toEqual([false, false]);
    for (const code of [first, second]) {
      expect((await publicJson(code, probeAddress())).json()).toMatchObject({ visibility: 'public', certificate: { code, orderId: id } });
      expect((await look('GET', pdfPath(code))).statusCode).toBe(200);
    }
    // A re-delivery (the review team reopens the order and delivers again) issues the next one: public too.
    expect((await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    const again = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'Delivered again.', reviewerNotes: '', complete: true });
    expect(again.statusCode, again.body).toBe(200);
    const third = ((await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json() as OwnCertificate).code;
    expect((await publicJson(third, probeAddress())).json()).toMatchObject({ visibility: 'public', certificate: { code: third, delivery: 3 } });
    // ... and private again hides the third as well.
    await setPrivate(id, true);
    expect((await publicJson(third, probeAddress())).json()).toMatchObject({ visibility: 'private' });
  });

  it('a certificate written by any other path than the delivery (a future one that forgets the choice) is private while its order is', async () => {
    const { id, code: first } = await completedOrder();
    await setPrivate(id, true);
    const [original] = await t.app.db.select().from(certificates).where(eq(certificates.code, first));
    const deliveryId = newId();
    await t.app.db.insert(deliveries).values({ id: deliveryId, submissionId: id, number: 2, reviewedContent: 'Another copy.' });
    const code = newCertificateCode();
    await t.app.db.insert(certificates).values({ ...original!, code, deliveryId, isPrivate: false, createdAt: new Date() });
    expect((await publicJson(code, probeAddress())).json()).toEqual({ visibility: 'private', code, status: 'valid', issuedAt: expect.any(String) });
    expect((await look('GET', pdfPath(code))).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json()).toMatchObject({ code, isPrivate: true });
    // Public again opens it with the rest.
    await setPrivate(id, false);
    expect((await publicJson(code, probeAddress())).json()).toMatchObject({ visibility: 'public' });
  });

  it('an organisation’s members share the choice and still get the private PDF; other accounts do not (decision 047)', async () => {
    const owner = await signUp(t.app);
    const colleague = await signUp(t.app);
    const organisationId = await createOrganisation(t.app.db, owner.id);
    await addMember(t.app.db, organisationId, colleague.id);
    const { id } = await completedOrder(DELIVERED, owner);
    expect(await setPrivate(id, true, colleague)).toMatchObject({ isPrivate: true });
    const second = await deliverRevision(id, colleague);
    expect((await t.request('GET', `/api/submissions/${id}/certificate`, owner)).json()).toMatchObject({ code: second, isPrivate: true });
    expect((await publicJson(second, probeAddress())).json()).toMatchObject({ visibility: 'private' });
    for (const as of [owner, colleague, admin]) expect((await look('GET', pdfPath(second), { name: 'may see', as })).statusCode).toBe(200);
    for (const as of [null, stranger, customer]) expect((await look('GET', pdfPath(second), { name: 'may not', as })).statusCode).toBe(404);
  });

  it('no route that takes a certificate code shows a private one: every such route, old and new codes in every spelling, GET and HEAD', async () => {
    const routes = codeRoutes();
    // The surfaces of decision 033 are among them, so the list cannot quietly go empty.
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/v1/certificates/:code', '/verify/:code', '/verify/:code/badge.svg', '/verify/:code/certificate.pdf']),
    );
    const { id, code: first } = await completedOrder();
    await setPrivate(id, true);
    const second = await deliverRevision(id);
    const secrets = [...(await secretsOf(first)), ...(await secretsOf(second))];
    const { key } = await createKey(t.app, stranger, ['orders:read']);
    const probers: Prober[] = [{ name: 'anonymous' }, { name: 'stranger', as: stranger }, { name: "stranger's API key", headers: { authorization: `Bearer ${key}` } }];

    for (const route of routes) {
      for (const code of [first, second]) {
        for (const spelling of spellings(code)) {
          const url = route.url.replace(/:[A-Za-z]+/g, spelling);
          for (const who of probers) {
            const what = `${who.name}: GET ${url}`;
            const got = await look('GET', url, who);
            expect(got.statusCode, what).toBeLessThan(500);
            expect(got.headers['content-type'] ?? '', what).not.toContain('application/pdf');
            for (const secret of secrets) expect(got.body, what).not.toContain(secret);
            if (got.statusCode === 200 && String(got.headers['content-type']).includes('json')) expect(got.json(), what).toMatchObject({ visibility: 'private' });
            const head = await look('HEAD', url, who);
            expect(head.statusCode, `HEAD ${what}`).toBe(got.statusCode);
            expect(head.headers['content-type'] ?? '', `HEAD ${what}`).not.toContain('application/pdf');
          }
        }
      }
    }

    // The same spellings find the certificates once public, so the probes above did reach them.
    await setPrivate(id, false);
    for (const code of [first, second]) {
      for (const spelling of spellings(code)) {
        expect((await look('GET', `/api/v1/certificates/${spelling}`)).json(), spelling).toMatchObject({ visibility: 'public', certificate: { code, orderId: id } });
        expect((await look('GET', pdfPath(spelling))).statusCode, spelling).toBe(200);
      }
    }
  });
});

// PGlite has one connection, so two transactions cannot interleave there; PostgreSQL is where this race can happen.
describe.skipIf(!TEST_DATABASE_URL)('the switch during a delivery (PostgreSQL)', () => {
  /** Backends of this database waiting for a lock: the switch queued behind the delivery's transaction. */
  async function waitingForLocks(): Promise<number> {
    const result = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number(result.rows[0]!.n);
  }

  for (const from of [true, false]) {
    it(`a switch to ${from ? 'public' : 'private'} made while a revision is being delivered covers its certificate too`, async () => {
      const { id, code: first } = await completedOrder();
      await setPrivate(id, from);
      const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please keep the date format British.' });
      expect(asked.statusCode, asked.body).toBe(200);
      let second = '';
      let switched: Promise<LightMyRequestResponse> | undefined;
      await t.app.db.transaction(async (tx) => {
        // What a delivery does (server/features/review-desk/change-status.ts): lock the order, record the delivery, issue.
        const order = await lockOrder(tx, id);
        const delivery = { id: newId(), number: 2, deliveredAt: new Date(), deliveredBy: reviewer.id };
        await tx.insert(deliveries).values({ ...delivery, submissionId: id, reviewedContent: 'The revised text.' });
        second = await issueCertificate(tx, {
          code: newCertificateCode(),
          key: t.app.context.certificateKey(),
          issuer: t.config.PUBLIC_URL,
          order,
          delivery,
          deliveredText: 'The revised text.',
          effort: emptyEffortRecord(),
        });
        // The customer switches before the delivery commits; the switch waits for it.
        switched = t.request('PATCH', `/api/submissions/${id}/certificate`, customer, { isPrivate: !from });
        await vi.waitFor(async () => expect(await waitingForLocks()).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
      });
      const response = await switched!;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ code: second, isPrivate: !from });
      expect(await storedChoices(id)).toEqual([!from, !from]);
      for (const code of [first, second]) {
        expect(((await publicJson(code, probeAddress())).json() as PublicCertificate).visibility, code).toBe(from ? 'public' : 'private');
      }
    });
  }
});
