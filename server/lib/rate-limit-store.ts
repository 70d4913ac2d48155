import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** A key's fixed window after a request: its count and the milliseconds until it resets (@fastify/rate-limit's shape). */
export interface WindowCount {
  current: number;
  ttl: number;
}

type StoreCallback = (error: Error | null, result?: WindowCount) => void;

/** Longer keys are stored as their hash: a btree entry has a size limit, and a key is never meant to be this long. */
const MAX_KEY_BYTES = 1024;

/**
 * The key as stored: as given (readable, and what other code deletes by, e.g. `password-reset:email:<address>`),
 * unless it holds NUL (PostgreSQL text cannot) or is over MAX_KEY_BYTES; then its SHA-256, which still counts one
 * key in one row.
 */
export function storedRateLimitKey(key: string): string {
  if (!key.includes('\0') && Buffer.byteLength(key) <= MAX_KEY_BYTES) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function ttlOf(windowStart: string | Date, now: string | Date, windowMs: number): number {
  return Math.max(1, new Date(windowStart).getTime() + windowMs - new Date(now).getTime());
}

/**
 * @fastify/rate-limit's store in PostgreSQL (decision 030): a fixed window per key in the `rate_limits` table, so
 * every instance behind a load balancer shares the counts. One statement per request: the upsert both resets an
 * expired window and counts this request, against the database's clock (never an instance's).
 *
 * The plugin is registered in server/plugins/rate-limit.ts; routes get limiters from there. Keys carry their
 * bucket (`sign-in:<address>`, `api-key:<id>`), so child stores are this store.
 */
export class PostgresRateLimitStore {
  constructor(private readonly db: Executor) {}

  /** Counts one request in `key`'s window of `timeWindow` ms (the library's `incr`). */
  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    this.hit(key, timeWindow).then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Where `key`'s window stands, without counting (the library's `read`, for `{ increment: false }`). */
  read(key: string, callback: StoreCallback, timeWindow: number): void {
    this.peek(key, timeWindow).then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): PostgresRateLimitStore {
    return this;
  }

  /** The fixed-window counter itself: counts one request and answers the window's count and time left. */
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const interval = `${Math.max(1, Math.trunc(windowMs))} milliseconds`;
    const result = await this.db.execute<{ window_start: string | Date; count: number; now: string | Date }>(sql`
      insert into rate_limits (key, window_start, count) values (${storedRateLimitKey(key)}, now(), 1)
      on conflict (key) do update set
        window_start = case when rate_limits.window_start <= now() - ${interval}::interval
                            then now() else rate_limits.window_start end,
        count = case when rate_limits.window_start <= now() - ${interval}::interval
                     then 1 else rate_limits.count + 1 end
      returning window_start, count, now() as now`);
    const row = result.rows[0]!;
    return { current: Number(row.count), ttl: ttlOf(row.window_start, row.now, windowMs) };
  }

  /** The window's count and time left without counting: zero for a key with no window or an expired one. */
  async peek(key: string, windowMs: number): Promise<WindowCount> {
    const interval = `${Math.max(1, Math.trunc(windowMs))} milliseconds`;
    const result = await this.db.execute<{ window_start: string | Date; count: number; now: string | Date }>(sql`
      select window_start, count, now() as now from rate_limits
      where key = ${storedRateLimitKey(key)} and window_start > now() - ${interval}::interval`);
    const row = result.rows[0];
    return row ? { current: Number(row.count), ttl: ttlOf(row.window_start, row.now, windowMs) } : { current: 0, ttl: 0 };
  }
}
