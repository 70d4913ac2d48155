import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../lib/http-error';

/** A slow, locked or unreachable database: the client may try again shortly (see server/db/client.ts timeouts). */
export const DATABASE_BUSY_MESSAGE = 'The service is busy right now. Please try again in a few seconds.';
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Fastify's own request errors, in the product's words; other FST_ERR_* 4xx keep Fastify's message. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_INVALID_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL parameter is too long',
};

function firstZodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  return issue.message;
}

/** A serialized error body that already is the app's `{ message }` JSON. */
function isMessageBody(payload: unknown, contentType: unknown): boolean {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (typeof contentType !== 'string' || !contentType.includes('json')) return false;
  try {
    const parsed = JSON.parse(payload.toString()) as unknown;
    return !!parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}

/** One error handler: every 4xx answers `{ message }`; a 5xx is logged and answered without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers).code(error.statusCode).send({ message: error.message });
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? 'Invalid request';
      void reply.code(400).send({ message });
      return;
    }
    if (error instanceof ZodError) {
      void reply.code(400).send({ message: firstZodMessage(error) });
      return;
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? '';
      const message = FASTIFY_MESSAGES[code] ?? (error instanceof SyntaxError ? 'Malformed JSON body' : error.message);
      void reply.code(status).send({ message });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database busy or unreachable; answered 503');
      void reply
        .code(503)
        .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_BUSY_MESSAGE });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    void reply.code(500).send({ message: SERVER_ERROR_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  // Answers made outside the error handler (better-auth's Web responses, a bare reply.code(404).send())
  // still reach the client as `{ message }`. Pages (the app shell's 404) and streams are left alone.
  app.addHook('onSend', async (_request, reply, payload) => {
    const status = reply.statusCode;
    if (status < 400) return payload;
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (isMessageBody(payload, reply.getHeader('content-type'))) return payload;
    const message = status >= 500 ? SERVER_ERROR_MESSAGE : (STATUS_CODES[status] ?? 'Request failed');
    void reply.header('content-type', 'application/json; charset=utf-8').removeHeader('content-length');
    return JSON.stringify({ message });
  });
}
