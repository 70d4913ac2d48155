import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { createMetrics, UNMATCHED_ROUTE } from './collectors';

export const METRICS_UNAUTHORIZED = 'A valid metrics token is required.';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the bearer token with METRICS_TOKEN in constant time (hashing first makes the lengths equal). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Prometheus metrics (decision 028). Registered at the root so its hook times every request. `GET /metrics`
 * exists only when METRICS_TOKEN is set (otherwise it is the same 404 as any unknown URL) and answers only that
 * bearer token. It is `public` to the session guard: the token is its own access check.
 */
export const metricsPlugin = fp<{ database: DatabaseHandle }>(async (app: FastifyInstance, { database }) => {
  const metrics = createMetrics(app, database);

  // Callback style: an async hook costs every request a promise and a turn of the microtask queue (decision 071).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDuration.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: request.method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', { config: { access: 'public', reply: 'file' } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      throw new HttpError(401, METRICS_UNAUTHORIZED, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
});
