import canonicalize from 'canonicalize';
import { normaliseTextForHash, type CertificateBody, type CertificateKey } from './certificate.schema';

// ---------------------------------------------------------------------------------------------
// Checking a certificate with Web Crypto alone: the verify page in the browser, the offline example script and the
// tests run this same code. Nothing here calls HumanProof; the caller fetches the published keys.
// ---------------------------------------------------------------------------------------------

export type SignatureCheck = 'verified' | 'bad-signature' | 'unknown-key' | 'unsupported';

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
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
