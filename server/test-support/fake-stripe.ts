import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the app made to the fake Stripe API. */
export interface FakeStripeRequest {
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
  });
}

/**
 * Stripe's API at the HTTP boundary (the app reaches it through STRIPE_API_URL): POST /v1/payment_intents and
 * POST /v1/refunds, idempotency keys honoured as Stripe does (a repeated key answers the first object). Every
 * request is recorded; `failNext` makes the next one to a path answer 500, `failAlways` every one until cleared.
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly failNext = new Set<string>();
  readonly failAlways = new Set<string>();
  private readonly byKey = new Map<string, object>();
  private server: Server | null = null;

  /** Starts listening; resolves with the base URL to give the app as STRIPE_API_URL. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The recorded requests to one path, e.g. '/v1/refunds'. */
  to(path: string): FakeStripeRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const path = request.url ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ path, idempotencyKey, authorization: request.headers.authorization, form });
    response.setHeader('content-type', 'application/json');
    const build = request.method === 'POST' ? OBJECTS[path] : undefined;
    if (!build) {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      return;
    }
    if (this.failAlways.has(path) || this.failNext.delete(path)) {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }));
      return;
    }
    const object = (idempotencyKey && this.byKey.get(idempotencyKey)) || build(form);
    if (idempotencyKey) this.byKey.set(idempotencyKey, object);
    response.end(JSON.stringify(object));
  }
}

const randomId = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 12)}`;

const OBJECTS: Record<string, (form: URLSearchParams) => object> = {
  '/v1/payment_intents': (form) => {
    const id = randomId('pi');
    return {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      client_secret: `${id}_secret_fake`,
      status: 'requires_payment_method',
      metadata: { submissionId: form.get('metadata[submissionId]') },
    };
  },
  '/v1/refunds': (form) => ({
    id: randomId('re'),
    object: 'refund',
    amount: Number(form.get('amount')),
    status: 'succeeded',
    payment_intent: form.get('payment_intent'),
  }),
};
