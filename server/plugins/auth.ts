import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { isStaff, type CurrentUser, type Role } from '../../shared/auth.schema';
import { cookieHasSessionHint, SESSION_HINT_COOKIE } from '../../shared/session-hint';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from '../lib/http-error';
import { ROUTE_ACCESS, type RouteAccess } from './access';
import { currentUserQuery, importSigningKey, readSessionToken } from './session-lookup';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account: set by the guard on `customer` and `admin` routes; null elsewhere until looked up. */
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every route the app registered, with its declared access (read by the authorization matrix test). */
    routeAccess: readonly RouteAccessEntry[];
    /** Reads the session cookie and its account; use getCurrentUser(request), which does it once per request. */
    lookUpSession: (request: FastifyRequest) => Promise<CurrentUser | null>;
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/** The sessions the guard reads: better-auth's, described by the auth feature (server/features/auth/better-auth.ts). */
export interface SessionSource {
  /** The session cookie's name. */
  cookieName: string;
  expiresInSeconds: number;
  /** A session older than this is renewed (sliding expiry). */
  updateAgeSeconds: number;
  /** Renews a session that is due for it; the Set-Cookie lines to send with the answer. */
  renew: (headers: Headers) => Promise<string[]>;
}

/**
 * What the app hands the plugin (server/app.ts): plugins import no feature (decision 058), so the sessions and the
 * public API's key check (server/features/api-keys) come in as options.
 */
export interface AuthPluginOptions {
  db: Database;
  /** Signs session cookies (better-auth's secret). */
  secret: string;
  sessions: SessionSource;
  /** Lets an `api-key` route's caller in by their Bearer key, or answers the problem. */
  authenticateApiKey: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const lookups = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
/** The lookups that have answered, with their answer: the answer's hooks read them without waiting (decision 078). */
const settledLookups = new WeakMap<FastifyRequest, CurrentUser | null>();
const renewedCookies = new WeakMap<FastifyRequest, string[]>();

/** The signed-in user of this request (looked up once per request), or null. For `public` routes that vary. */
export function getCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = lookups.get(request);
  if (!pending) {
    pending = request.server.lookUpSession(request).then((user) => {
      request.user = user;
      settledLookups.set(request, user);
      return user;
    });
    lookups.set(request, pending);
  }
  return pending;
}

/** The account the guard let in. On a `customer`, `staff` or `admin` route it is always there. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = request.user ?? (await getCurrentUser(request));
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/** The account the guard let onto a `staff` route: a reviewer or an admin (decision 021). */
export async function requireStaff(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!isStaff(user)) throw forbidden(STAFF_ONLY);
  return user;
}

const STAFF_ONLY = 'Review team access required';

/** The role an account has: admin (the flag or ADMIN_EMAILS), an unsuspended reviewer, else customer. */
export function roleOf(account: { isAdmin: boolean; isReviewer: boolean; suspendedAt: Date | string | null }): Role {
  if (account.isAdmin) return 'admin';
  if (account.isReviewer && account.suspendedAt === null) return 'reviewer';
  return 'customer';
}

function declaredAccess(route: RouteOptions): RouteAccess {
  const access = route.config?.access;
  if (access === undefined || !ROUTE_ACCESS.includes(access)) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `Route ${methods} ${route.url} does not declare who may call it: add config: { access: ${ROUTE_ACCESS.map((a) => `'${a}'`).join(' | ')} } (see server/plugins/access.ts)`,
    );
  }
  return access;
}

/** The guard of every request, on its matched route; `api-key` routes go to the public API's key check. */
function guardWith(authenticateApiKey: AuthPluginOptions['authenticateApiKey']) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      // Only the not-found handler has no declaration (every route was checked when it was added).
      if (request.routeOptions.url === undefined) return;
      throw forbidden('Access denied');
    }
    if (access === 'public' || access === 'webhook') return;
    // The public API: a Bearer key only; the session cookie is never read (decision 024).
    if (access === 'api-key') return authenticateApiKey(request, reply);
    const user = await getCurrentUser(request);
    if (!user) throw unauthorized();
    if (access === 'admin' && !user.isAdmin) throw forbidden();
    if (access === 'staff' && !isStaff(user)) throw forbidden(STAFF_ONLY);
  };
}

/**
 * Accounts and access, in one place: better-auth, the session lookup and its renewal, `request.user`, and the
 * guard that runs on the matched route (never on URL text) before its body is parsed. Every route must declare
 * `config.access`; a route without one stops the server at start-up.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    const { config } = app;
    const { secret, sessions } = options;
    const { cookieName } = sessions;
    const signingKey = await importSigningKey(secret);
    const query = currentUserQuery(options.db).prepare('current_user_by_session');

    /**
     * Fast path: verify the cookie and read session + user in one prepared query. A session that is due for
     * renewal (older than better-auth's update age) goes through better-auth's getSession, which extends it and
     * re-sets the cookie, so sliding expiry still works.
     */
    async function lookUpSession(request: FastifyRequest): Promise<CurrentUser | null> {
      const token = await readSessionToken(request.headers.cookie, cookieName, signingKey);
      if (!token) return null;
      const [row] = await query.execute({ token });
      if (!row) return null;
      const now = Date.now();
      const expiresAt = new Date(row.expiresAt).getTime();
      if (expiresAt <= now) return null;
      if (expiresAt - now < (sessions.expiresInSeconds - sessions.updateAgeSeconds) * 1000) {
        const cookies = await sessions.renew(fromNodeHeaders(request.headers));
        if (cookies.length > 0) renewedCookies.set(request, cookies);
      }
      const isAdmin = row.isAdmin || config.adminEmails.includes(row.email.toLowerCase());
      return {
        id: row.id,
        firstName: row.firstName ?? null,
        lastName: row.lastName ?? null,
        email: row.email,
        profileImageUrl: row.image ?? null,
        isAdmin,
        role: roleOf({ isAdmin, isReviewer: row.isReviewer, suspendedAt: row.suspendedAt }),
      };
    }

    const secureCookies = config.PUBLIC_URL.startsWith('https://');
    const hintCookie = (on: boolean) =>
      `${SESSION_HINT_COOKIE}=${on ? '1' : ''}; Path=/; SameSite=Lax; Max-Age=${on ? sessions.expiresInSeconds : 0}${secureCookies ? '; Secure' : ''}`;

    /**
     * The signed-in hint (decision 019) follows the session cookie: set whenever a response sets the session,
     * cleared when it clears it, and corrected whenever this request looked up the session and found the hint
     * wrong (a session that expired or was revoked elsewhere, or one from before the hint existed).
     */
    function sessionHintCookie(request: FastifyRequest, cookies: readonly string[]): string | null | Promise<string | null> {
      const session = cookies.find((c) => c.startsWith(`${cookieName}=`));
      if (session) {
        const cleared = session.startsWith(`${cookieName}=;`) || /;\s*max-age=0(?:;|$)/i.test(session);
        return hintCookie(!cleared);
      }
      const hinted = cookieHasSessionHint(request.headers.cookie);
      const lookup = lookups.get(request);
      if (!lookup) {
        // A hint with no session cookie at all is wrong on its face.
        const hasSessionCookie = (request.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${cookieName}=`));
        return hinted && !hasSessionCookie ? hintCookie(false) : null;
      }
      // Nearly always the lookup has answered by now (the guard waited for it): no promise, no turn of the queue.
      if (settledLookups.has(request)) return hintFor(settledLookups.get(request), hinted);
      // A lookup that failed (the database busy or down) already decided this answer: its error reached the error
      // handler, and the hint is left as it is rather than failing the answer a second time here.
      return lookup.then(
        (user) => hintFor(user, hinted),
        () => null,
      );
    }

    /** The hint cookie to send when the lookup's answer and the request's hint disagree; else null. */
    function hintFor(user: CurrentUser | null | undefined, hinted: boolean): string | null {
      if (user === undefined) return null;
      const signedIn = user !== null;
      return signedIn === hinted ? null : hintCookie(signedIn);
    }

    const table: RouteAccessEntry[] = [];
    app.decorate('sessionSecret', secret);
    app.decorate('lookUpSession', lookUpSession);
    app.decorate('routeAccess', table);
    app.decorateRequest('user', null);
    app.decorateRequest('apiCaller', null);

    app.addHook('onRoute', (route) => {
      const access = declaredAccess(route);
      for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
    });
    app.addHook('onRequest', guardWith(options.authenticateApiKey));
    function finishHeaders(request: FastifyRequest, reply: FastifyReply, list: string[], hint: string | null): void {
      if (hint) list.push(hint);
      if (list.length > 0) void reply.header('set-cookie', list);
      // Nothing answered to a signed-in account may be kept by a browser or a shared cache.
      const access = request.routeOptions.config.access;
      const personal =
        request.user !== null || access === 'customer' || access === 'admin' || access === 'staff' || access === 'api-key';
      if (personal && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
        void reply.header('cache-control', 'no-store');
      }
    }
    // Callback style, waiting only when the session lookup is still out (decision 078).
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      const existing = reply.getHeader('set-cookie');
      const list = [...(existing === undefined ? [] : [existing].flat().map(String)), ...(renewedCookies.get(request) ?? [])];
      const hint = sessionHintCookie(request, list);
      if (!(hint instanceof Promise)) {
        finishHeaders(request, reply, list, hint);
        done(null, payload);
        return;
      }
      hint.then(
        (value) => {
          finishHeaders(request, reply, list, value);
          done(null, payload);
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  },
  { name: 'auth' },
);
