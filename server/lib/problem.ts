import { STATUS_CODES } from 'node:http';
import { PROBLEM_TYPE_BASE, type Problem } from '../../shared/api-v1.schema';
import { HttpError } from './http-error';

/** The problem type of each status the public API answers (RFC 9457 `type`). */
const TYPES: Record<number, string> = {
  400: 'invalid-request',
  401: 'unauthorized',
  402: 'insufficient-credit',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  422: 'idempotency-key-reused',
  429: 'rate-limited',
  500: 'server-error',
  503: 'service-unavailable',
};

export type ProblemExtensions = Omit<Partial<Problem>, 'type' | 'title' | 'status' | 'detail'>;

/** An HttpError that says more in the public API's problem details: its own type and extension members. */
export class ProblemError extends HttpError {
  constructor(
    statusCode: number,
    detail: string,
    readonly extensions: ProblemExtensions = {},
    readonly problemType?: string,
    headers: Record<string, string> = {},
  ) {
    super(statusCode, detail, headers);
    this.name = 'ProblemError';
  }
}

/** The problem-details body for a status and the product's message. */
export function problemBody(status: number, detail: string, extensions: ProblemExtensions = {}, type?: string): Problem {
  return {
    type: `${PROBLEM_TYPE_BASE}${type ?? TYPES[status] ?? (status >= 500 ? 'server-error' : 'request-failed')}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...extensions,
  };
}
