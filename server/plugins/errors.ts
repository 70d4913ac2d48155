import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../lib/http-error';

/** A slow, locked or unreachable database: the client may try again shortly (see server/db/client.ts timeouts). */
export const DATABASE_BUSY_MESSAGE = 'The service is busy right now. Please try again in a few seconds.';
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;

function firstZodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  return issue.message;
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
      const code = (error as FastifyError).code;
      const message =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : error.message;
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
    void reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
