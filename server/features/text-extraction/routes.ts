import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../shared/submission.schema';
import { EXTRACTION_MESSAGES, extractedTextSchema } from '../../../shared/text-extraction';
import { countWords } from '../../../shared/word-count';
import { HttpError } from '../../lib/http-error';
import { rateLimiter } from '../../plugins/rate-limit';
import { fileKind, hasExpectedSignature } from './extract-text';
import { extractionPool } from './extraction-pool';
import { RETRY_AFTER_SECONDS } from './limits';

const EXTRACTIONS_PER_MINUTE = 30;

function decodeFileName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  return (name.split(/[\\/]/).pop() ?? '').trim().slice(0, 255);
}

const busy = () => new HttpError(503, EXTRACTION_MESSAGES.busy, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/**
 * POST /api/extract-text: the raw file as the body, its name in X-File-Name (URI-encoded). Public, because a
 * visitor fills the form before signing in. Every content type is read as bytes, in this plugin only.
 * Files are read in bounded child processes (extraction-pool.ts, docs/decisions/013-resource-limits.md).
 */
export async function textExtractionRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  const asBuffer = { parseAs: 'buffer' as const, bodyLimit: MAX_UPLOAD_BYTES };
  app.addContentTypeParser('application/octet-stream', asBuffer, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', asBuffer, (_request, body, done) => done(null, body));

  const parentHandler = app.errorHandler;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: EXTRACTION_MESSAGES.tooLarge });
    }
    return parentHandler.call(app, error, request, reply);
  });

  // Public and CPU-heavy (Word and PDF parsing): limited per client address, counted before the body is read.
  const throttle = rateLimiter(app, {
    key: (request) => `extract:${request.ip}`,
    max: EXTRACTIONS_PER_MINUTE,
    windowSeconds: 60,
    message: EXTRACTION_MESSAGES.tooMany,
  });
  // Also before the body: only as many uploads are held in memory as the pool runs and queues.
  const admitted = new WeakSet<FastifyRequest>();
  const admit = async (request: FastifyRequest) => {
    if (!extractionPool.tryAdmit()) throw busy();
    admitted.add(request);
  };
  const leave = async (request: FastifyRequest) => {
    if (admitted.delete(request)) extractionPool.leave();
  };

  app.post(
    '/api/extract-text',
    {
      config: { access: 'public' },
      schema: { response: { 200: extractedTextSchema } },
      bodyLimit: MAX_UPLOAD_BYTES,
      onRequest: [throttle, admit],
      onResponse: leave,
      onRequestAbort: leave,
    },
    async (request) => {
      const fileName = decodeFileName(request.headers['x-file-name']);
      const kind = fileKind(fileName, request.headers['content-type']);
      if (!kind) throw new HttpError(400, EXTRACTION_MESSAGES.unsupported);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length === 0) throw new HttpError(422, EXTRACTION_MESSAGES.unreadable);
      if (!hasExpectedSignature(kind, bytes)) throw new HttpError(400, EXTRACTION_MESSAGES.unsupported);

      const outcome = await extractionPool.extract(kind, bytes);
      if (outcome === 'busy') throw busy();
      if (!outcome.ok) {
        request.log.info({ kind, bytes: bytes.length, reason: outcome.reason, detail: outcome.detail }, 'uploaded file not read');
        throw new HttpError(422, EXTRACTION_MESSAGES[outcome.reason]);
      }
      return { text: outcome.text, fileName, wordCount: countWords(outcome.text) };
    },
  );
}
