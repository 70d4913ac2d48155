import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { countWords } from '../../../shared/word-count';
import { HttpError } from '../../lib/http-error';
import { EXTRACTION_MESSAGES, extractText, fileKind, hasExpectedSignature, UnreadableFileError } from './extract-text';

import { MAX_UPLOAD_BYTES } from '../../../shared/submission.schema';
import { consumeRateLimit } from '../auth';

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

/**
 * POST /api/extract-text: the raw file as the body, its name in X-File-Name (URI-encoded). Public, because a
 * visitor fills the form before signing in. Every content type is read as bytes, in this plugin only.
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
  const throttle = async (request: FastifyRequest) => {
    const result = await consumeRateLimit(app.db, `extract:${request.ip}`, EXTRACTIONS_PER_MINUTE, 60);
    if (!result.allowed) {
      throw new HttpError(429, EXTRACTION_MESSAGES.tooMany, { 'retry-after': String(result.retryAfterSeconds) });
    }
  };

  app.post('/api/extract-text', { config: { access: 'public' }, bodyLimit: MAX_UPLOAD_BYTES, onRequest: throttle }, async (request) => {
    const fileName = decodeFileName(request.headers['x-file-name']);
    const kind = fileKind(fileName, request.headers['content-type']);
    if (!kind) throw new HttpError(400, EXTRACTION_MESSAGES.unsupported);
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (bytes.length === 0) throw new HttpError(422, EXTRACTION_MESSAGES.unreadable);
    if (!hasExpectedSignature(kind, bytes)) throw new HttpError(400, EXTRACTION_MESSAGES.unsupported);
    try {
      const text = await extractText(kind, bytes);
      return { text, fileName, wordCount: countWords(text) };
    } catch (err) {
      if (err instanceof UnreadableFileError) {
        request.log.info({ kind, reason: err.message }, 'uploaded file could not be read');
        throw new HttpError(422, EXTRACTION_MESSAGES.unreadable);
      }
      throw err;
    }
  });
}
