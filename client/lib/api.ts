import type { z } from 'zod';

/**
 * The data layer of spec section 7: every call sends cookies, bodies are JSON, and a non-OK answer
 * throws an ApiError whose message is "status: body" (or the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  private parsedBody(): { message?: unknown; requestId?: unknown; instance?: unknown; detail?: unknown } {
    try {
      const parsed = JSON.parse(this.body) as unknown;
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }

  /**
   * The `message` of a JSON error body, when there is one. A server error (5xx) adds its reference, so the
   * customer can quote it to support and support can find the request in the logs (decision 028).
   */
  get serverMessage(): string | undefined {
    const { message } = this.parsedBody();
    if (typeof message !== 'string') return undefined;
    return this.status >= 500 && this.requestId ? `${message} (Reference: ${this.requestId})` : message;
  }

  /** The id of the request this error answered (its X-Request-Id), when the server named it. */
  get requestId(): string | undefined {
    const { requestId, instance } = this.parsedBody();
    if (typeof requestId === 'string') return requestId;
    return typeof instance === 'string' && instance.startsWith('urn:request:') ? instance.slice('urn:request:'.length) : undefined;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`, text);
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * An answer that does not match the schema the client expects from the route (the server's and the client's builds
 * disagree). It surfaces as an error with a readable message, never as a crash deeper in a screen.
 */
export class ApiContractError extends Error {
  constructor(
    readonly url: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super('The server sent an answer this page does not understand. Please reload the page and try again.');
    this.name = 'ApiContractError';
  }
}

/** The answer read through the route's response schema (the same shared schema the server serializes with). */
export function parseAnswer<S extends z.ZodType>(schema: S, url: string, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const path = url.split('?')[0]!;
    console.error(`Unexpected answer from ${path}`, result.error.issues);
    throw new ApiContractError(path, result.error.issues);
  }
  return result.data;
}

/** A JSON call typed and checked by the route's response schema from shared/. */
export async function apiJson<S extends z.ZodType>(
  schema: S,
  method: string,
  url: string,
  body?: unknown,
): Promise<z.output<S>> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return parseAnswer(schema, url, text ? (JSON.parse(text) as unknown) : null);
}

/** The read helper: GET the URL through its schema, where a 401 (signed out) reads as empty instead of raising. */
export async function apiGetOrNull<S extends z.ZodType>(schema: S, url: string): Promise<z.output<S> | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return parseAnswer(schema, url, (await response.json()) as unknown);
}
