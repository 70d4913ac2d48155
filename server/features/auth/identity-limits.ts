import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../../shared/auth.schema';
import { rateLimiter } from '../../plugins/rate-limit';
import type { IdentityEndpoint } from './identity-endpoints';

function targetEmail(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 320) : null;
}

/**
 * The endpoint's limiters, for its preHandler: its bucket per client address and, for password resets, also per
 * target address (`password-reset:email:<address>`, which deleting the account clears), AUTH_RATE_LIMIT_MAX per
 * AUTH_RATE_LIMIT_WINDOW_SECONDS each; 429 with Retry-After once either is full.
 */
export function identityRateLimits(app: FastifyInstance, endpoint: IdentityEndpoint): ((request: FastifyRequest) => Promise<void>)[] {
  const bucket = endpoint.rateLimit;
  if (!bucket) return [];
  const window = { max: app.config.AUTH_RATE_LIMIT_MAX, windowSeconds: app.config.AUTH_RATE_LIMIT_WINDOW_SECONDS, message: AUTH_MESSAGES.tooManyAttempts };
  const limiters = [rateLimiter(app, { ...window, key: (request) => `${bucket}:${request.ip}` })];
  if (bucket === 'password-reset') {
    limiters.push(
      rateLimiter(app, {
        ...window,
        key: (request) => {
          const email = targetEmail(request.body);
          return email ? `${bucket}:email:${email}` : null;
        },
      }),
    );
  }
  return limiters;
}

/** Waits until `minimumDurationMs` after `startedAt` (a no-op for endpoints without one). */
export async function holdUntilMinimumDuration(endpoint: IdentityEndpoint, startedAt: number): Promise<void> {
  const remaining = (endpoint.minimumDurationMs ?? 0) - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
