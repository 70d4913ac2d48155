import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CERTIFICATE_MESSAGES, normaliseCertificateCode } from '../../../shared/certificate.schema';
import { notFound } from '../../lib/http-error';
import { getCurrentUser } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { getAccessibleOrder } from '../customer-orders';
import { findCertificate, type CertificateRow } from './read-certificates';

/** Look-ups per client address per window: a person verifying a few certificates never meets it; a guesser does. */
export const CERTIFICATE_LOOKUPS_PER_WINDOW = 120;
export const CERTIFICATE_LOOKUP_WINDOW_SECONDS = 600;

/** The look-up limit per client address, for each look-up route's preHandler (one bucket for all of them). */
export function lookUpLimit(app: FastifyInstance) {
  return rateLimiter(app, {
    key: (request) => `certificate:${request.ip}`,
    max: CERTIFICATE_LOOKUPS_PER_WINDOW,
    windowSeconds: CERTIFICATE_LOOKUP_WINDOW_SECONDS,
    message: CERTIFICATE_MESSAGES.tooMany,
  });
}

/**
 * The options a public API look-up by code shares (/api/v1/certificates/:code and what hangs off it): no key, the
 * per-address look-up limit, listed under "Certificates" in the OpenAPI document, its `:code` at most 64 characters.
 */
export function publicLookUpOptions<S extends { summary: string; description: string; response: object }>(app: FastifyInstance, schema: S) {
  return {
    config: { access: 'public' as const },
    preHandler: lookUpLimit(app),
    schema: { ...schema, tags: ['Certificates'], params: z.object({ code: z.string().max(64) }) },
  };
}

/** The certificate, or 404 for any unknown or malformed code (the route's preHandler counted the look-up). */
export async function lookUp(request: FastifyRequest, raw: string): Promise<CertificateRow> {
  const { db } = request.server;
  const code = normaliseCertificateCode(raw);
  const row = code ? await findCertificate(db, code) : null;
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return row;
}

/**
 * A private certificate's details (its PDF, its credential) are for whoever may see its order, and the review team:
 * anybody else gets the same 404 as an unknown code, signed in or not.
 */
export async function assertMayReadPrivate(request: FastifyRequest, row: CertificateRow): Promise<void> {
  if (!row.isPrivate) return;
  const user = await getCurrentUser(request);
  if (!user) throw notFound(CERTIFICATE_MESSAGES.notFound);
  await getAccessibleOrder(request.server.db, row.submissionId, user).catch(() => {
    throw notFound(CERTIFICATE_MESSAGES.notFound);
  });
}
