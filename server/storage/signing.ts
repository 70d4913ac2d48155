import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed upload addresses for the local-disk driver. The HMAC key is derived from the session secret (never the
 * secret itself), so a leaked upload signature says nothing about session cookies.
 */
export function uploadSigningKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('humanproof:upload-url:v1').digest();
}

function mac(signingKey: Buffer, key: string, expires: number): string {
  return createHmac('sha256', signingKey).update(`PUT\n${key}\n${expires}`).digest('base64url');
}

export function signUpload(signingKey: Buffer, key: string, expires: number): string {
  return mac(signingKey, key, expires);
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

export function verifyUpload(
  signingKey: Buffer,
  key: string,
  expiresRaw: unknown,
  signature: unknown,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (typeof expiresRaw !== 'string' || !/^\d{1,12}$/.test(expiresRaw) || typeof signature !== 'string') return 'invalid';
  const expires = Number(expiresRaw);
  const expected = Buffer.from(mac(signingKey, key, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires < nowSeconds ? 'expired' : 'ok';
}
