/**
 * Issue 43: the certificate as a W3C Verifiable Credential 2.0. Each of its two proofs verifies with
 * @digitalbazaar/vc's own verifyCredential, through a document loader that knows only the bundled contexts and the
 * DID document this app publishes; revocation by Bitstring Status List; the DID document's keys are the published
 * JWKs.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_KEYS_PATH, type CertificateKey, type OwnCertificate, type PublicCertificate } from '../../../shared/certificate.schema';
import {
  DID_DOCUMENT_PATH,
  HUMANPROOF_CONTEXT_PATH,
  humanProofContext,
  JCS_SUITE,
  RDFC_SUITE,
  STATUS_LIST_LENGTH,
  type HumanReviewCredential,
  type StatusListCredential,
} from '../../../shared/credential.schema';
import { checkCredentialStatus, checkProof, checkProofs } from '../../../shared/credential-check';
import { documentLoaderFor, DocumentNotBundledError, type DidDocument } from '../../../shared/credential-loader';
import { checkCredential, checkJcsProof, ed25519FromMultibase, statusBit } from '../../../shared/credential-verify';
import { certificateCredentials, submissions } from '../../db/schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { resolveSigningKey } from '../certificates';
import { STATUS_LIST_MAX_AGE_SECONDS } from './status-list';

let t: TestApp;
let customer: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;
let reviewer: SignedInUser;
const ORIGIN = 'http://localhost:5000';
const DID = 'did:web:localhost%3A5000';
const DELIVERED = 'The Eiffel Tower was completed in 1889.\r\nIt stands in Paris, France.  ';

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

let addressCounter = 0;
/** A client address per look-up, so the certificates' per-address limit never answers in place of the route. */
function address(): string {
  addressCounter += 1;
  return `10.43.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function completedOrder(overrides: Record<string, unknown> = {}, owner: SignedInUser = customer): Promise<{ id: string; code: string }> {
  const id = await createPaidOrder(t.app, owner, overrides);
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: DELIVERED, reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  const own = await t.request('GET', `/api/submissions/${id}/certificate`, owner);
  return { id, code: (own.json() as OwnCertificate).code };
}

async function credentialOf(code: string, headers: Record<string, string> = {}): Promise<{ text: string; credential: HumanReviewCredential; contentType: string }> {
  const response = await t.request('GET', `/api/v1/certificates/${code}/credential`, null, undefined, { remoteAddress: address(), headers });
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, credential: JSON.parse(response.body) as HumanReviewCredential, contentType: String(response.headers['content-type']) };
}

async function didDocument(): Promise<DidDocument> {
  const response = await t.request('GET', DID_DOCUMENT_PATH);
  expect(response.statusCode).toBe(200);
  return response.json() as DidDocument;
}

/** The loader of an independent verifier: the bundled contexts, this site's did.json, and what it fetched itself. */
async function verifierLoader(documents: Map<string, unknown> = new Map()) {
  return documentLoaderFor({ origin: ORIGIN, didDocuments: [await didDocument()], documents });
}

async function statusList(url: string): Promise<{ text: string; headers: Record<string, unknown> }> {
  const response = await t.request('GET', new URL(url).pathname);
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, headers: response.headers };
}

describe('the certificate as a Verifiable Credential (issue 43)', () => {
  it('is a VC 2.0 credential from the site’s did:web, each of its two proofs verifying on its own with @digitalbazaar/vc', async () => {
    const { id, code } = await completedOrder();
    const { credential, text, contentType } = await credentialOf(code);
    expect(contentType).toContain('application/json');
    expect((await credentialOf(code, { accept: 'application/vc' })).contentType).toBe('application/vc');

    const certificate = ((await t.request('GET', `/api/v1/certificates/${code}`, null, undefined, { remoteAddress: address() })).json() as Extract<PublicCertificate, { visibility: 'public' }>).certificate;
    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', `${ORIGIN}${HUMANPROOF_CONTEXT_PATH}`]);
    expect(credential.type).toEqual(['VerifiableCredential', 'HumanReviewCredential']);
    expect(credential.issuer).toBe(DID);
    expect(credential.validFrom).toBe(certificate.deliveredAt.replace(/\.\d{3}Z$/, 'Z'));
    expect(credential.credentialSubject).toMatchObject({
      certificateCode: code,
      order: id,
      delivery: 1,
      serviceTier: certificate.tier,
      englishVariant: certificate.englishVariant,
      reviewer: 'Rita R.',
      effort: { activeMinutes: certificate.effort.activeMinutes, wordsChanged: certificate.effort.wordsChanged, findingsFixed: certificate.effort.findingsFixed },
      textSha256: certificate.textSha256,
    });
    expect(credential.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(Number(credential.credentialStatus.statusListIndex)).toBeLessThan(STATUS_LIST_LENGTH);
    // Never the text, an e-mail address or a surname.
    for (const secret of ['Eiffel', customer.email, reviewer.email, 'Reviewer']) expect(text).not.toContain(secret);

    const keyId = ((await t.request('GET', CERTIFICATE_KEYS_PATH)).json() as { keys: CertificateKey[] }).keys.at(-1)!.kid;
    expect(credential.proof.map((p) => p.cryptosuite).sort()).toEqual([JCS_SUITE, RDFC_SUITE].sort());
    for (const proof of credential.proof) {
      expect(proof).toMatchObject({ type: 'DataIntegrityProof', proofPurpose: 'assertionMethod', verificationMethod: `${DID}#${keyId}` });
    }
    const loader = await verifierLoader();
    const checks = await checkProofs(credential as unknown as Record<string, unknown>, loader);
    expect(checks).toEqual([
      { suite: RDFC_SUITE, verified: true, verificationMethod: `${DID}#${keyId}`, error: null },
      { suite: JCS_SUITE, verified: true, verificationMethod: `${DID}#${keyId}`, error: null },
    ]);
    // Each alone: with the other proof removed altogether.
    for (const suite of [RDFC_SUITE, JCS_SUITE] as const) {
      const only = { ...credential, proof: credential.proof.filter((p) => p.cryptosuite === suite) };
      expect((await checkProof(only as unknown as Record<string, unknown>, suite, loader)).verified, suite).toBe(true);
    }
    // The same bytes every time: made once, then served as stored.
    expect((await credentialOf(code)).text).toBe(text);
  });

  it('one changed field, anywhere in the credential, fails both proofs', async () => {
    const { code } = await completedOrder();
    const { credential } = await credentialOf(code);
    const loader = await verifierLoader();
    const changes: [string, (c: HumanReviewCredential) => void][] = [
      ['reviewer', (c) => (c.credentialSubject.reviewer = 'Mallory M.')],
      ['tier', (c) => (c.credentialSubject.serviceTier = 'rewritten')],
      ['delivery', (c) => (c.credentialSubject.delivery = 2)],
      ['text digest', (c) => (c.credentialSubject.textSha256 = '0'.repeat(64))],
      ['effort', (c) => (c.credentialSubject.effort.activeMinutes += 1)],
      ['validFrom', (c) => (c.validFrom = '2020-01-01T00:00:00Z')],
      ['status index', (c) => (c.credentialStatus.statusListIndex = String((Number(c.credentialStatus.statusListIndex) + 1) % STATUS_LIST_LENGTH))],
      ['evidence digest', (c) => (c.evidence![0]!.digestSRI = 'sha256-AAAA')],
      ['description', (c) => (c.description = 'Reviewed by a lawyer.')],
    ];
    for (const [what, change] of changes) {
      const changed = structuredClone(credential);
      change(changed);
      for (const check of await checkProofs(changed as unknown as Record<string, unknown>, loader)) {
        expect(check.verified, `${what}: ${check.suite}`).toBe(false);
      }
    }
  });

  it('defines every term it uses: nothing falls to the VC context’s issuer-dependent vocabulary', async () => {
    const { code } = await completedOrder({ editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' } });
    const { credential } = await credentialOf(code);
    const list = JSON.parse((await statusList(credential.credentialStatus.statusListCredential)).text) as StatusListCredential;
    const loader = await verifierLoader();
    for (const document of [credential, list]) {
      const { proof: _proof, ...unsigned } = document;
      const nquads = (await jsonld.toRDF(unsigned, { format: 'application/n-quads', documentLoader: loader, safe: true } as never)) as unknown as string;
      expect(nquads).not.toContain('issuer-dependent');
      expect(nquads).toContain(document === credential ? `<${ORIGIN}${HUMANPROOF_CONTEXT_PATH}#editorialResponsibility>` : '<https://www.w3.org/ns/credentials/status#statusPurpose>');
    }
    // The app serves the very context the loaders bundle.
    const served = await t.request('GET', HUMANPROOF_CONTEXT_PATH);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/ld+json');
    expect(served.json()).toEqual(humanProofContext(ORIGIN));
  });

  it('the loader never fetches: a context or key it was not given is refused by name', async () => {
    const loader = await verifierLoader();
    await expect(loader('https://www.w3.org/ns/credentials/examples/v2')).rejects.toBeInstanceOf(DocumentNotBundledError);
    await expect(loader('did:web:attacker.example#key')).rejects.toBeInstanceOf(DocumentNotBundledError);
  });
});

describe('/.well-known/did.json (issue 43)', () => {
  it('lists every key that ever signed as a Multikey equal to its published JWK, in verificationMethod and assertionMethod; rotation keeps old credentials valid', async () => {
    const { code: before } = await completedOrder();
    const old = await credentialOf(before);
    const previous = t.app.context.certificateKey;
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const rotated = resolveSigningKey({ CERT_SIGNING_KEY: pem, DATA_DIR: t.config.DATA_DIR });
    t.app.context.certificateKey = () => rotated;
    try {
      const { code: after } = await completedOrder();
      const fresh = await credentialOf(after);
      const did = await didDocument();
      const jwks = ((await t.request('GET', CERTIFICATE_KEYS_PATH)).json() as { keys: CertificateKey[] }).keys;
      expect(did.id).toBe(DID);
      expect(did.verificationMethod!.map((m) => m.id)).toEqual(jwks.map((k) => `${DID}#${k.kid}`));
      expect(did.assertionMethod).toEqual(did.verificationMethod!.map((m) => m.id));
      for (const [i, method] of did.verificationMethod!.entries()) {
        expect(method).toMatchObject({ type: 'Multikey', controller: DID });
        // z + base58btc(0xed 0x01 ‖ the raw key): the raw key is the JWK's x.
        const bytes = base58btcDecode(method.publicKeyMultibase.slice(1));
        expect(method.publicKeyMultibase[0]).toBe('z');
        expect([...bytes.subarray(0, 2)]).toEqual([0xed, 0x01]);
        expect(Buffer.from(bytes.subarray(2)).toString('base64url')).toBe(jwks[i]!.x);
      }
      expect(jwks.map((k) => k.kid)).toEqual(expect.arrayContaining([previous().id, rotated.id]));
      const loader = await verifierLoader();
      for (const { credential } of [old, fresh]) {
        for (const check of await checkProofs(credential as unknown as Record<string, unknown>, loader)) expect(check, credential.id).toMatchObject({ verified: true });
      }
      expect(fresh.credential.proof[0]!.verificationMethod).toBe(`${DID}#${rotated.id}`);
    } finally {
      t.app.context.certificateKey = previous;
    }
  });
});

describe('revocation by Bitstring Status List (issue 43)', () => {
  it('a full refund sets the credential’s bit; the list is itself a credential whose proofs verify; verifiers may keep it 5 minutes at most', async () => {
    const { id, code } = await completedOrder();
    const { credential } = await credentialOf(code);
    const listUrl = credential.credentialStatus.statusListCredential;
    expect(listUrl).toBe(`${ORIGIN}/credentials/status/1`);

    const statusOf = async () => {
      const { text, headers } = await statusList(listUrl);
      const list = JSON.parse(text) as StatusListCredential;
      const loader = await verifierLoader(new Map([[listUrl, list]]));
      return { list, headers, status: await checkCredentialStatus(credential as unknown as Record<string, unknown>, loader), loader };
    };
    const before = await statusOf();
    expect(before.status).toEqual({ checked: true, revoked: false });
    const maxAge = Number(/max-age=(\d+)/.exec(String(before.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(STATUS_LIST_MAX_AGE_SECONDS);
    expect(STATUS_LIST_MAX_AGE_SECONDS).toBeLessThanOrEqual(300);
    expect(before.headers['access-control-allow-origin']).toBe('*');
    expect(before.list).toMatchObject({ type: ['VerifiableCredential', 'BitstringStatusListCredential'], issuer: DID, credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' } });
    for (const check of await checkProofs(before.list as unknown as Record<string, unknown>, before.loader)) expect(check).toMatchObject({ verified: true });

    expect(await pageCheck(code)).toEqual({ verdict: 'verified', editor: null });

    const order = (await t.app.db.select({ amountPence: submissions.amountPence }).from(submissions).where(eq(submissions.id, id)))[0]!;
    const refunded = await t.request('POST', `/api/admin/submissions/${id}/refunds`, admin, { requestId: randomUUID(), amountPence: order.amountPence, reason: 'Goodwill' });
    expect(refunded.statusCode, refunded.body).toBe(200);

    // The very next request for the list, on this instance or any other, has the bit: nothing to wait for.
    const after = await statusOf();
    expect(after.status).toEqual({ checked: true, revoked: true });
    for (const check of await checkProofs(after.list as unknown as Record<string, unknown>, after.loader)) expect(check).toMatchObject({ verified: true });
    // The verify page's own check (JCS proof with Web Crypto, the bit with DecompressionStream) agrees.
    const did = await didDocument();
    const keyFor = (vm: string) => {
      const method = did.verificationMethod!.find((m) => m.id === vm);
      return method ? ed25519FromMultibase(method.publicKeyMultibase) : null;
    };
    const index = Number(credential.credentialStatus.statusListIndex);
    expect(await statusBit(before.list.credentialSubject.encodedList, index)).toBe(false);
    expect(await statusBit(after.list.credentialSubject.encodedList, index)).toBe(true);
    for (const document of [credential, before.list, after.list]) expect(await checkJcsProof(document as unknown as Record<string, unknown>, keyFor)).toBe('verified');
    expect(await checkJcsProof({ ...after.list, credentialSubject: before.list.credentialSubject } as unknown as Record<string, unknown>, keyFor)).toBe('bad-signature');
    // The page's whole check says revoked, from the status list alone.
    expect(await pageCheck(code)).toEqual({ verdict: 'revoked', editor: null });
    // The revocation is the status list's alone to say: the credential itself is unchanged.
    expect((await credentialOf(code)).credential).toEqual(credential);
  });
  it('a revision’s delivery revokes the previous credential; a list that was never issued is a 404', async () => {
    const { id, code } = await completedOrder();
    const { credential } = await credentialOf(code);
    const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please shorten it.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The revised text.', reviewerNotes: '', complete: true });
    expect(again.statusCode, again.body).toBe(200);
    const listUrl = credential.credentialStatus.statusListCredential;
    const list = JSON.parse((await statusList(listUrl)).text) as StatusListCredential;
    expect(await checkCredentialStatus(credential as unknown as Record<string, unknown>, await verifierLoader(new Map([[listUrl, list]])))).toEqual({ checked: true, revoked: true });
    for (const path of ['/credentials/status/0', '/credentials/status/999', '/credentials/status/x', '/credentials/status/1e3']) {
      expect((await t.request('GET', path)).statusCode, path).toBe(404);
    }
  });

  it('gives each credential a distinct random index', async () => {
    const rows = await t.app.db.select({ list: certificateCredentials.statusList, index: certificateCredentials.statusIndex }).from(certificateCredentials);
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => `${r.list}:${r.index}`)).size).toBe(rows.length);
    // Not handed out in order.
    const indexes = rows.map((r) => r.index);
    expect([...indexes].sort((a, b) => a - b)).not.toEqual(indexes.map((_, i) => indexes[0]! + i));
  });
});

describe('the verify page’s check of the credential (issue 43): the JCS proof and the status list, in the browser', () => {
  it('says "verified" only when the proof and the status list both check; names the editor from the signed credential', async () => {
    const { code } = await completedOrder({ editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' } });
    expect(await pageCheck(code)).toEqual({ verdict: 'verified', editor: { name: 'Jane Editor', organisation: 'Example News' } });
    const keys = ((await t.request('GET', CERTIFICATE_KEYS_PATH)).json() as { keys: CertificateKey[] }).keys;
    const real = (path: string) => t.request('GET', path, null, undefined, { remoteAddress: address() }).then((r) => r.json() as unknown);
    // A changed credential, or one for another code, is not verified.
    const changed = async (path: string) => {
      const body = (await real(path)) as HumanReviewCredential;
      if (path.includes('/credential')) body.credentialSubject.reviewer = 'Mallory M.';
      return body;
    };
    expect((await checkCredential(code, keys, changed)).verdict).toBe('not-verified');
    const other = (await completedOrder()).code;
    expect((await checkCredential(code, keys, (path) => real(path.replace(code, other)))).verdict).toBe('not-verified');
    // Keys the site does not publish verify nothing.
    expect((await checkCredential(code, [{ kid: keys[0]!.kid, x: Buffer.alloc(32, 7).toString('base64url') }], real)).verdict).toBe('not-verified');
    // A status list that cannot be read, or that was changed, leaves it unchecked: never "verified".
    const noList = (path: string) => (path.startsWith('/credentials/status/') ? Promise.reject(new Error('offline')) : real(path));
    expect((await checkCredential(code, keys, noList)).verdict).toBe('status-unchecked');
    const clearedList = async (path: string) => {
      const body = (await real(path)) as StatusListCredential;
      if (path.startsWith('/credentials/status/')) body.credentialSubject.encodedList = 'uH4sIAAAAAAAAA-3BMQEAAADCoPVPbQwfoAAAAAAAAAAAAAAAAAAAAIC3AYbSVKsAQAAA';
      return body;
    };
    expect((await checkCredential(code, keys, clearedList)).verdict).toBe('status-unchecked');
  });
});

describe('a private certificate’s credential (issue 43, decision 057)', () => {
  it('is its owner’s and the team’s; anybody else gets the 404 of an unknown code', async () => {
    const { id, code } = await completedOrder();
    expect((await t.request('PATCH', `/api/submissions/${id}/certificate`, customer, { isPrivate: true })).statusCode).toBe(200);
    const url = `/api/v1/certificates/${code}/credential`;
    for (const who of [null, stranger]) expect((await t.request('GET', url, who, undefined, { remoteAddress: address() })).statusCode).toBe(404);
    for (const who of [customer, admin]) {
      const own = await t.request('GET', url, who, undefined, { remoteAddress: address() });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toContain('no-store');
    }
  });
});

/** The verify page's check, with this site's keys and this app as the network. */
async function pageCheck(code: string) {
  const keys = ((await t.request('GET', CERTIFICATE_KEYS_PATH)).json() as { keys: CertificateKey[] }).keys;
  return checkCredential(code, keys, (path) => t.request('GET', path, null, undefined, { remoteAddress: address() }).then((r) => r.json() as unknown));
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58btcDecode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char));
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}
