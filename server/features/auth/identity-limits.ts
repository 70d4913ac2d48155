import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../shared/auth.schema';
import { HttpError } from '../../lib/http-error';
import type { IdentityEndpoint } from './identity-endpoints';
import { consumeRateLimit } from './rate-limit';

function targetEmail(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 320) : null;
}

/**
 * Counts this call against the endpoint's bucket (per client address; for password resets also per target
 * address) and answers 429 with Retry-After once the bucket is full.
 */
export async function enforceIdentityRateLimit(request: FastifyRequest, endpoint: IdentityEndpoint): Promise<void> {
  const bucket = endpoint.rateLimit;
  if (!bucket) return;
  const { db, config } = request.server;
  const keys = [`${bucket}:${request.ip}`];
  const email = bucket === 'password-reset' ? targetEmail(request.body) : null;
  if (email) keys.push(`${bucket}:email:${email}`);
  for (const key of keys) {
    const result = await consumeRateLimit(db, key, config.AUTH_RATE_LIMIT_MAX, config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
    if (!result.allowed) {
      throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts, { 'retry-after': String(result.retryAfterSeconds) });
    }
  }
}

/** Waits until `minimumDurationMs` after `startedAt` (a no-op for endpoints without one). */
export async function holdUntilMinimumDuration(endpoint: IdentityEndpoint, startedAt: number): Promise<void> {
  const remaining = (endpoint.minimumDurationMs ?? 0) - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
