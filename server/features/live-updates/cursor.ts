import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The live stream's event ids (decision 056): a feed id sealed with AES-256-GCM under a key derived from the
 * session secret (which every instance shares), bound to the viewer's account, with a fresh nonce each time. So an
 * id tells its holder nothing (not how many events the platform has had, nor which of two came first, nor whether
 * anything happened between two streams), while any instance can read it back for a replay. Anything else (an
 * id of another account, altered, or made up) opens to nothing.
 */
export function liveCursorKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('humanproof:live-cursor:v1').digest();
}

const NONCE_BYTES = 12;
const ID_BYTES = 8;
const TAG_BYTES = 16;
/** 36 bytes are exactly 48 base64url characters, so every cursor has one spelling. */
const CURSOR = /^[A-Za-z0-9_-]{48}$/;

const boundTo = (viewerId: string) => Buffer.from(`live-cursor\n${viewerId}`, 'utf8');

export function sealCursor(key: Buffer, viewerId: string, feedId: number): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(boundTo(viewerId));
  const id = Buffer.alloc(ID_BYTES);
  id.writeBigUInt64BE(BigInt(feedId));
  return Buffer.concat([nonce, cipher.update(id), cipher.final(), cipher.getAuthTag()]).toString('base64url');
}

/** The feed id a cursor of this viewer's holds, or null for anything this server did not seal for them. */
export function openCursor(key: Buffer, viewerId: string, cursor: string): number | null {
  if (!CURSOR.test(cursor)) return null;
  const bytes = Buffer.from(cursor, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(boundTo(viewerId));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES + ID_BYTES));
  try {
    const id = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, NONCE_BYTES + ID_BYTES)), decipher.final()]).readBigUInt64BE();
    return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
  } catch {
    return null;
  }
}
