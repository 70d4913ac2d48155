/**
 * examples/verify-certificate.ts, in CI (issue 24, item 4; decision 053): run exactly as the README documents it,
 * `node --import tsx examples/verify-certificate.ts certificate.json text.txt`, in its own process, against a
 * listening app on loopback, and in every other argument form. A forger on loopback serves their own keys at the
 * address their certificate names as its issuer: the script must never ask them.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_KEYS_PATH, type CertificateKey, type OwnCertificate, type PublicCertificate } from '../../../shared/certificate.schema';
import { DID_DOCUMENT_PATH, didWebOf, type HumanReviewCredential } from '../../../shared/credential.schema';
import type { DidDocument } from '../../../shared/credential-loader';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { multibaseOfJwk, signWithBothSuites } from '../credentials/sign-credential';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const TEXT = 'Reviewed by a person.\nEvery claim was checked.';
type Shown = Extract<PublicCertificate, { visibility: 'public' }>;

/** One way of calling the script: its options, its environment, where it must say its keys came from. */
interface Form {
  name: string;
  args: (certificate: string, text: string) => string[];
  env: Record<string, string>;
  keysFrom: string;
  /** Whether the form names a site, so the script asks it whether the certificate was revoked. */
  asksSite: boolean;
}

let t: TestApp;
let base: string;
let dir: string;
let customer: SignedInUser;
let reviewer: SignedInUser;
let genuine: Shown;
let genuineJson: string;
let published: CertificateKey[];
let forms: Form[];

// The forger: their own Ed25519 key, published on their own server on loopback.
const forger = generateKeyPairSync('ed25519');
const FORGER_KID = 'forger-key-0001';
const forgerRequests: string[] = [];
let forgerServer: Server;
let forgerBase: string;
let forgerDid: DidDocument;

/** The forger's own did:web document for their server, listing their key. */
async function forgerDidDocument(): Promise<DidDocument> {
  const did = didWebOf(forgerBase);
  const id = `${did}#${FORGER_KID}`;
  const publicKeyMultibase = await multibaseOfJwk(String(forger.publicKey.export({ format: 'jwk' }).x));
  return { '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'], id: did, verificationMethod: [{ id, type: 'Multikey', controller: did, publicKeyMultibase }], assertionMethod: [id] };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function completedOrder(text: string): Promise<{ id: string; code: string }> {
  const id = await createPaidOrder(t.app, customer);
  const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: text, reviewerNotes: '', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  return { id, code: ((await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json() as OwnCertificate).code };
}

/** The certificate JSON exactly as the site serves it. */
async function publicJson(code: string): Promise<string> {
  const response = await t.request('GET', `/api/v1/certificates/${code}`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** A free loopback port, so the app's PUBLIC_URL (its did:web, its status lists) is where it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const address = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return Number(new URL(address).port);
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base });
  await new Promise<void>((resolve) => t.app.server.listen(port, '127.0.0.1', resolve));
  customer = await signUp(t.app);
  reviewer = await signUpReviewer(t.app);
  genuineJson = await publicJson((await completedOrder(TEXT)).code);
  genuine = JSON.parse(genuineJson) as Shown;
  published = ((await t.request('GET', CERTIFICATE_KEYS_PATH)).json() as { keys: CertificateKey[] }).keys;

  const forgerKey = { ...forger.publicKey.export({ format: 'jwk' }), kid: FORGER_KID, alg: 'EdDSA', use: 'sig' };
  forgerServer = createServer((request, response) => {
    forgerRequests.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    // Whatever it is asked: its own key, its own DID document, and "valid".
    const answer = request.url === CERTIFICATE_KEYS_PATH ? { keys: [forgerKey] } : request.url === DID_DOCUMENT_PATH ? forgerDid : { visibility: 'public', status: 'valid' };
    response.end(JSON.stringify(answer));
  });
  forgerBase = await listen(forgerServer);
  forgerDid = await forgerDidDocument();

  dir = await mkdtemp(path.join(tmpdir(), 'hp-verify-'));
  const keysFile = path.join(dir, 'humanproof-keys.json');
  await writeFile(keysFile, (await t.request('GET', CERTIFICATE_KEYS_PATH)).body);
  const keysUrl = `${base}${CERTIFICATE_KEYS_PATH}`;
  forms = [
    // The README's form: the site comes from HUMANPROOF_URL (its default, http://localhost:5000, is not this test's).
    { name: 'documented', args: (c, x) => [c, x], env: { HUMANPROOF_URL: base }, keysFrom: keysUrl, asksSite: true },
    { name: '--site first', args: (c, x) => ['--site', base, c, x], env: {}, keysFrom: keysUrl, asksSite: true },
    { name: '--keys URL', args: (c, x) => [c, x, '--keys', keysUrl], env: {}, keysFrom: keysUrl, asksSite: false },
    { name: '--keys file', args: (c, x) => [c, x, '--keys', keysFile], env: {}, keysFrom: keysFile, asksSite: false },
  ];
});
afterAll(async () => {
  await new Promise((resolve) => forgerServer.close(resolve));
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the script as the README shows; resolves with its exit code and output whatever the code. */
async function verify(form: Form, certificateJson: string, text: string): Promise<{ code: number; out: string }> {
  const certificateFile = path.join(dir, `certificate-${randomUUID()}.json`);
  const textFile = `${certificateFile}.txt`;
  await writeFile(certificateFile, certificateJson);
  await writeFile(textFile, text);
  const env: NodeJS.ProcessEnv = { ...process.env, ...form.env };
  if (!('HUMANPROOF_URL' in form.env)) delete env.HUMANPROOF_URL;
  try {
    const { stdout, stderr } = await run('node', ['--import', 'tsx', 'examples/verify-certificate.ts', ...form.args(certificateFile, textFile)], { cwd: ROOT, env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** The forger's signature over a body, with the key id they choose. */
function forged(certificate: Record<string, unknown>, keyId: string): string {
  const signature = sign(null, Buffer.from(canonicalize(certificate) ?? '', 'utf8'), forger.privateKey).toString('base64url');
  return JSON.stringify({ ...genuine, certificate, signature, keyId });
}

const documented = () => forms[0]!;

describe('examples/verify-certificate.ts (issue 24, decision 053)', () => {
  it('verifies a genuine certificate in every form, and says which keys it used and whether the site says it stands', async () => {
    const kids = published.map((k) => k.kid);
    expect(kids).toContain(genuine.keyId);
    await Promise.all(
      forms.map(async (form) => {
        const good = await verify(form, genuineJson, `${TEXT.replace(/\n/g, '\r\n')}\n`);
        expect(good, `${form.name}: ${good.out}`).toMatchObject({ code: 0 });
        expect(good.out).toContain(`keys: ${form.keysFrom} (`);
        expect(good.out).toContain(`key ids: ${kids.join(', ')}`);
        expect(good.out).toContain(`signature: verified (key ${genuine.keyId})`);
        expect(good.out).toContain(form.asksSite ? `status: valid (HumanProof at ${base} says so)` : 'status: not checked');
        expect(good.out).toContain('text: matches the reviewed text');
      }),
    );
  });

  it('a changed field or a changed character fails', async () => {
    const changedText = await verify(documented(), genuineJson, TEXT.replace('Every', 'Evry'));
    expect(changedText.code).toBe(1);
    expect(changedText.out).toContain('does NOT match');

    const changedField = await verify(documented(), JSON.stringify({ ...genuine, certificate: { ...genuine.certificate, tier: 'rewritten' } }), TEXT);
    expect(changedField.code).toBe(1);
    expect(changedField.out).toContain('signature: NOT verified (bad-signature)');
  });

  it('refuses a forgery in every form: never takes keys from the issuer the file names, nor a key the site did not publish', async () => {
    const forgeries = [
      // Signed with the forger's key, naming the forger's server as issuer, which publishes that key.
      forged({ ...genuine.certificate, reviewer: 'Mallory M.', issuer: forgerBase }, FORGER_KID),
      // Naming the real site as issuer, signed with a key it never published.
      forged({ ...genuine.certificate, reviewer: 'Mallory M.', issuer: base }, FORGER_KID),
    ];
    await Promise.all(
      forms.flatMap((form) =>
        forgeries.map(async (file) => {
          const outcome = await verify(form, file, TEXT);
          expect(outcome.code, `${form.name}: ${outcome.out}`).toBe(1);
          expect(outcome.out).toContain(`keys: ${form.keysFrom} (`);
          expect(outcome.out).toContain(`signature: NOT verified (unknown-key): key "${FORGER_KID}" is not among the keys from ${form.keysFrom}`);
          expect(outcome.out).not.toContain('signature: verified');
        }),
      ),
    );
    // Borrowing the real key's id does not help either.
    const borrowed = await verify(documented(), forged({ ...genuine.certificate, reviewer: 'Mallory M.', issuer: forgerBase }, genuine.keyId), TEXT);
    expect(borrowed.code, borrowed.out).toBe(1);
    expect(borrowed.out).toContain('signature: NOT verified (bad-signature)');
    expect(forgerRequests).toEqual([]);
  });

  it('refuses a revoked certificate: when the file says so in every form, and when only the site says so', async () => {
    const { id, code } = await completedOrder('The first delivery.');
    const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please shorten it.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The revised delivery.', reviewerNotes: '', complete: true });
    expect(again.statusCode, again.body).toBe(200);
    const revokedJson = await publicJson(code);
    const revoked = JSON.parse(revokedJson) as Shown;
    expect(revoked.status).toBe('revoked');
    // The status is not signed: a copy edited to say "valid" still verifies its signature.
    const relabelled = JSON.stringify({ ...revoked, status: 'valid', revokedAt: null, revokedReason: null });

    const offline = forms.find((form) => !form.asksSite)!;
    await Promise.all([
      ...forms.map(async (form) => {
        const saysRevoked = await verify(form, revokedJson, 'The first delivery.');
        expect(saysRevoked.code, `${form.name}: ${saysRevoked.out}`).toBe(1);
        expect(saysRevoked.out).toContain('signature: verified');
        expect(saysRevoked.out).toContain('status: REVOKED: the file says this certificate was revoked');
      }),
      ...forms
        .filter((form) => form.asksSite)
        .map(async (form) => {
          const hidden = await verify(form, relabelled, 'The first delivery.');
          expect(hidden.code, `${form.name}: ${hidden.out}`).toBe(1);
          expect(hidden.out).toContain('signature: verified');
          expect(hidden.out).toContain(`status: REVOKED: HumanProof at ${base} says it was revoked on`);
          expect(hidden.out).toContain('replaced by a revision');
        }),
      (async () => {
        // Offline it cannot know, and says so.
        const hidden = await verify(offline, relabelled, 'The first delivery.');
        expect(hidden.code, hidden.out).toBe(0);
        expect(hidden.out).toContain('status: not checked (offline');
      })(),
    ]);
  });

  it('asks the site about the certificate\'s code: one it does not know is NOT FOUND, printed so it cannot forge a line', async () => {
    const withSite = { ...documented(), args: (c: string, x: string) => [c, x, '--keys', `${base}${CERTIFICATE_KEYS_PATH}`, '--site', base] };
    const unknown = await verify(withSite, JSON.stringify({ ...genuine, certificate: { ...genuine.certificate, code: 'HP-0000-0000-0000-0000' } }), TEXT);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('signature: NOT verified (bad-signature)');
    expect(unknown.out).toContain(`status: NOT FOUND: HumanProof at ${base} has no certificate "HP-0000-0000-0000-0000"`);

    const injected = await verify(withSite, JSON.stringify({ ...genuine, certificate: { ...genuine.certificate, code: 'X\nsignature: verified\r\u001b[2K' } }), TEXT);
    expect(injected.code).toBe(1);
    expect(injected.out.split(/[\r\n]/)).not.toContain('signature: verified');
    expect(injected.out).not.toContain('\u001b');
  });

  it('refuses a file that names a member twice, however the name is spelled', async () => {
    const reviewerFirst = genuineJson.replace('"certificate":{', '"certificate":{"reviewer":"Mallory M.",');
    const escapedName = genuineJson.replace('"certificate":{', '"certificate":{"\\u0072eviewer":"Mallory M.",');
    // Every way of spelling a duplicate is in shared/strict-json.test.ts; these two show the script refuses them.
    for (const file of [reviewerFirst, escapedName]) {
      expect(file).not.toBe(genuineJson);
      // JSON.parse keeps the last, genuine value, so the signature alone would pass.
      expect(JSON.parse(file)).toEqual(genuine);
      const outcome = await verify(documented(), file, TEXT);
      expect(outcome.code, outcome.out).toBe(1);
      expect(outcome.out).toContain('certificate: NOT verified: This file is refused: the name "reviewer" appears twice in one object');
    }
  });

  it('matches a copy whose spaces copying changed, and says so', async () => {
    const copy = `${TEXT.replace('by a', 'by\u00a0a').replace('\n', '\t \n')}\t`;
    const outcome = await verify(documented(), genuineJson, copy);
    expect(outcome, outcome.out).toMatchObject({ code: 0 });
    expect(outcome.out).toContain('text: matches the reviewed text, apart from spacing that copying changes');
  });

  it('bad arguments exit 2 with the usage line', async () => {
    for (const args of [['--keys'], []]) {
      const outcome = await verify({ ...documented(), args: (c, x) => (args.length === 0 ? [c] : [c, x, ...args]) }, genuineJson, TEXT);
      expect(outcome.code, outcome.out).toBe(2);
      expect(outcome.out).toContain('usage: node --import tsx examples/verify-certificate.ts');
    }
    const badSite = await verify({ ...documented(), env: { HUMANPROOF_URL: 'ftp://example.invalid' } }, genuineJson, TEXT);
    expect(badSite.code).toBe(2);
    expect(badSite.out).toContain('the site must be an http(s) address');
  });
});

describe('examples/verify-certificate.ts with a verifiable credential (issue 43, decisions 053 and 060)', () => {
  interface CredentialForm {
    name: string;
    args: (credential: string, text: string) => string[];
    env: Record<string, string>;
    keysFrom: string;
    asksSite: boolean;
  }
  let credentialForms: CredentialForm[];
  let credentialJson: string;
  let credential: HumanReviewCredential;

  async function credentialFile(code: string): Promise<string> {
    const response = await t.request('GET', `/api/v1/certificates/${code}/credential`);
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  }

  /** The forger's credential: the genuine one's claims, edited, signed with their key as `issuer` (a DID they control or ours). */
  async function forgedCredential(change: (c: HumanReviewCredential) => void, issuer: string): Promise<string> {
    const { proof: _proof, ...unsigned } = structuredClone(credential);
    change(unsigned as HumanReviewCredential);
    unsigned.issuer = issuer;
    const key = { id: FORGER_KID, privateKey: forger.privateKey, publicKey: String(forger.publicKey.export({ format: 'jwk' }).x) };
    return JSON.stringify(await signWithBothSuites(unsigned, key, { did: issuer, origin: base }));
  }

  beforeAll(async () => {
    credentialJson = await credentialFile(genuine.code);
    credential = JSON.parse(credentialJson) as HumanReviewCredential;
    const didUrl = `${base}${DID_DOCUMENT_PATH}`;
    const didFile = path.join(dir, 'did.json');
    await writeFile(didFile, (await t.request('GET', DID_DOCUMENT_PATH)).body);
    const keysFile = path.join(dir, 'humanproof-keys.json');
    credentialForms = [
      { name: 'documented', args: (c, x) => [c, x], env: { HUMANPROOF_URL: base }, keysFrom: didUrl, asksSite: true },
      { name: '--site first', args: (c, x) => ['--site', base, c, x], env: {}, keysFrom: didUrl, asksSite: true },
      { name: '--keys did.json URL', args: (c, x) => [c, x, '--keys', didUrl], env: {}, keysFrom: didUrl, asksSite: false },
      { name: '--keys did.json file', args: (c, x) => [c, x, '--keys', didFile], env: {}, keysFrom: didFile, asksSite: false },
      { name: '--keys JWK file', args: (c, x) => [c, x, '--keys', keysFile], env: {}, keysFrom: keysFile, asksSite: false },
    ];
  });

  it('verifies a genuine credential in every form: both proofs with the maintained libraries, the status list when a site is named, the text', async () => {
    const vm = credential.proof[0]!.verificationMethod;
    await Promise.all(
      credentialForms.map(async (form) => {
        const good = await verify(form, credentialJson, `${TEXT.replace(/\n/g, '\r\n')}\n`);
        expect(good, `${form.name}: ${good.out}`).toMatchObject({ code: 0 });
        expect(good.out).toContain(`keys: ${form.keysFrom} (`);
        expect(good.out).toContain(`issuer: ${didWebOf(base)}`);
        expect(good.out).toContain(`proof eddsa-rdfc-2022: verified (key ${vm})`);
        expect(good.out).toContain(`proof eddsa-jcs-2022: verified (key ${vm})`);
        expect(good.out).toContain(form.asksSite ? `status: valid (the status list at ${credential.credentialStatus.statusListCredential}` : 'status: not checked (offline');
        expect(good.out).toContain('text: matches the reviewed text');
      }),
    );
  });

  it('a changed field fails both proofs; a changed text does not match', async () => {
    const changed = JSON.parse(credentialJson) as HumanReviewCredential;
    changed.credentialSubject.reviewer = 'Mallory M.';
    const outcome = await verify(credentialForms[0]!, JSON.stringify(changed), TEXT);
    expect(outcome.code, outcome.out).toBe(1);
    expect(outcome.out).toContain('proof eddsa-rdfc-2022: NOT verified');
    expect(outcome.out).toContain('proof eddsa-jcs-2022: NOT verified');
    const text = await verify(credentialForms[0]!, credentialJson, TEXT.replace('Every', 'Evry'));
    expect(text.code).toBe(1);
    expect(text.out).toContain('text: does NOT match');
  });

  it('refuses a forged credential in every form, and never asks the forger’s server for keys or a status list', async () => {
    const forgeries = [
      // The forger's own DID, whose did.json on their server lists their key.
      await forgedCredential((c) => (c.credentialSubject.reviewer = 'Mallory M.'), didWebOf(forgerBase)),
      // Our DID, signed with a key we never published.
      await forgedCredential((c) => (c.credentialSubject.reviewer = 'Mallory M.'), didWebOf(base)),
      // Our DID, and a status list on the forger's server.
      await forgedCredential((c) => {
        c.credentialStatus.statusListCredential = `${forgerBase}/credentials/status/1`;
        c.credentialStatus.id = `${forgerBase}/credentials/status/1#1`;
      }, didWebOf(base)),
    ];
    await Promise.all(
      credentialForms.flatMap((form) =>
        forgeries.map(async (file) => {
          const outcome = await verify(form, file, TEXT);
          expect(outcome.code, `${form.name}: ${outcome.out}`).toBe(1);
          expect(outcome.out).toContain(`keys: ${form.keysFrom} (`);
          expect(outcome.out).toContain('proof eddsa-rdfc-2022: NOT verified');
          expect(outcome.out).toContain('proof eddsa-jcs-2022: NOT verified');
        }),
      ),
    );
    expect(forgerRequests).toEqual([]);

    // Even a credential signed with the site's own key is not checked against a status list elsewhere.
    const { proof: _proof, ...unsigned } = structuredClone(credential);
    unsigned.credentialStatus.statusListCredential = `${forgerBase}/credentials/status/1`;
    const elsewhere = JSON.stringify(await signWithBothSuites(unsigned, t.app.context.certificateKey(), { did: didWebOf(base), origin: base }));
    for (const form of credentialForms.filter((f) => f.asksSite)) {
      const outcome = await verify(form, elsewhere, TEXT);
      expect(outcome.code, outcome.out).toBe(1);
      expect(outcome.out).toContain('proof eddsa-jcs-2022: verified');
      expect(outcome.out).toContain(`status: NOT checked: the status list "${forgerBase}/credentials/status/1" is not on ${base}`);
    }
    expect(forgerRequests).toEqual([]);
  });

  it('refuses a credential the site’s status list revoked: the list is read only from the named site', async () => {
    const { id, code } = await completedOrder('The first delivery.');
    const revokedJson = await credentialFile(code);
    const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please shorten it.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The revised delivery.', reviewerNotes: '', complete: true });
    expect(again.statusCode, again.body).toBe(200);
    await Promise.all(
      credentialForms.map(async (form) => {
        const outcome = await verify(form, revokedJson, 'The first delivery.');
        expect(outcome.out).toContain('proof eddsa-jcs-2022: verified');
        if (form.asksSite) {
          expect(outcome.code, `${form.name}: ${outcome.out}`).toBe(1);
          expect(outcome.out).toContain('status: REVOKED: the status list at');
        } else {
          // Offline it cannot know, and says so.
          expect(outcome.code, `${form.name}: ${outcome.out}`).toBe(0);
          expect(outcome.out).toContain('status: not checked (offline');
        }
      }),
    );
  });
});

