/**
 * Checks a HumanProof certificate of human review offline (issue 24): the Ed25519 signature against the published
 * key, and the SHA-256 of a text against the certificate's fingerprint. The only call to HumanProof is fetching
 * the published keys; pass --keys with a saved copy of the keys file to make none.
 *
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt --keys https://humanproof.example/.well-known/humanproof-keys.json
 *   node --import tsx examples/verify-certificate.ts certificate.json text.txt --keys keys.json
 *
 * certificate.json is what GET /api/v1/certificates/{code} answers. Exit code 0 when the signature verifies and the
 * text matches; 1 when either fails; 2 on bad arguments. Needs only node:crypto and the `canonicalize` package
 * (RFC 8785), so it runs anywhere; server/features/certificates/verify-example.test.ts runs it in CI.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import canonicalize from 'canonicalize';

interface PublishedKey {
  kid: string;
  x: string;
}
interface CertificateFile {
  certificate: Record<string, unknown> & { issuer?: string; textSha256?: string | null };
  signature: string;
  keyId: string;
}

export interface VerifyOutcome {
  signature: 'verified' | 'bad-signature' | 'unknown-key';
  text: 'matches' | 'differs' | 'no-fingerprint';
}

/** NFC, LF line endings, trimmed: the normalisation the fingerprint was taken of. */
export function fingerprint(text: string): string {
  return createHash('sha256').update(text.normalize('NFC').replace(/\r\n?/g, '\n').trim(), 'utf8').digest('hex');
}

export function verifyCertificate(file: CertificateFile, keys: PublishedKey[], text: string): VerifyOutcome {
  const key = keys.find((k) => k.kid === file.keyId);
  let signature: VerifyOutcome['signature'] = 'unknown-key';
  if (key) {
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' });
    const data = Buffer.from(canonicalize(file.certificate) ?? '', 'utf8');
    signature = verify(null, data, publicKey, Buffer.from(file.signature, 'base64url')) ? 'verified' : 'bad-signature';
  }
  const expected = file.certificate.textSha256;
  const textCheck = typeof expected === 'string' ? (fingerprint(text) === expected ? 'matches' : 'differs') : 'no-fingerprint';
  return { signature, text: textCheck };
}

async function loadKeys(source: string): Promise<PublishedKey[]> {
  const body = /^https?:\/\//.test(source)
    ? await fetch(source).then((response) => {
        if (!response.ok) throw new Error(`${source} answered ${response.status}`);
        return response.json() as Promise<unknown>;
      })
    : (JSON.parse(await readFile(source, 'utf8')) as unknown);
  const keys = (body as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) throw new Error(`${source} has no "keys" list`);
  return keys as PublishedKey[];
}

async function main(argv: string[]): Promise<number> {
  const keysAt = argv.indexOf('--keys');
  const keysArg = keysAt >= 0 ? argv[keysAt + 1] : undefined;
  const [certificatePath, textPath] = argv.filter((_, i) => i !== keysAt && i !== keysAt + 1);
  if (!certificatePath || !textPath || (keysAt >= 0 && !keysArg)) {
    console.error('usage: verify-certificate.ts <certificate.json> <text-file> [--keys <url-or-file>]');
    return 2;
  }
  const file = JSON.parse(await readFile(certificatePath, 'utf8')) as CertificateFile;
  if (!file.certificate || typeof file.signature !== 'string' || typeof file.keyId !== 'string') {
    console.error(`${certificatePath}: not a public certificate (a private one carries no signed details)`);
    return 2;
  }
  const issuer = typeof file.certificate.issuer === 'string' ? file.certificate.issuer : '';
  const keys = await loadKeys(keysArg ?? `${issuer.replace(/\/+$/, '')}/.well-known/humanproof-keys.json`);
  const outcome = verifyCertificate(file, keys, await readFile(textPath, 'utf8'));
  console.log(`signature: ${outcome.signature === 'verified' ? 'verified' : `NOT verified (${outcome.signature})`}`);
  console.log(`text: ${outcome.text === 'matches' ? 'matches the reviewed text' : outcome.text === 'differs' ? 'does NOT match: it differs from the reviewed version' : 'the certificate has no text fingerprint'}`);
  return outcome.signature === 'verified' && outcome.text === 'matches' ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
