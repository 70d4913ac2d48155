import canonicalize from 'canonicalize';
import { fromBase64Url } from './certificate-verify';
import { JCS_SUITE } from './credential.schema';

// ---------------------------------------------------------------------------------------------
// The verify page's check of a credential (issue 43, decision 060), with Web Crypto and `canonicalize` alone: the
// `eddsa-jcs-2022` proof (W3C Data Integrity EdDSA Cryptosuites, "Verify Proof (eddsa-jcs-2022)") and the
// credential's bit in a Bitstring Status List. The `eddsa-rdfc-2022` proof needs RDF canonicalisation and JSON-LD
// (hundreds of kilobytes), which the page's budget has no room for; the server's tests and
// examples/verify-certificate.ts check both proofs with Digital Bazaar's libraries. The W3C test vector for
// eddsa-jcs-2022 is reproduced with this code (server/features/credentials/w3c-test-vector.test.ts).
// ---------------------------------------------------------------------------------------------

export type ProofCheckResult = 'verified' | 'bad-signature' | 'no-proof' | 'unknown-key' | 'unsupported';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet), as multibase's `z` prefix uses it. Throws on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array<ArrayBuffer> {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) throw new Error('not base58');
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 255n));
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

/** The raw 32-byte Ed25519 key of a Multikey's publicKeyMultibase (`z` + base58btc of 0xed 0x01 and the key). */
export function ed25519FromMultibase(multibase: string): Uint8Array<ArrayBuffer> | null {
  if (!multibase.startsWith('z')) return null;
  const bytes = base58Decode(multibase.slice(1));
  return bytes.length === 34 && bytes[0] === 0xed && bytes[1] === 0x01 ? bytes.slice(2) : null;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function jcs(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('no canonical form');
  return text;
}

type Json = Record<string, unknown>;

/** The document's eddsa-jcs-2022 proof, when it has exactly one. */
export function jcsProofOf(document: Json): Json | null {
  const proofs = (Array.isArray(document.proof) ? document.proof : [document.proof]).filter(
    (p): p is Json => typeof p === 'object' && p !== null && (p as Json).type === 'DataIntegrityProof' && (p as Json).cryptosuite === JCS_SUITE,
  );
  return proofs.length === 1 ? proofs[0]! : null;
}

/**
 * What the signature covers: SHA-256 of the JCS of the proof options (the proof without proofValue) followed by
 * SHA-256 of the JCS of the document without its proofs, whose @context is the proof's when the proof has one (after
 * checking the document's starts with it). Null when the proof's @context does not match.
 */
export async function jcsVerifyData(document: Json, proof: Json): Promise<Uint8Array<ArrayBuffer> | null> {
  const { proof: _proofs, ...unsecured } = document;
  const { proofValue: _value, ...options } = proof;
  if (options['@context'] !== undefined) {
    const wanted = [options['@context']].flat();
    const have = [unsecured['@context']].flat();
    if (!wanted.every((entry, i) => entry === have[i])) return null;
    unsecured['@context'] = options['@context'];
  }
  const [proofHash, documentHash] = await Promise.all([sha256(jcs(options)), sha256(jcs(unsecured))]);
  const data = new Uint8Array(new ArrayBuffer(64));
  data.set(proofHash, 0);
  data.set(documentHash, 32);
  return data;
}

/**
 * Verifies the document's eddsa-jcs-2022 proof with the raw Ed25519 key `keyFor` gives for its verification method
 * (null: not a key the caller trusts). The proof's purpose must be assertionMethod.
 */
export async function checkJcsProof(document: Json, keyFor: (verificationMethod: string) => Uint8Array<ArrayBuffer> | null): Promise<ProofCheckResult> {
  const proof = jcsProofOf(document);
  if (!proof || typeof proof.proofValue !== 'string' || typeof proof.verificationMethod !== 'string' || proof.proofPurpose !== 'assertionMethod') return 'no-proof';
  const raw = keyFor(proof.verificationMethod);
  if (!raw) return 'unknown-key';
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    return error instanceof DOMException && error.name === 'NotSupportedError' ? 'unsupported' : 'unknown-key';
  }
  try {
    const data = await jcsVerifyData(document, proof);
    if (!data || !proof.proofValue.startsWith('z')) return 'bad-signature';
    return (await crypto.subtle.verify({ name: 'Ed25519' }, key, base58Decode(proof.proofValue.slice(1)), data)) ? 'verified' : 'bad-signature';
  } catch {
    return 'bad-signature';
  }
}

/**
 * Bit `index` of a Bitstring Status List's encodedList (multibase `u`: base64url, no padding, of the GZIP of the
 * bits; bit 0 is the first byte's highest bit). Uses the platform's DecompressionStream.
 */
export async function statusBit(encodedList: string, index: number): Promise<boolean> {
  if (!encodedList.startsWith('u')) throw new Error('the status list is not multibase base64url');
  const base64 = encodedList.slice(1).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const compressed = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([compressed]).stream().pipeThrough(new DecompressionStream('gzip'));
  const bits = new Uint8Array(await new Response(stream).arrayBuffer());
  const byte = bits[index >> 3];
  if (byte === undefined || index < 0) throw new Error('the index is outside the status list');
  return (byte & (0x80 >> (index & 7))) !== 0;
}


export type CredentialVerdict =
  /** The JCS proof verified, and the status list (itself verified) does not mark it revoked. */
  | 'verified'
  /** Signed by HumanProof, and its status list marks it revoked. */
  | 'revoked'
  /** The signature verified, but the status list could not be read or checked: not "verified". */
  | 'status-unchecked'
  | 'not-verified'
  | 'unsupported';

export interface CredentialOutcome {
  verdict: CredentialVerdict;
  /** Who holds editorial responsibility, as the signed credential names them; null when not named. */
  editor: { name: string; organisation?: string } | null;
}

/**
 * The verify page's whole check of a certificate's credential: its eddsa-jcs-2022 proof with one of `keys` (the
 * keys this site publishes, never ones the credential names), that it is this certificate's, and its bit in the
 * status list it names, whose own eddsa-jcs-2022 proof must verify with the same keys and whose issuer must be the
 * credential's. `get` fetches a path of this site as JSON (the list is read from this site whatever host it names).
 */
export async function checkCredential(
  code: string,
  keys: readonly { kid: string; x: string }[],
  get: (path: string) => Promise<unknown>,
): Promise<CredentialOutcome> {
  const credential = (await get(`/api/v1/certificates/${encodeURIComponent(code)}/credential`)) as Json;
  const subject = (credential.credentialSubject ?? {}) as Json;
  const named = subject.editorialResponsibility as { name?: unknown; organisation?: unknown } | undefined;
  const editor =
    named && typeof named.name === 'string' ? { name: named.name, ...(typeof named.organisation === 'string' ? { organisation: named.organisation } : {}) } : null;
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : '';
  const keyFor = (verificationMethod: string) => {
    const key = keys.find((k) => verificationMethod === `${issuer}#${k.kid}`);
    return key ? fromBase64Url(key.x) : null;
  };
  const signature = await checkJcsProof(credential, keyFor);
  if (signature === 'unsupported') return { verdict: 'unsupported', editor };
  if (signature !== 'verified' || subject.certificateCode !== code) return { verdict: 'not-verified', editor };

  const entry = (credential.credentialStatus ?? {}) as Json;
  try {
    const listUrl = new URL(String(entry.statusListCredential));
    const list = (await get(listUrl.pathname)) as Json;
    const listSubject = (list.credentialSubject ?? {}) as Json;
    const index = Number(entry.statusListIndex);
    if (
      (await checkJcsProof(list, keyFor)) !== 'verified' ||
      list.issuer !== issuer ||
      list.id !== entry.statusListCredential ||
      listSubject.statusPurpose !== entry.statusPurpose ||
      typeof listSubject.encodedList !== 'string' ||
      !Number.isInteger(index)
    ) {
      return { verdict: 'status-unchecked', editor };
    }
    return { verdict: (await statusBit(listSubject.encodedList, index)) ? 'revoked' : 'verified', editor };
  } catch {
    return { verdict: 'status-unchecked', editor };
  }
}
