import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordIdSchema } from '../../../shared/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_REVIEW_DOCUMENT_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  uploadCompleteSchema,
  storedDocumentSchema,
  uploadRequestSchema,
  uploadResponseSchema,
  type UploadResponse,
} from '../../../shared/review.schema';
import { resolveSessionSecret } from '../../env';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { isValidStorageKey, LocalDiskStorage, objectStorageFor, PathEscapeError } from '../../storage';
import { ContentCheckError, DocumentChecker } from '../../storage/content-check';
import { uploadSigningKey, verifyUpload } from '../../storage/signing';
import { requireStaff, requireUser } from '../../plugins/auth';
import { isStaff } from '../../../shared/auth.schema';
import { submissions } from '../../db/schema';
import { and, eq } from 'drizzle-orm';
import { customerCanSee } from '../customer-orders';
import {
  DOCUMENT_NOT_FOUND,
  documentAnswer,
  extensionOfKey,
  findDocument,
  findDocumentByKey,
  markRejected,
  markUploaded,
  reserveDocument,
  tooLarge,
  wrongContent,
} from './documents';
import { confirmStoredUpload } from './confirm-upload';

const adminOnly = { config: { access: 'staff' } } as const;

function contentProblem(err: ContentCheckError): HttpError {
  if (err.problem === 'too-large') return tooLarge();
  if (err.problem === 'empty') return badRequest('The file is empty');
  return wrongContent();
}

/** `attachment` with an ASCII fallback and the exact name in RFC 5987 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 150) || 'document';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Review documents: signed uploads (local disk or S3 presigned), upload confirmation and private downloads. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = objectStorageFor(app.config);
  app.addHook('onClose', async () => {
    if ('destroy' in storage && typeof storage.destroy === 'function') storage.destroy();
  });

  api.post('/api/objects/upload', { ...adminOnly, schema: { body: uploadRequestSchema, response: { 200: uploadResponseSchema } } }, async (request) => {
    const admin = await requireStaff(request);
    const { submissionId, fileName, contentType, size } = request.body;
    const row = await app.db.transaction((tx) =>
      reserveDocument(tx, { submissionId, fileName, contentType, size, uploadedBy: admin.id }),
    );
    const uploadURL = await storage.createUploadUrl(row.storageKey, {
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
      contentLength: size,
    });
    const answer: UploadResponse = {
      uploadURL,
      documentId: row.id,
      url: documentAnswer(row).url,
      driver: storage.driver,
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString(),
    };
    return answer;
  });

  /** After the PUT: S3 uploads are checked here (size, type) before they count; local ones already were. */
  const stored = { 200: storedDocumentSchema };
  api.post('/api/objects/complete', { ...adminOnly, schema: { body: uploadCompleteSchema, response: stored } }, async (request) => {
    const row = await findDocument(app.db, request.body.documentId);
    if (!row || row.status === 'removed') throw notFound(DOCUMENT_NOT_FOUND);
    if (row.status === 'uploaded') return documentAnswer(row);
    if (row.status !== 'pending') throw conflict('This upload was refused; please upload the file again');
    const size = await confirmStoredUpload(storage, row, () => markRejected(app.db, row.id));
    await markUploaded(app.db, row.id, size);
    return documentAnswer({ ...row, sizeBytes: size });
  });

  // The local-disk driver's signed PUT target. The body is streamed to disk, never parsed or buffered.
  if (storage instanceof LocalDiskStorage) {
    const signingKey = uploadSigningKey(resolveSessionSecret(app.config));
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      raw.put('/api/objects/put/*', { config: { access: 'webhook' }, schema: { response: stored } }, async (request: FastifyRequest, reply: FastifyReply) => {
        const key = (request.params as { '*': string })['*'];
        const query = request.query as Record<string, unknown>;
        const check = verifyUpload(signingKey, key, query.expires, query.signature);
        if (check === 'invalid') throw new HttpError(403, 'Invalid upload signature');
        if (check === 'expired') throw new HttpError(403, 'This upload address has expired');
        try {
          storage.resolve(key);
        } catch (err) {
          if (err instanceof PathEscapeError) throw badRequest('Invalid storage key');
          throw err;
        }
        if (!isValidStorageKey(key)) throw badRequest('Invalid storage key');
        const row = await findDocumentByKey(app.db, key);
        const ext = extensionOfKey(key);
        if (!row || !ext) throw notFound(DOCUMENT_NOT_FOUND);
        if (row.status !== 'pending') throw conflict('This upload address has already been used');
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > MAX_REVIEW_DOCUMENT_BYTES) {
          void reply.header('connection', 'close');
          throw tooLarge();
        }
        const checker = new DocumentChecker(ext, MAX_REVIEW_DOCUMENT_BYTES);
        try {
          await storage.write(key, request.raw, checker.transform());
        } catch (err) {
          if (err instanceof ContentCheckError) {
            void reply.header('connection', 'close');
            throw contentProblem(err);
          }
          throw err;
        }
        await markUploaded(app.db, row.id, checker.bytes);
        return documentAnswer({ ...row, sizeBytes: checker.bytes });
      });
    });
  }

  // Private downloads: whoever may see the submission as a customer, or the review team; anyone else gets 404 (ids cannot be probed).
  api.get(
    '/api/documents/:id',
    { config: { access: 'customer', reply: 'file' }, schema: { params: z.object({ id: recordIdSchema() }) } },
    async (request, reply) => {
    const user = await requireUser(request);
    const row = await findDocument(app.db, request.params.id);
    if (!row || row.status !== 'uploaded' || !row.submissionId) throw notFound(DOCUMENT_NOT_FOUND);
    if (!isStaff(user)) {
      // Whoever may see the order as a customer (decision 047: its placer, or a current member of its organisation).
      const [owner] = await app.db
        .select({ status: submissions.status })
        .from(submissions)
        .where(and(eq(submissions.id, row.submissionId), customerCanSee(user.id)))
        .limit(1);
      // The customer gets the review's documents once it is delivered, not the reviewer's work in progress.
      if (!owner || owner.status !== 'completed') throw notFound(DOCUMENT_NOT_FOUND);
    }
    let body;
    try {
      body = await storage.read(row.storageKey);
    } catch (err) {
      request.log.error({ err, documentId: row.id }, 'stored document missing');
      throw notFound(DOCUMENT_NOT_FOUND);
    }
    void reply
      .header('Content-Type', row.contentType ?? 'application/octet-stream')
      .header('Content-Disposition', contentDisposition(row.fileName ?? 'document'))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store');
    if (row.sizeBytes !== null) void reply.header('Content-Length', String(row.sizeBytes));
    return reply.send(body);
    },
  );
}
