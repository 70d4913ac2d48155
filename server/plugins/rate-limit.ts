import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import { PostgresRateLimitStore } from '../lib/rate-limit-store';

/**
 * Rate limits (decision 030): @fastify/rate-limit with its store in PostgreSQL (server/lib/rate-limit-store.ts),
 * so every instance shares the counts. Nothing is limited by default (`global: false`): a route takes a limiter
 * from `rateLimiter` below as a preHandler (or onRequest when it must count before the body is read).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { db } = app;
  await app.register(fastifyRateLimit, {
    global: false,
    // The library constructs its store itself; this one is bound to the app's database.
    store: class extends PostgresRateLimitStore {
      constructor() {
        super(db);
      }
    },
    // A database that does not answer fails the request (503 from the error handler), never lets it through.
    skipOnError: false,
  });
}

/** One fixed window per key: at most `max` requests per `windowSeconds`. */
export interface FixedWindow {
  /** This request's counter: its bucket first (`contact:203.0.113.7`); null leaves the request uncounted. */
  key: (request: FastifyRequest) => string | null;
  max: number;
  windowSeconds: number;
}

/** Where a counted request stands in its window (what RateLimit-Limit / -Remaining / -Reset say). */
export interface WindowState {
  max: number;
  remaining: number;
  exceeded: boolean;
  resetSeconds: number;
}

/**
 * Counts the request in its window through the library's `createRateLimit` and says where it stands; null when
 * `key` gave none. The public API combines two of these (key and account) into one set of headers.
 *
 * Not the library's `fastify.rateLimit()` handler: that one runs once per request (a request flag), so a second
 * limiter on the same request (reset: client address, then target address) would be skipped.
 */
export function countInWindow(app: FastifyInstance, window: FixedWindow): (request: FastifyRequest) => Promise<WindowState | null> {
  const check = app.createRateLimit({
    keyGenerator: (request) => window.key(request) ?? '',
    allowList: (_request, key) => key === '',
    max: window.max,
    timeWindow: window.windowSeconds * 1000,
  });
  return async (request) => {
    const result = await check(request);
    if (result.isAllowed) return null;
    return { max: result.max, remaining: result.remaining, exceeded: result.isExceeded, resetSeconds: result.ttlInSeconds };
  };
}

/**
 * A limiter for a route's preHandler (or onRequest): counts the request and, once the window is full, answers 429
 * with Retry-After and `message` (`{ message }`, or a problem under /api/v1). Two limiters in sequence count one
 * request against two keys; the first that is full answers.
 */
export function rateLimiter(app: FastifyInstance, window: FixedWindow & { message: string }): (request: FastifyRequest) => Promise<void> {
  const count = countInWindow(app, window);
  return async (request) => {
    const state = await count(request);
    if (state?.exceeded) throw new HttpError(429, window.message, { 'retry-after': String(state.resetSeconds) });
  };
}
