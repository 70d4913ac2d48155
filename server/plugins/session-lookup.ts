import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseCookies } from 'better-call';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { PerKeyCache } from '../lib/per-key-cache';

/**
 * The session token from better-auth's signed cookie, read exactly as better-auth reads it (better-call's
 * getSignedCookie): only the cookie named `cookieName` (under https that is the `__Secure-` one, so a plain
 * cookie planted by a sibling site is never read), the first occurrence of it, and a 44-character base64
 * HMAC-SHA256 signature. Null when missing or wrong. session-lookup.test.ts holds it to better-auth's answer.
 */
export async function readSessionToken(
  cookieHeader: string | undefined,
  cookieName: string,
  key: KeyObject,
): Promise<string | null> {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader).get(cookieName);
  if (!value) return null;
  const known = verifiedCookies.get(key, value);
  if (known !== undefined) return known;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  let bytes: Buffer;
  try {
    // atob is strict (it throws on characters outside base64), as better-call's verification is.
    bytes = Buffer.from(atob(signature), 'latin1');
  } catch {
    return null;
  }
  // The same HMAC-SHA256 check as WebCrypto's verify, computed in this thread: every signed-in request makes it, and
  // the asynchronous WebCrypto call cost more in its queueing than in the hash (decision 071).
  const expected = createHmac('sha256', key).update(token, 'utf8').digest();
  if (bytes.length !== expected.length || !timingSafeEqual(bytes, expected)) return null;
  verifiedCookies.set(key, value, token);
  return token;
}

/**
 * Cookie values whose signature this process has verified, per signing key, each with its token: a signed-in
 * browser sends the same value with every request, and its signature need not be computed again (decision 078). Only
 * values that verified are kept, so a forged one is always checked in full; a token's validity is still the session
 * row's, looked up on every request. Bounded: the oldest entry goes first.
 */
export const VERIFIED_COOKIES_KEPT = 10_000;
const verifiedCookies = new PerKeyCache<KeyObject>(VERIFIED_COOKIES_KEPT);

/** How many verified values are kept for `key` (tests). */
export function verifiedCookiesHeld(key: KeyObject): number {
  return verifiedCookies.size(key);
}

/** The session cookies' signing key (better-auth's secret) for readSessionToken. */
export async function importSigningKey(secret: string): Promise<KeyObject> {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/** One indexed query: the session by its token, joined to its user (sessions_token_unique). */
export function currentUserQuery(db: Database) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      image: users.image,
      isAdmin: users.isAdmin,
      isReviewer: users.isReviewer,
      suspendedAt: users.suspendedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1);
}
