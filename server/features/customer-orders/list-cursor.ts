import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { RECORD_ID_PATTERN } from '../../../shared/ids';
import { badRequest } from '../../lib/http-error';
import { PerKeyCache } from '../../lib/per-key-cache';

/**
 * The position after the last order of a page of GET /api/submissions (decision 037): its created_at at full
 * (microsecond) precision and its id, the list's order (created_at desc, id asc). Opaque to clients: the
 * position in base64url JSON, a dot, and an HMAC of it and the customer's id under a key derived from the session
 * secret, so a cursor that was not made by this server for this customer is refused with 400 before any SQL.
 */
export interface ListCursor {
  at: string;
  id: string;
}

export const INVALID_CURSOR = 'Invalid cursor';

/** A created_at as the list query spells it (to_char … 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'). */
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A key of its own, derived from the session secret (never the secret itself). A KeyObject, made once: given the
 * key's bytes, createHmac imports them again on every call, which cost a page of the list more than the hash itself
 * (decision 079).
 */
export function cursorSigningKey(sessionSecret: string): KeyObject {
  return createSecretKey(createHmac('sha256', sessionSecret).update('humanproof:submissions-cursor:v1').digest());
}

const mac = (key: KeyObject, userId: string, body: string) => createHmac('sha256', key).update(`${userId}\n${body}`).digest().subarray(0, 16);

/**
 * Cursors this process has signed, per key: the dashboard polls its list, and the same first page ends at the same
 * order until a new one comes, so the same cursor is signed again and again. The signature of a given key, customer
 * and position never changes, so it is kept (bounded: the oldest goes first). Decoding always checks in full.
 */
const signedCursors = new PerKeyCache<KeyObject>(10_000);

export function encodeListCursor(key: KeyObject, userId: string, cursor: ListCursor): string {
  const body = Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
  const message = `${userId}\n${body}`;
  let encoded = signedCursors.get(key, message);
  if (encoded === undefined) {
    encoded = `${body}.${mac(key, userId, body).toString('base64url')}`;
    signedCursors.set(key, message, encoded);
  }
  return encoded;
}

/** The cursor's position, or a 400 for anything this server did not sign for this customer. */
export function decodeListCursor(key: KeyObject, userId: string, raw: string): ListCursor {
  const invalid = () => badRequest(INVALID_CURSOR);
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(raw);
  if (!match) throw invalid();
  const [, body, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, userId, body);
  // Only the canonical spelling: the last character's unused bits could otherwise vary, giving one cursor 4 spellings.
  if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) throw invalid();
  // Signed by this server, so well formed; its shape is checked again all the same before it reaches SQL.
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || !ISO_MICROS.test(at) || Number.isNaN(Date.parse(at)) || typeof id !== 'string' || !RECORD_ID_PATTERN.test(id)) throw invalid();
  return { at, id };
}
