import createClient, { type Client } from 'openapi-fetch';
import { HumanProofError, networkProblem, problemOf, retryAfterOf } from './errors.js';
import type { components, paths } from './schema.js';

type Schemas = components['schemas'];
export type QuoteInput = Schemas['QuoteInput'];
export type Quote = Schemas['Quote'];
export type OrderInput = Schemas['OrderInput'];
export type Order = Schemas['Order'];
export type OrderSummary = Schemas['OrderSummary'];
export type OrderList = Schemas['OrderList'];
export type Message = Schemas['Message'];
export type OrderStatus = OrderSummary['status'];
export type Certificate = paths['/api/v1/certificates/{code}']['get']['responses'][200]['content']['application/json'];

/** One public key of GET /.well-known/humanproof-keys.json: what a certificate's signature is checked against. */
export interface PublishedKey {
  kid: string;
  kty: string;
  crv: string;
  x: string;
  [member: string]: unknown;
}

export interface HumanProofOptions {
  /** The site, e.g. https://humanproof.example (default http://localhost:5000). */
  baseUrl?: string;
  /** An API key from Settings → API keys (`hp_live_…`); not needed for quotes' price rule or certificates. */
  apiKey?: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Sent as User-Agent, so the site's logs tell clients apart. */
  userAgent?: string;
}

export const DEFAULT_BASE_URL = 'http://localhost:5000';

/** The path of the published certificate keys on the site (outside /api/v1). */
export const KEYS_PATH = '/.well-known/humanproof-keys.json';

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The HumanProof API. Each method answers the API's own data or throws a HumanProofError with the problem
 * details; `api` is the typed openapi-fetch client for anything the methods do not cover.
 *
 *   const hp = createHumanProof({ baseUrl, apiKey });
 *   const order = await hp.createOrder({ content, serviceTier: 'polished', category: 'blog-post' });
 *   const done = await hp.getOrder(order.id);
 */
export class HumanProof {
  readonly api: Client<paths>;
  readonly baseUrl: string;
  private readonly fetchImpl: (request: Request) => Promise<Response>;

  constructor(options: HumanProofOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.fetchImpl = async (request) => {
      try {
        return await fetchImpl(request);
      } catch (error) {
        throw new HumanProofError(networkProblem(request.url, error));
      }
    };
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    if (options.userAgent) headers['user-agent'] = options.userAgent;
    this.api = createClient<paths>({ baseUrl: this.baseUrl, fetch: this.fetchImpl, headers });
  }

  private async ok<T>(call: Promise<Answer<T>>): Promise<T> {
    const answer = await call;
    if (!answer.response.ok) throw new HumanProofError(problemOf(answer.response, answer.error), { retryAfterSeconds: retryAfterOf(answer.response) });
    return answer.data as T;
  }

  /** The price and due date of a text, without ordering (POST /api/v1/quotes; orders:read). */
  quote(input: QuoteInput): Promise<Quote> {
    return this.ok(this.api.POST('/api/v1/quotes', { body: input }));
  }

  /**
   * Orders a review paid from prepaid credit (POST /api/v1/orders; orders:write). Give the same `idempotencyKey`
   * when retrying a request whose answer was lost: the order is never placed or charged twice. A new key is made
   * when none is given.
   */
  createOrder(input: OrderInput, options: { idempotencyKey?: string } = {}): Promise<Order> {
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    return this.ok(this.api.POST('/api/v1/orders', { body: input, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
  }

  /** One order, with the reviewed text, diff, fact-check and certificate code once completed. */
  getOrder(id: string): Promise<Order> {
    return this.ok(this.api.GET('/api/v1/orders/{id}', { params: { path: { id } } }));
  }

  listOrders(query: { limit?: number; cursor?: string } = {}): Promise<OrderList> {
    return this.ok(this.api.GET('/api/v1/orders', { params: { query } }));
  }

  async listMessages(orderId: string): Promise<Message[]> {
    return (await this.ok(this.api.GET('/api/v1/orders/{id}/messages', { params: { path: { id: orderId } } }))).data;
  }

  sendMessage(orderId: string, content: string): Promise<Message> {
    return this.ok(this.api.POST('/api/v1/orders/{id}/messages', { params: { path: { id: orderId } }, body: { content } }));
  }

  /** The delivery as a Word file with tracked changes (once completed). */
  async reviewedDocx(orderId: string): Promise<Uint8Array> {
    return new Uint8Array(await this.ok(this.api.GET('/api/v1/orders/{id}/reviewed.docx', { params: { path: { id: orderId } }, parseAs: 'arrayBuffer' })));
  }

  /** The fact-check report as a PDF (once completed). */
  async factCheckReport(orderId: string): Promise<Uint8Array> {
    return new Uint8Array(await this.ok(this.api.GET('/api/v1/orders/{id}/fact-check.pdf', { params: { path: { id: orderId } }, parseAs: 'arrayBuffer' })));
  }

  /** A certificate of human review as the site publishes it (no key needed). */
  getCertificate(code: string): Promise<Certificate> {
    return this.ok(this.api.GET('/api/v1/certificates/{code}', { params: { path: { code } } }));
  }

  /** The site's published certificate keys (no key needed): check signatures only against these. */
  async publishedKeys(): Promise<PublishedKey[]> {
    const response = await this.fetchImpl(new Request(`${this.baseUrl}${KEYS_PATH}`, { headers: { accept: 'application/json' } }));
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (!response.ok) throw new HumanProofError(problemOf(response, body), { retryAfterSeconds: retryAfterOf(response) });
    const keys = (body as { keys?: unknown } | undefined)?.keys;
    if (!Array.isArray(keys)) throw new HumanProofError({ type: 'about:blank', title: 'Bad Gateway', status: 502, detail: `${this.baseUrl}${KEYS_PATH} is not a keys file` });
    return keys as PublishedKey[];
  }
}

export function createHumanProof(options: HumanProofOptions = {}): HumanProof {
  return new HumanProof(options);
}
