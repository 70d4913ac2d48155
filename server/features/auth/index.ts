/** What other features may use from the auth feature. */
export { consumeRateLimit, consumeRateLimitWindow, type RateLimitResult } from './rate-limit';
