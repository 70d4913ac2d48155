import { MESSAGE_LIMITS, messageLimitText, type MessageLimit } from '../../../shared/message.schema';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { PostgresRateLimitStore } from '../../lib/rate-limit-store';

/**
 * Counts a customer's message against the account's and the order's windows (decision 054) in the rate-limit
 * store every instance shares, inside the message's transaction: a refusal (429 with Retry-After and which limit)
 * rolls its counts back, so a customer who keeps pressing Send at a full order does not use up the account's
 * hour. Called after the input and access checks: only a message that would be sent is counted. The counters'
 * rows stay locked until the message commits, so two sends at once cannot both take the last place.
 */
export async function countCustomerMessage(tx: Executor, senderId: string, submissionId: string): Promise<void> {
  const store = new PostgresRateLimitStore(tx);
  const windows: [MessageLimit, string][] = [
    ['account', `messages-account:${senderId}`],
    ['order', `messages-order:${submissionId}`],
  ];
  for (const [limit, key] of windows) {
    const { max, windowMinutes } = MESSAGE_LIMITS[limit];
    const window = await store.hit(key, windowMinutes * 60_000);
    if (window.current > max) {
      const retryAfter = Math.max(1, Math.ceil(window.ttl / 1000));
      throw new HttpError(429, messageLimitText(limit, retryAfter), { 'retry-after': String(retryAfter) });
    }
  }
}
