import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/** One request the app made to the fake Stripe API. */
export interface FakeStripeRequest {
  method: string;
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
 *
 * Saved cards (decision 045) add customers, SetupIntents (create, GET), PaymentIntent update/cancel and a server-side confirm with a saved
 * payment method (Stripe's test ids: `pm_card_chargeDeclined` is declined with a 402 card error,
 * `pm_card_authenticationRequired` answers `requires_action`, any other succeeds), and GET / detach of payment
 * methods (`paymentMethods` sets what a retrieve answers; an unknown id is a Visa •••• 4242).
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly failNext = new Set<string>();
  readonly failAlways = new Set<string>();
  private readonly byKey = new Map<string, object>();
  /** What GET /v1/payment_methods/:id answers for an id (its `card`); unknown ids are a Visa •••• 4242. */
  readonly paymentMethods = new Map<string, { brand: string; last4: string; exp_month: number; exp_year: number }>();
  /** What GET /v1/charges/:id answers for an id (the card of its payment_method_details); unknown ids are 404. */
  readonly charges = new Map<string, { brand: string; last4: string }>();
  /** Every PaymentIntent made here, by id, as last answered (update and cancel change it). */
  readonly intents = new Map<string, Record<string, unknown>>();
  /** Every SetupIntent made here, by id; a test confirms one by setting its status and payment_method. */
  readonly setupIntents = new Map<string, Record<string, unknown>>();
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
    this.requests.push({ method: request.method ?? 'GET', path, idempotencyKey, authorization: request.headers.authorization, form });
    response.setHeader('content-type', 'application/json');
    const saved = this.savedCardRoute(request.method ?? 'GET', path);
    if (saved) {
      if (this.failAlways.has(saved.failKey) || this.failNext.delete(saved.failKey)) {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }));
        return;
      }
      const replay = idempotencyKey ? (this.byKey.get(idempotencyKey) as FakeAnswer | undefined) : undefined;
      const answer = replay ?? saved.handle(form);
      if (idempotencyKey) this.byKey.set(idempotencyKey, answer);
      response.statusCode = answer.status;
      response.end(JSON.stringify(answer.body));
      return;
    }
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
    if (path === '/v1/payment_intents') this.intents.set((object as { id: string }).id, object as Record<string, unknown>);
    response.end(JSON.stringify(object));
  }

  /**
   * The saved-card calls (decision 045). `failKey` is what `failNext`/`failAlways` name: the path, or for a
   * path with an id the pattern ('/v1/payment_methods/:id/detach', '/v1/payment_intents/:id', …).
   */
  private savedCardRoute(method: string, path: string): { failKey: string; handle: (form: URLSearchParams) => FakeAnswer } | null {
    const ok = (body: object): FakeAnswer => ({ status: 200, body });
    const missing = (what: string): FakeAnswer => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    if (method === 'POST' && path === '/v1/customers') {
      return { failKey: path, handle: () => ok({ id: randomId('cus'), object: 'customer' }) };
    }
    const customer = /^\/v1\/customers\/(cus_[A-Za-z0-9]+)$/.exec(path);
    if (method === 'DELETE' && customer) {
      return { failKey: '/v1/customers/:id', handle: () => ok({ id: customer[1], object: 'customer', deleted: true }) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const plain = OBJECTS['/v1/payment_intents']!;
      return {
        failKey: path,
        handle: (form) => {
          if (form.get('confirm') !== 'true') return ok(this.remember(plain(form) as Record<string, unknown>));
          return this.confirmWithSavedMethod(form);
        },
      };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      return {
        failKey: path,
        handle: (form) => {
          const id = randomId('seti');
          const intent = {
            id,
            object: 'setup_intent',
            customer: form.get('customer'),
            usage: form.get('usage'),
            status: 'requires_payment_method',
            payment_method: null,
            client_secret: `${id}_secret_fake`,
            metadata: metadataOf(form),
          };
          this.setupIntents.set(id, intent);
          return ok(intent);
        },
      };
    }
    let match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const id = decodeURIComponent(match[1]!);
      return {
        failKey: '/v1/setup_intents/:id',
        handle: () => {
          const intent = this.setupIntents.get(id);
          return intent ? ok(intent) : missing(`setup_intent: '${id}'`);
        },
      };
    }
    match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && match) {
      const id = decodeURIComponent(match[1]!);
      return {
        failKey: '/v1/payment_intents/:id/cancel',
        handle: () => {
          const intent = this.intents.get(id);
          if (!intent) return missing(`payment_intent: '${id}'`);
          return ok(this.remember({ ...intent, status: 'canceled' }));
        },
      };
    }
    match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'POST' && match) {
      const id = decodeURIComponent(match[1]!);
      return {
        failKey: '/v1/payment_intents/:id',
        handle: (form) => {
          const intent = this.intents.get(id);
          if (!intent) return missing(`payment_intent: '${id}'`);
          const metadata = { ...(intent.metadata as Record<string, string>) };
          for (const [key, value] of form) {
            const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
            if (!name) continue;
            if (value === '') delete metadata[name];
            else metadata[name] = value;
          }
          const updated: Record<string, unknown> = { ...intent, metadata };
          if (form.has('customer')) updated.customer = form.get('customer');
          if (form.has('setup_future_usage')) updated.setup_future_usage = form.get('setup_future_usage') || null;
          return ok(this.remember(updated));
        },
      };
    }
    match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && match) {
      const id = decodeURIComponent(match[1]!);
      return { failKey: '/v1/payment_methods/:id/detach', handle: () => ok(this.paymentMethod(id, null)) };
    }
    match = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const id = decodeURIComponent(match[1]!);
      return {
        failKey: '/v1/charges/:id',
        handle: () => {
          const card = this.charges.get(id);
          if (!card) return missing(`charge: '${id}'`);
          return ok({ id, object: 'charge', status: 'succeeded', payment_method_details: { type: 'card', card: { ...card, country: 'GB', funding: 'credit' } } });
        },
      };
    }
    match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const id = decodeURIComponent(match[1]!);
      return { failKey: '/v1/payment_methods/:id', handle: () => ok(this.paymentMethod(id, 'cus_fake')) };
    }
    return null;
  }

  private remember(intent: Record<string, unknown>): Record<string, unknown> {
    this.intents.set(intent.id as string, intent);
    return intent;
  }

  private paymentMethod(id: string, customer: string | null): object {
    const card = this.paymentMethods.get(id) ?? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };
    return { id, object: 'payment_method', type: 'card', customer, card: { ...card, country: 'GB', funding: 'credit' } };
  }

  /** POST /v1/payment_intents with confirm=true and a saved payment method, as Stripe's test ids behave. */
  private confirmWithSavedMethod(form: URLSearchParams): FakeAnswer {
    const id = randomId('pi');
    const method = form.get('payment_method') ?? '';
    const metadata = metadataOf(form);
    const amount = Number(form.get('amount'));
    const base = {
      id,
      object: 'payment_intent',
      amount,
      currency: form.get('currency'),
      customer: form.get('customer'),
      payment_method: method,
      client_secret: `${id}_secret_fake`,
      metadata,
    };
    if (method === 'pm_card_chargeDeclined') {
      const intent = this.remember({ ...base, status: 'requires_payment_method', amount_received: 0 });
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: { ...intent, last_payment_error: { message: 'Your card was declined.' } },
          },
        },
      };
    }
    if (method === 'pm_card_authenticationRequired') {
      return { status: 200, body: this.remember({ ...base, status: 'requires_action', amount_received: 0, next_action: { type: 'use_stripe_sdk' } }) };
    }
    return { status: 200, body: this.remember({ ...base, status: 'succeeded', amount_received: amount }) };
  }
}

/** `metadata[key]=value` fields of a form-encoded Stripe request, as an object. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}

interface FakeAnswer {
  status: number;
  body: object;
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

/** The webhook signing secret of a Stripe-keyed test app (stripeTestConfig). */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test';

/** The settings of a Stripe-keyed test app that talks to the fake Stripe at `url` (FakeStripe.start()). */
export function stripeTestConfig(url: string) {
  return { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: url };
}

const signer = new Stripe('sk_test_x');

/** Posts `event` to the Stripe webhook as Stripe would: signed with the test secret, or `options`'s secret or signature. */
export function deliverStripeEvent(app: FastifyInstance, event: object, options: { secret?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_TEST_WEBHOOK_SECRET });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
