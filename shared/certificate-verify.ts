import canonicalize from 'canonicalize';
import type { CertificateBody, CertificateKey } from './certificate.schema';
import { normaliseTextForHash } from './certificate-text';
import { parseStrictJson } from './strict-json';

// ---------------------------------------------------------------------------------------------
// Checking a certificate with Web Crypto alone: the verify page in the browser, the offline example script and the
// tests run this same code. Nothing here calls HumanProof; the caller fetches the published keys, and only from
// HumanProof's own address or one the user names, never from the certificate's `issuer` (decision 053).
// ---------------------------------------------------------------------------------------------

export type SignatureCheck = 'verified' | 'bad-signature' | 'unknown-key' | 'unsupported';

/** The raw bytes of a base64url value (a JWK's `x`, a signature). */
export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes the signature covers: the body's RFC 8785 canonical JSON, UTF-8. */
export function canonicalCertificate(body: CertificateBody | Record<string, unknown>): string {
  const text = canonicalize(body);
  if (text === undefined) throw new Error('certificate body has no canonical form');
  return text;
}

/**
 * Whether `signature` (base64url Ed25519) signs this body under the published key `keyId`. "unsupported" when the
 * runtime's Web Crypto has no Ed25519 (browsers before 2025).
 */
export async function checkCertificateSignature(
  body: CertificateBody | Record<string, unknown>,
  signature: string,
  keyId: string,
  keys: readonly Pick<CertificateKey, 'kid' | 'x'>[],
): Promise<SignatureCheck> {
  const jwk = keys.find((k) => k.kid === keyId);
  if (!jwk) return 'unknown-key';
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    return error instanceof DOMException && error.name === 'NotSupportedError' ? 'unsupported' : 'unknown-key';
  }
  try {
    const data = new TextEncoder().encode(canonicalCertificate(body));
    return (await crypto.subtle.verify({ name: 'Ed25519' }, key, fromBase64Url(signature), data)) ? 'verified' : 'bad-signature';
  } catch {
    return 'bad-signature';
  }
}

/** Hex SHA-256 of a text after normaliseTextForHash: what a certificate's textSha256 holds. */
export async function textSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normaliseTextForHash(text)));
  return toHex(digest);
}

/** A certificate file as GET /api/v1/certificates/{code} answers it: the signed body and what sits beside it. */
export interface CertificateFile {
  certificate: Record<string, unknown>;
  signature: string;
  keyId: string;
  /** Not signed: "revoked" is believed (nobody gains by it), "valid" proves nothing; ask HumanProof for the status. */
  status?: unknown;
}

export type CertificateFileRead = { ok: true; file: CertificateFile } | { ok: false; message: string };

/**
 * A pasted or saved certificate file, read strictly (shared/strict-json.ts): a file that names a member twice is
 * refused, since JSON.parse would check one value while a person or another program may be shown the other.
 */
export function readCertificateFile(text: string): CertificateFileRead {
  const parsed = parseStrictJson(text);
  if (!parsed.ok) {
    return {
      ok: false,
      message: parsed.ambiguous
        ? `This file is refused: ${parsed.message}. HumanProof never writes such a file, and programs would differ on what it says.`
        : `This is not a certificate file: it is not valid JSON (${parsed.message}).`,
    };
  }
  const file = parsed.value as Partial<CertificateFile> | null;
  const body = file?.certificate;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || typeof file?.signature !== 'string' || typeof file.keyId !== 'string') {
    return { ok: false, message: 'This is not a certificate file: it has no certificate, signature and keyId (a private certificate’s JSON carries no signed details).' };
  }
  return { ok: true, file: { certificate: body, signature: file.signature, keyId: file.keyId, status: file.status } };
}

/**
 * What copying a text changes and "Check a text" therefore ignores, on top of normaliseTextForHash (NFC, LF,
 * trimmed): any Unicode space (a no-break space, a thin space) reads as a plain space, and spaces and tabs at the
 * end of a line are dropped.
 */
export function normaliseCopiedText(text: string): string {
  return normaliseTextForHash(text)
    .replace(/\p{Zs}/gu, ' ')
    .replace(/[ \t]+$/gm, '')
    .trim();
}

export const COPIED_TEXT_RULE =
  'Every character counts except what copying changes: line endings, spaces and tabs at the end of a line or of the text, and the kind of space (a no-break space counts as a space).';

export const MATCHES_APART_FROM_SPACING = 'Matches the reviewed text, apart from spacing that copying changes';

export type TextComparison = 'matches' | 'matches-apart-from-spacing' | 'differs';

/**
 * A text against a certificate's textSha256. The fingerprint is of the delivered text after normaliseTextForHash
 * (decision 033), so the text is hashed that way first, then with normaliseCopiedText too: either match means the
 * two texts are the same apart from what normaliseCopiedText ignores (decision 053).
 */
export async function compareText(text: string, expected: string): Promise<TextComparison> {
  if ((await textSha256(text)) === expected) return 'matches';
  if ((await textSha256(normaliseCopiedText(text))) === expected) return 'matches-apart-from-spacing';
  return 'differs';
}
