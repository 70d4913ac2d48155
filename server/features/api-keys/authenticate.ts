import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, API_RATE_LIMIT_WINDOW_SECONDS, type ApiScope } from '../../../shared/api-v1.schema';
import { apiKeys, organisationMembers, users } from '../../db/schema';
import { ProblemError } from '../../lib/problem';
import { countInWindow, type WindowState } from '../../plugins/rate-limit';
import { isInProcessCall } from './in-process-calls';
import { hashApiKey } from './keys';

export interface ApiCaller {
  keyId: string;
  userId: string;
  email: string;
  name: string;
  scopes: ApiScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of an `api-key` route's request (set by the guard). */
    apiCaller: ApiCaller | null;
  }
  interface FastifyContextConfig {
    /** The scope an `api-key` route needs. */
    apiScope?: ApiScope;
  }
}

const UNAUTHORIZED = 'Send a valid API key as "Authorization: Bearer hp_live_…"';
/** Last use is written at most once a minute per key, so a busy key does not write on every request. */
const LAST_USED_RESOLUTION_SECONDS = 60;

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([\x21-\x7e]{1,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/** Where the request stands: set by the guard once the key is known, read by the limiters' keys. */
const callerKeys = new WeakMap<FastifyRequest, { keyId: string; userId: string }>();
const windowsByApp = new WeakMap<FastifyInstance, Record<'key' | 'account', (request: FastifyRequest) => Promise<WindowState | null>>>();

/** The public API's two limits (@fastify/rate-limit, store in PostgreSQL): per key, and per account over its keys. */
function apiWindows(app: FastifyInstance) {
  let windows = windowsByApp.get(app);
  if (!windows) {
    const windowSeconds = API_RATE_LIMIT_WINDOW_SECONDS;
    windows = {
      key: countInWindow(app, { key: (request) => `api-key:${callerKeys.get(request)!.keyId}`, max: app.config.API_RATE_LIMIT_PER_MINUTE, windowSeconds }),
      account: countInWindow(app, { key: (request) => `api-account:${callerKeys.get(request)!.userId}`, max: app.config.API_ACCOUNT_RATE_LIMIT_PER_MINUTE, windowSeconds }),
    };
    windowsByApp.set(app, windows);
  }
  return windows;
}

/** Counts the request in its key's and its account's windows, sets the RateLimit headers, and answers 429 past either. */
async function countAgainstLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const windows = apiWindows(request.server);
  const keyWindow = (await windows.key(request))!;
  const accountWindow = (await windows.account(request))!;
  const over = [keyWindow, accountWindow].filter((w) => w.exceeded);
  const window = over.length > 0 ? over.reduce((a, b) => (a.resetSeconds >= b.resetSeconds ? a : b)) : accountWindow.remaining < keyWindow.remaining ? accountWindow : keyWindow;
  void reply.headers({
    'ratelimit-limit': String(window.max),
    'ratelimit-remaining': String(window.remaining),
    'ratelimit-reset': String(window.resetSeconds),
  });
  if (over.length > 0) {
    const whose = window === accountWindow ? 'this account (all its API keys together)' : 'this API key';
    throw new ProblemError(429, `Too many requests for ${whose}. Try again when the window resets.`, {}, undefined, {
      'retry-after': String(window.resetSeconds),
    });
  }
}

/**
 * The guard of `api-key` routes (server/plugins/auth.ts): a Bearer key only, never a cookie; the key must exist,
 * be unrevoked and unexpired, carry the route's scope and be within its rate limit and its account's (@fastify/rate-limit
 * with its store in PostgreSQL, so every instance shares them). Sets RateLimit-Limit / -Remaining / -Reset on every answer.
 */
export async function authenticateApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db } = request.server;
  const key = bearer(request.headers.authorization);
  const unauthorized = () => new ProblemError(401, UNAUTHORIZED, {}, undefined, { 'www-authenticate': 'Bearer realm="HumanProof API"' });
  if (!key || !key.startsWith(API_KEY_PREFIX)) throw unauthorized();
  const [row] = await db
    .select({ key: apiKeys, email: users.email, name: users.name, member: organisationMembers.userId })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(organisationMembers, and(eq(organisationMembers.organisationId, apiKeys.organisationId), eq(organisationMembers.userId, apiKeys.userId)))
    .where(eq(apiKeys.keyHash, hashApiKey(key)))
    .limit(1);
  const now = Date.now();
  if (!row || row.key.revokedAt || (row.key.expiresAt && row.key.expiresAt.getTime() <= now)) throw unauthorized();
  // A key made for an organisation works only while its holder is a member (decision 047): leaving revokes it, and
  // this holds even before that write.
  if (row.key.organisationId && !row.member) throw unauthorized();
  callerKeys.set(request, { keyId: row.key.id, userId: row.key.userId });

  // Two fixed windows, both counted: this key's, and the account's over all its keys (issue 29), so ten keys are not
  // ten times the limit. The headers describe whichever leaves fewer requests; past a limit, the one that resets last.
  // The app's own call on behalf of a request already counted here (a tool call on /mcp) is not counted twice.
  if (!isInProcessCall(request)) await countAgainstLimits(request, reply);

  const scope = request.routeOptions.config.apiScope;
  if (scope && !row.key.scopes.includes(scope)) {
    throw new ProblemError(403, `This API key does not have the ${scope} scope.`, {}, 'insufficient-scope');
  }
  request.apiCaller = { keyId: row.key.id, userId: row.key.userId, email: row.email, name: row.name, scopes: row.key.scopes as ApiScope[] };

  if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_SECONDS * 1000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.key.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${`${LAST_USED_RESOLUTION_SECONDS} seconds`}::interval`)),
        ),
      );
  }
}

/** The caller of an `api-key` route (always set once the guard let the request in). */
export function requireApiCaller(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new ProblemError(401, UNAUTHORIZED);
  return request.apiCaller;
}
