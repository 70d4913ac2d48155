import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { CurrentUser } from '../../../shared/auth.schema';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/http-error';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './better-auth';

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
const renewedCookies = new WeakMap<FastifyRequest, string[]>();

/** Set-Cookie headers of a session renewed while serving this request (app.ts adds them to the reply). */
export function renewedSessionCookies(request: FastifyRequest): string[] {
  return renewedCookies.get(request) ?? [];
}
const SESSION_COOKIES = ['__Secure-hp.session_token', 'hp.session_token'];

/** The signed-in user of this request (looked up once per request), or null. */
export function getCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`), or null when
 * the cookie is missing or its signature is wrong.
 */
export function readSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || !SESSION_COOKIES.includes(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }
  return null;
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
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1);
}

// Prepared once per database: every signed-in request runs it.
const prepared = new WeakMap<Database, ReturnType<ReturnType<typeof currentUserQuery>['prepare']>>();

/**
 * Fast path: verify the cookie and read session + user in one prepared query. A session that is due for
 * renewal (older than better-auth's update age) goes through better-auth's getSession, which extends it and
 * re-sets the cookie, so sliding expiry still works.
 */
async function lookUp(request: FastifyRequest): Promise<CurrentUser | null> {
  const { db, config, sessionSecret } = request.server;
  const token = readSessionToken(request.headers.cookie, sessionSecret);
  if (!token) return null;
  let query = prepared.get(db);
  if (!query) {
    query = currentUserQuery(db).prepare('current_user_by_session');
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  if (!row) return null;
  const now = Date.now();
  const expiresAt = new Date(row.expiresAt).getTime();
  if (expiresAt <= now) return null;
  if (expiresAt - now < (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000) {
    const renewed = await request.server.auth.api.getSession({ headers: fromNodeHeaders(request.headers), asResponse: true });
    const cookies = renewed.headers.getSetCookie();
    if (cookies.length > 0) renewedCookies.set(request, cookies);
  }
  return {
    id: row.id,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    email: row.email,
    profileImageUrl: row.image ?? null,
    isAdmin: row.isAdmin || config.adminEmails.includes(row.email.toLowerCase()),
  };
}

export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}
