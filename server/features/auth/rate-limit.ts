import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in the database, so every instance behind a load balancer shares it.
 * One statement: the upsert both resets an expired window and counts this attempt.
 */
export async function consumeRateLimit(
  db: Executor,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const { count, resetSeconds } = await consumeRateLimitWindow(db, key, windowSeconds);
  return count <= max ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: resetSeconds };
}

/**
 * The fixed-window counter itself, answering where the window stands (the public API's RateLimit-* headers):
 * this request's count in the window and the seconds until the window resets.
 */
export async function consumeRateLimitWindow(
  db: Executor,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetSeconds: number }> {
  const interval = `${windowSeconds} seconds`;
  const result = await db.execute<{ window_start: string | Date; count: number; now: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      window_start = case when rate_limits.window_start <= now() - ${interval}::interval
                          then now() else rate_limits.window_start end,
      count = case when rate_limits.window_start <= now() - ${interval}::interval
                   then 1 else rate_limits.count + 1 end
    returning window_start, count, now() as now`);
  const row = result.rows[0]!;
  const windowEnd = new Date(row.window_start).getTime() + windowSeconds * 1000;
  return {
    count: Number(row.count),
    resetSeconds: Math.max(1, Math.ceil((windowEnd - new Date(row.now).getTime()) / 1000)),
  };
}
