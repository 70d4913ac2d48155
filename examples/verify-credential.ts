/**
 * The credential half of examples/verify-certificate.ts (issue 43, decision 060): a HumanProof certificate saved as
 * a W3C Verifiable Credential (GET /api/v1/certificates/{code}/credential), checked offline with Digital Bazaar's
 * maintained libraries: both Data Integrity proofs (eddsa-rdfc-2022 and eddsa-jcs-2022, each on its own), the
 * revocation bit in the Bitstring Status List when a site is named, and a text against the credential's digest.
 *
 * Keys come only from a place the user names (decision 053): --keys (a saved did.json or humanproof-keys.json, or
 * its address), else the site's /.well-known/did.json. The credential's own `issuer` and its status list address are
 * never used to find keys; the status list is fetched only from the named site, and its own proofs must verify with
 * the same keys.
 */
import { readFile } from 'node:fs/promises';
import { certificateKeysSchema } from '../shared/certificate.schema';
import { compareText } from '../shared/certificate-verify';
import { checkCredentialStatus, checkProofs } from '../shared/credential-check';
import { documentLoaderFor, type DidDocument } from '../shared/credential-loader';
import { DID_DOCUMENT_PATH, DID_V1_CONTEXT, didWebOf, HUMANPROOF_CONTEXT_PATH, MULTIKEY_V1_CONTEXT, verificationMethodOf } from '../shared/credential.schema';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { readJsonSource } from './json-source';

export interface CredentialRun {
  file: Record<string, unknown>;
  textPath: string;
  site: string;
  /** Whether a site was named (--site, HUMANPROOF_URL): only then is the status list fetched. */
  siteNamed: boolean;
  keys?: string;
  getJson: (url: string) => Promise<{ status: number; body: unknown }>;
}

/**
 * A did.json, or a humanproof-keys.json made into a DID document, from a file or an address. The keys file names no
 * DID: its keys are given to `did` (the site's, or the credential's own when the user named the keys and no site;
 * the keys are still only the user's, so a credential naming another DID proves nothing the keys did not sign).
 */
async function loadDidDocument(source: string, did: string, getJson: CredentialRun['getJson']): Promise<DidDocument> {
  const body = await readJsonSource(source, getJson);
  const jwks = certificateKeysSchema.safeParse(body);
  if (jwks.success) {
    const methods = await Promise.all(
      jwks.data.keys.map(async (key) => ({
        id: verificationMethodOf(did, key.kid),
        type: 'Multikey',
        controller: did,
        publicKeyMultibase: (await Ed25519Multikey.fromJwk({ jwk: { kty: 'OKP', crv: 'Ed25519', x: key.x } })).publicKeyMultibase,
      })),
    );
    return { '@context': [DID_V1_CONTEXT, MULTIKEY_V1_CONTEXT], id: did, verificationMethod: methods, assertionMethod: methods.map((m) => m.id) };
  }
  const doc = body as Partial<DidDocument> | null;
  if (typeof doc?.id !== 'string' || !doc.id.startsWith('did:') || !Array.isArray(doc.verificationMethod)) {
    throw new Error(`${source} is neither a DID document nor a HumanProof keys file`);
  }
  return doc as DidDocument;
}

/**
 * Whose HumanProof context the credential names (`<origin>/ns/credentials/v1`): the loader bundles that context for
 * that origin. A context only names terms; it is never fetched, and the proofs cover the @context list.
 */
function contextOrigin(file: Record<string, unknown>, site: string): string {
  const named = [file['@context']].flat().find((c): c is string => typeof c === 'string' && c.endsWith(HUMANPROOF_CONTEXT_PATH));
  return named ? named.slice(0, -HUMANPROOF_CONTEXT_PATH.length) : site;
}

/** Runs the checks and prints one line each; the exit code as examples/verify-certificate.ts documents it. */
export async function verifyCredentialFile(run: CredentialRun): Promise<number> {
  const { file, site } = run;
  const keySource = run.keys ?? `${site}${DID_DOCUMENT_PATH}`;
  const issuerDid = typeof file.issuer === 'string' && file.issuer.startsWith('did:web:') ? file.issuer : null;
  const did = await loadDidDocument(keySource, run.keys && !run.siteNamed && issuerDid ? issuerDid : didWebOf(site), run.getJson);
  if (!run.keys && did.id !== didWebOf(site)) throw new Error(`${keySource} is the DID document of ${JSON.stringify(did.id)}, not of ${didWebOf(site)}`);
  const methods = (did.verificationMethod ?? []).map((m) => m.id.slice(m.id.indexOf('#') + 1));
  console.log(`keys: ${keySource} (${run.keys ? 'named with --keys' : `HumanProof at ${site}`}; ${did.id}; key ids: ${methods.join(', ') || 'none'})`);

  const issuer = typeof file.issuer === 'string' ? file.issuer : JSON.stringify(file.issuer);
  const issuerOk = issuer === did.id;
  console.log(issuerOk ? `issuer: ${did.id}` : `issuer: NOT ${did.id}: the credential names ${JSON.stringify(issuer)}`);

  const loader = documentLoaderFor({ origin: contextOrigin(file, site), didDocuments: [did] });
  const proofs = await checkProofs(file, loader);
  for (const proof of proofs) {
    console.log(
      proof.verified
        ? `proof ${proof.suite}: verified (key ${proof.verificationMethod})`
        : `proof ${proof.suite}: NOT verified (${JSON.stringify(proof.error)})`,
    );
  }

  const status = await statusOf(run, did);
  console.log(status.line);

  const subject = (file.credentialSubject ?? {}) as Record<string, unknown>;
  const expected = subject.textSha256;
  const text = typeof expected === 'string' ? await compareText(await readFile(run.textPath, 'utf8'), expected) : 'no-fingerprint';
  console.log(
    {
      matches: 'text: matches the reviewed text',
      'matches-apart-from-spacing': 'text: matches the reviewed text, apart from spacing that copying changes (line ends, no-break spaces)',
      differs: 'text: does NOT match: it differs from the reviewed version',
      'no-fingerprint': 'text: NOT checked: the credential has no text fingerprint (the delivery was a document)',
    }[text],
  );
  const allProofs = proofs.every((p) => p.verified);
  return issuerOk && allProofs && status.ok && (text === 'matches' || text === 'matches-apart-from-spacing') ? 0 : 1;
}

/** The revocation bit, from the named site's status list only; offline (--keys, no site) it is not checked. */
async function statusOf(run: CredentialRun, did: DidDocument): Promise<{ ok: boolean; line: string }> {
  if (run.keys !== undefined && !run.siteNamed) {
    return { ok: true, line: 'status: not checked (offline: name the site with --site or HUMANPROOF_URL to read its status list)' };
  }
  const entry = (run.file.credentialStatus ?? {}) as Record<string, unknown>;
  const url = entry.statusListCredential;
  if (typeof url !== 'string' || !url.startsWith(`${run.site}/`)) {
    return { ok: false, line: `status: NOT checked: the status list ${JSON.stringify(url)} is not on ${run.site}` };
  }
  const answer = await run.getJson(url);
  if (answer.status !== 200 || answer.body === undefined) throw new Error(`${url} answered ${answer.status}`);
  const loader = documentLoaderFor({ origin: contextOrigin(run.file, run.site), didDocuments: [did], documents: new Map([[url, answer.body]]) });
  const status = await checkCredentialStatus(run.file, loader);
  if (!status.checked) return { ok: false, line: `status: NOT checked: ${JSON.stringify(status.error)}` };
  const index = JSON.stringify(entry.statusListIndex);
  return status.revoked
    ? { ok: false, line: `status: REVOKED: the status list at ${url} has index ${index} set` }
    : { ok: true, line: `status: valid (the status list at ${url}, index ${index}, is not set)` };
}
