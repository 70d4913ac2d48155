/** What other features may use from the auth feature. */
export { consumeRateLimit, type RateLimitResult } from './rate-limit';
