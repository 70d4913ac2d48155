import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CERTIFICATE_KEYS_PATH,
  CERTIFICATE_MESSAGES,
  certificateKeysSchema,
  certificatePath,
  certificateVisibilitySchema,
  ownCertificateSchema,
  publicCertificateSchema,
} from '../../../shared/certificate.schema';
import { editorLine } from '../../../shared/editorial.schema';
import type { EditorialRecord } from '../../../shared/editorial-record.schema';
import { certificates, submissions } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { getCurrentUser, requireUser } from '../../plugins/auth';
import { certificatePageBody } from '../../../shared/certificate-page-body';
import { getAccessibleOrder } from '../customer-orders';
import { editorialRecordOfDelivery } from '../editorial-records';
import { badgeSvg } from './badge';
import { assertMayReadPrivate, lookUp, lookUpLimit, publicLookUpOptions } from './look-up';
import { buildCertificatePdf } from './certificate-pdf';
import { latestCertificateOfOrder, publishedKeys, toOwnCertificate, toPublicCertificate, type CertificateRow } from './read-certificates';

const codeParams = z.object({ code: z.string().max(64) });
const submissionParams = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid id') });

/**
 * GET /api/v1/certificates/:code, registered by the public API's plugin (server/features/api-v1/routes.ts) so the
 * OpenAPI document lists it: no key needed, the same per-address limit as the page.
 */
export function publicCertificateRoute(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/certificates/:code',
    publicLookUpOptions(app, {
      summary: 'A certificate of human review, with its signature (no API key needed)',
      description:
        'The signed certificate of a delivery (RFC 8785 canonical JSON of `certificate`, Ed25519 `signature` by `keyId`; keys at /.well-known/humanproof-keys.json), or only that it exists when its owner made it private. Limited per client address.',
      response: { 200: publicCertificateSchema, ...problems },
    }),
    async (request, reply) => {
      const row = await lookUp(request, request.params.code);
      void reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
      return toPublicCertificate(row);
    },
  );
}

/**
 * The certificate of human review (issue 24, decision 033): the published keys, the public JSON, the verify page's
 * HTML (a real 404 for an unknown code), the badge and the PDF, all without sign-in and limited per address; and
 * the customer's own view with the private switch.
 */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = lookUpLimit(app);

  api.get(CERTIFICATE_KEYS_PATH, { config: { access: 'public' }, schema: { response: { 200: certificateKeysSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
    return { keys: await publishedKeys(app.db) };
  });

  // The page: a real 404 for a code that does not exist, so an unknown code is "not found" to browsers and search
  // engines alike. A visitor gets the page written here, with the certificate's details and links in its HTML and an
  // island for the checks that need the browser; a signed-in user gets the app, as before (decision 076).
  api.get('/verify/:code', { config: { access: 'public', reply: 'html' }, schema: { params: codeParams }, preHandler }, async (request, reply) => {
    let row: CertificateRow | null = null;
    try {
      row = await lookUp(request, request.params.code);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
    }
    const status = row ? 200 : 404;
    // The answer depends on the session cookie; nobody's cache keeps it unchecked, so a revocation shows at once.
    void reply.header('vary', 'cookie').header('cache-control', 'no-cache');
    if (await getCurrentUser(request)) return sendPage(reply, request.url.split('?')[0]!, status);
    const shown = row ? toPublicCertificate(row) : null;
    const content = certificatePageBody(shown ? { kind: 'found', certificate: shown } : { kind: 'not-found' });
    // Search engines may keep a public, valid certificate, which its customer chose to show (decision 083); a private
    // or revoked one, and an unknown code, say noindex.
    const indexable = shown?.visibility === 'public' && shown.status === 'valid';
    const pages = reply.server.pages.documents;
    const html =
      pages?.fromTemplate('/verify/:code', row ? { path: certificatePath(row.code), content, indexable } : { path: '/404', title: 'Certificate not found', content }) ??
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${row ? 'Certificate' : 'Not found'}</title></head><body><main>${content}</main></body></html>`;
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  });

  api.get('/verify/:code/badge.svg', { config: { access: 'public', reply: 'file' }, schema: { params: codeParams }, preHandler }, async (request, reply) => {
    const row = await lookUp(request, request.params.code);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(badgeSvg(row.code, row.revokedAt ? 'revoked' : 'valid'));
  });

  api.get('/verify/:code/certificate.pdf', { config: { access: 'public', reply: 'file' }, schema: { params: codeParams }, preHandler }, async (request, reply) => {
    const row = await lookUp(request, request.params.code);
    await assertMayReadPrivate(request, row);
    const certificate = toPublicCertificate({ ...row, isPrivate: false });
    if (certificate.visibility !== 'public') throw notFound(CERTIFICATE_MESSAGES.notFound);
    const pdf = await buildCertificatePdf(certificate, app.config.PUBLIC_URL, await editorOfDelivery(app.db, row.deliveryId));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="humanproof-certificate-${row.code}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  // --- The customer's own certificate ------------------------------------------------------------
  api.get('/api/submissions/:id/certificate', { config: { access: 'customer' }, schema: { params: submissionParams, response: { 200: ownCertificateSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const order = await getAccessibleOrder(app.db, request.params.id, user);
    const row = await latestCertificateOfOrder(app.db, order.id);
    if (!row) throw notFound(CERTIFICATE_MESSAGES.noCertificateYet);
    void reply.header('cache-control', 'no-store');
    return toOwnCertificate(row);
  });

  api.patch(
    '/api/submissions/:id/certificate',
    { config: { access: 'customer' }, schema: { params: submissionParams, body: certificateVisibilitySchema, response: { 200: ownCertificateSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const order = await getAccessibleOrder(app.db, request.params.id, user);
      const row = await app.db.transaction(async (tx) => {
        // The order's row lock, which a delivery holds while it issues (lockOrder): a certificate being issued
        // now is either already there for this update, or inherits the choice after it.
        await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, order.id)).for('no key update');
        // Every certificate of the order, older (revoked) ones too, follows the switch.
        await tx.update(certificates).set({ isPrivate: request.body.isPrivate }).where(eq(certificates.submissionId, order.id));
        return latestCertificateOfOrder(tx, order.id);
      });
      if (!row) throw notFound(CERTIFICATE_MESSAGES.noCertificateYet);
      return toOwnCertificate(row);
    },
  );
}

/** Who holds editorial responsibility as the delivery's record names them (issue 43); "not named" otherwise. */
async function editorOfDelivery(db: FastifyInstance['db'], deliveryId: string): Promise<string> {
  const record = await editorialRecordOfDelivery(db, deliveryId);
  return editorLine(record ? (JSON.parse(record.body) as EditorialRecord).editorialResponsibility : null);
}

/** The app's page for this path (its shell) with the given status, for a signed-in user; a bare page without a build. */
function sendPage(reply: FastifyReply, pathname: string, status: number) {
  const pages = reply.server.pages.documents;
  // The verify page's shell either way: the page itself says "Certificate not found" when the code is unknown.
  const html = pages ? pages.documentFor(pathname).html : `<!doctype html><title>${status === 404 ? 'Not found' : 'Certificate'}</title>`;
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
