/**
 * Every refusal the SDK reports is an RFC 9457 problem: what /api/v1 answers (`type`, `title`, `status`, `detail`,
 * `instance` and the problem's own members, such as `shortfallPence` on a 402). An answer that is not a problem (a
 * proxy's HTML page, the rest of the site's `{ message, requestId }`) and a request that never reached the API are
 * put in the same shape, so a caller reads one thing:
 *
 * - `{ message, requestId }`: `detail` is the message, `instance` is `urn:request:<requestId>`;
 * - any other answer: `detail` says the status and where it came from;
 * - no answer at all (refused connection, DNS): `status` 0, `type` `about:blank`, `title` "Network error".
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  [member: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export class HumanProofError extends Error {
  readonly problem: ProblemDetails;
  /** From Retry-After (a 429, a 503): how long to wait before asking again; null when the answer did not say. */
  readonly retryAfterSeconds: number | null;

  constructor(problem: ProblemDetails, options: { retryAfterSeconds?: number | null } = {}) {
    super(problem.detail);
    this.name = 'HumanProofError';
    this.problem = problem;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }

  get type(): string {
    return this.problem.type;
  }
  get title(): string {
    return this.problem.title;
  }
  get status(): number {
    return this.problem.status;
  }
  get detail(): string {
    return this.problem.detail;
  }
  get instance(): string | undefined {
    return this.problem.instance;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The problem of a refused answer; `body` is what the answer held (parsed JSON, or text). */
export function problemOf(response: Response, body: unknown): ProblemDetails {
  const status = response.status;
  const title = TITLES[status] ?? (response.statusText || 'Error');
  if (isObject(body) && typeof body.detail === 'string' && typeof body.type === 'string') {
    return { ...body, type: body.type, title: typeof body.title === 'string' ? body.title : title, status, detail: body.detail } as ProblemDetails;
  }
  if (isObject(body) && typeof body.message === 'string') {
    return {
      type: 'about:blank',
      title,
      status,
      detail: body.message,
      ...(typeof body.requestId === 'string' ? { instance: `urn:request:${body.requestId}` } : {}),
    };
  }
  const from = response.url ? ` from ${new URL(response.url).origin}` : '';
  return { type: 'about:blank', title, status, detail: `HTTP ${status} ${title}${from}` };
}

/** Retry-After in seconds (the delay form; an HTTP date is read too). */
export function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** A request that got no answer: the address is named, never the request's headers (the key stays out of logs). */
export function networkProblem(url: string, error: unknown): ProblemDetails {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return { type: 'about:blank', title: 'Network error', status: 0, detail: `Could not reach ${new URL(url).origin}: ${cause}` };
}
