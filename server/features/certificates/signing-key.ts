import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CertificateKey } from '../../../shared/certificate.schema';
import { parseEd25519PrivateKey, type Config } from '../../env';

/** The key that signs new certificates, with its published id and public half. */
export interface SigningKey {
  id: string;
  privateKey: KeyObject;
  /** The raw 32-byte public key, base64url (a JWK's `x`). */
  publicKey: string;
}

const KEY_FILE = 'cert-signing-key.pem';

/** The key id: the first 16 characters of the base64url SHA-256 of the raw public key (stable across restarts). */
export function keyIdOf(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('base64url').slice(0, 16);
}

function fromPrivateKey(privateKey: KeyObject): SigningKey {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKey = String(jwk.x);
  return { id: keyIdOf(publicKey), privateKey, publicKey };
}

/**
 * CERT_SIGNING_KEY when set (validated at start-up, env.ts); otherwise a key generated on first start and kept in
 * DATA_DIR (0600), like the session secret. Instances behind one load balancer share the variable; if they did
 * not, each would publish its own key and every certificate would still verify (all keys are published).
 */
export function resolveSigningKey(config: Pick<Config, 'CERT_SIGNING_KEY' | 'DATA_DIR'>): SigningKey {
  if (config.CERT_SIGNING_KEY) {
    const key = parseEd25519PrivateKey(config.CERT_SIGNING_KEY);
    if (!key) throw new Error('CERT_SIGNING_KEY: must be an Ed25519 private key (PKCS#8 PEM or base64 DER)');
    return fromPrivateKey(key);
  }
  const file = path.join(config.DATA_DIR, KEY_FILE);
  if (existsSync(file)) {
    const stored = parseEd25519PrivateKey(readFileSync(file, 'utf8'));
    if (stored) return fromPrivateKey(stored);
  }
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  return fromPrivateKey(privateKey);
}

export function signBytes(key: SigningKey, data: string): string {
  return sign(null, Buffer.from(data, 'utf8'), key.privateKey).toString('base64url');
}

/** Verifies a base64url Ed25519 signature of `data` against a published JWK. */
export function verifyWithJwk(jwk: Pick<CertificateKey, 'x'>, data: string, signature: string): boolean {
  try {
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    return verify(null, Buffer.from(data, 'utf8'), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
