import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../lib/http-error';
import { PROBLEM_CONTENT_TYPE } from '../../shared/api-v1.schema';
import { ProblemError, problemBody, type ProblemExtensions } from '../lib/problem';
import { problemInstance } from '../lib/request-id';

/** The public API (/api/v1, API-key routes) answers errors as RFC 9457 problem details (decision 024). */
export function answersProblems(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.access === 'api-key') return true;
  // The matched route decides (an encoded path like /api/%761/... reaches the same route); the URL only when no
  // route or a catch-all (/api/*) matched.
  const route = request.routeOptions.url;
  if (route && !route.includes('*')) return /^\/api\/v1(\/|$)/.test(route);
  return /^\/api\/v1(\/|$|\?)/i.test(request.url);
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { headers?: Record<string, string>; extensions?: ProblemExtensions; type?: string } = {},
): void {
  void reply.headers(extra.headers ?? {}).code(status);
  if (answersProblems(request)) {
    // Serialized here: the body has one fixed shape (problemBody), and a /api/v1 URL that reaches another route
    // (the `/api/*` not-found route) must not go through that route's `{ message }` schema.
    void reply.type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problemBody(status, message, extra.extensions, extra.type)));
    return;
  }
  void reply.send({ message });
}

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
    if (error instanceof ProblemError) {
      sendError(request, reply, error.statusCode, error.message, { headers: error.headers, extensions: error.extensions, type: error.problemType });
      return;
    }
    if (error instanceof HttpError) {
      sendError(request, reply, error.statusCode, error.message, { headers: error.headers });
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? 'Invalid request';
      const errors = error.validation.slice(0, 20).map((v) => ({
        path: `${error.validationContext ?? 'body'}${v.instancePath ? v.instancePath.replace(/\//g, '.') : ''}`,
        message: v.message ?? 'Invalid',
      }));
      sendError(request, reply, 400, message, { extensions: { errors } });
      return;
    }
    if (error instanceof ZodError) {
      sendError(request, reply, 400, firstZodMessage(error));
      return;
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? '';
      const message = FASTIFY_MESSAGES[code] ?? (error instanceof SyntaxError ? 'Malformed JSON body' : error.message);
      sendError(request, reply, status, message);
      return;
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database busy or unreachable; answered 503');
      sendError(request, reply, 503, DATABASE_BUSY_MESSAGE, { headers: { 'retry-after': String(DATABASE_BUSY_RETRY_AFTER_SECONDS) } });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    sendError(request, reply, 500, SERVER_ERROR_MESSAGE);
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(request, reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}`);
  });

  // Answers made outside the error handler (better-auth's Web responses, a bare reply.code(404).send())
  // still reach the client as `{ message }`. Pages (the app shell's 404) and streams are left alone. Every error
  // body names its request (decision 028): `requestId` beside `message`, `instance` in a problem.
  // Callback style (nothing in it waits): an async hook costs every request a promise and a turn of the microtask
  // queue (decision 071).
  app.addHook('onSend', (request, reply, payload, done) => done(null, withErrorBody(request, reply, payload)));
}

/** An error answer as `{ message }` (or a problem) naming its request; any other answer as it is. */
function withErrorBody(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const status = reply.statusCode;
    if (status < 400) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (contentType.startsWith('text/html')) return payload;
    if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (contentType.startsWith(PROBLEM_CONTENT_TYPE)) return withRequestId(reply, payload, { instance: problemInstance(request.id) });
    if (isMessageBody(payload, contentType)) return withRequestId(reply, payload, { requestId: request.id });
    const message = status >= 500 ? SERVER_ERROR_MESSAGE : (STATUS_CODES[status] ?? 'Request failed');
    if (answersProblems(request)) {
      void reply.header('content-type', PROBLEM_CONTENT_TYPE).removeHeader('content-length');
      return JSON.stringify({ ...problemBody(status, message), instance: problemInstance(request.id) });
    }
    void reply.header('content-type', 'application/json; charset=utf-8').removeHeader('content-length');
    return JSON.stringify({ message, requestId: request.id });
}

/** The JSON error body with the request's id added (a body that is not a JSON object is left as it is). */
function withRequestId(reply: FastifyReply, payload: string | Buffer | null | undefined, fields: Record<string, string>): string | Buffer | null | undefined {
  if (payload === null || payload === undefined) return payload;
  try {
    const parsed = JSON.parse(payload.toString()) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return payload;
    void reply.removeHeader('content-length');
    return JSON.stringify({ ...parsed, ...fields });
  } catch {
    return payload;
  }
}
