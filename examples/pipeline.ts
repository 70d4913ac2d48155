/**
 * A content pipeline against the HumanProof API, end to end (issue 15):
 *   1. sign up a customer and create an API key (the session API, as Settings → API keys does);
 *   2. buy £50 of credit in the sandbox;
 *   3. register a webhook endpoint on a local receiver that verifies every signature;
 *   4. quote and send three drafts with Idempotency-Key (paid from credit);
 *   5. an admin completes the three reviews (the admin API);
 *   6. wait for the order.completed webhooks and fetch the reviewed text, diff and fact-check.
 *
 *   node --import tsx examples/pipeline.ts            # starts a throwaway local server (embedded database)
 *   BASE_URL=http://127.0.0.1:5000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node --import tsx examples/pipeline.ts
 *
 * Only `fetch`, node:http and node:crypto are used on the client side; server/features/api-v1/pipeline.test.ts runs
 * this in CI. A real receiver must be HTTPS on a public address; plain http to 127.0.0.1 works only on a server
 * started with WEBHOOKS_ALLOW_LOOPBACK=1 (tests and this example).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PipelineOptions {
  baseUrl: string;
  /** An administrator's sign-in (an address in the server's ADMIN_EMAILS; signed up here when it has no account). */
  admin: { email: string; password: string };
  /** The site's public origin (its PUBLIC_URL), sent as Origin on sign-in as a browser would; default: baseUrl's. */
  origin?: string;
  log?: (line: string) => void;
  timeoutMs?: number;
}

export interface PipelineResult {
  orders: { id: string; status: string; pricePence: number; reviewedContent: string | null; diffParts: number }[];
  webhooks: { type: string; orderId: string; verified: boolean }[];
  balancePence: number;
}

interface Session {
  cookie: string;
}

/** Verifies `HumanProof-Signature: t=…,v1=…` over the raw body (the snippet from /docs/api). */
export function verifyHumanProof(rawBody: string, header: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const { baseUrl } = options;
  const origin = options.origin ?? new URL(baseUrl).origin;
  const log = options.log ?? ((line: string) => console.log(line));
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);

  async function call<T>(method: string, path: string, init: { session?: Session; key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.session ? { cookie: init.session.cookie } : {}),
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  }
  function expectStatus(what: string, got: { status: number; body: unknown }, ...wanted: number[]) {
    if (!wanted.includes(got.status)) throw new Error(`${what}: HTTP ${got.status} ${JSON.stringify(got.body)}`);
  }
  async function signIn(email: string, password: string, signUpFirst: boolean): Promise<Session> {
    if (signUpFirst) {
      const up = await fetch(`${baseUrl}/api/identity/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, password, name: 'Pipeline Example', firstName: 'Pipeline', lastName: 'Example' }),
      });
      if (!up.ok) log(`sign-up of ${email}: HTTP ${up.status} ${await up.text()}`);
      if (up.ok) return { cookie: up.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
    }
    const response = await fetch(`${baseUrl}/api/identity/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in of ${email}: HTTP ${response.status} ${await response.text()}`);
    return { cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
  }

  // 1. A customer and an API key (shown once).
  const customer = await signIn(`pipeline-${randomUUID().slice(0, 8)}@example.com`, `pw-${randomUUID()}`, true);
  const key = await call<{ key: string }>('POST', '/api/api-keys', { session: customer, body: { name: 'Example pipeline', scopes: ['orders:read', 'orders:write'] } });
  expectStatus('create key', key, 201);
  const apiKey = key.body.key;
  log(`API key ${apiKey.slice(0, 12)}… created`);

  // 2. £50 of credit, bought with the sandbox's test card.
  const checkout = await call<{ clientSecret: string }>('POST', '/api/credit/checkout', { session: customer, body: { amountPence: 5000 } });
  expectStatus('credit checkout', checkout, 200);
  const paid = await call<{ balancePence: number }>('POST', '/api/credit/sandbox/confirm', {
    session: customer,
    body: { clientSecret: checkout.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expectStatus('credit payment', paid, 200);
  log(`Credit balance £${(paid.body.balancePence / 100).toFixed(2)}`);

  // 3. A local receiver that verifies every delivery.
  const received: { type: string; orderId: string; verified: boolean }[] = [];
  let secret = '';
  const receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const verified = verifyHumanProof(raw, String(req.headers['humanproof-signature'] ?? ''), secret);
      if (!verified) {
        res.writeHead(400).end();
        return;
      }
      const event = JSON.parse(raw) as { id: string; type: string; data: { orderId: string } };
      received.push({ type: event.type, orderId: event.data.orderId, verified });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/humanproof`;
    const endpoint = await call<{ secret: string }>('POST', '/api/webhook-endpoints', {
      session: customer,
      body: { url: receiverUrl, events: ['order.paid', 'order.in_review', 'order.completed'] },
    });
    expectStatus('register webhook', endpoint, 201);
    secret = endpoint.body.secret;
    log(`Webhook endpoint ${receiverUrl}`);

    // 4. Three drafts: a quote, then the order with its own Idempotency-Key (a retry would reuse it).
    const drafts = [
      'Our new espresso machine heats up in 30 seconds and makes barista-quality coffee at home every single morning.',
      'Remote teams that write things down ship faster, because decisions survive the meeting that made them.',
      'The Eiffel Tower was completed in 1889 and was the tallest man-made structure in the world for 41 years.',
    ];
    const orderIds: string[] = [];
    for (const [i, content] of drafts.entries()) {
      const draft = { content, serviceTier: 'polished', category: 'blog-post', title: `Draft ${i + 1}` };
      const quote = await call<{ pricePence: number; wordCount: number }>('POST', '/api/v1/quotes', { key: apiKey, body: draft });
      expectStatus('quote', quote, 200);
      const idempotencyKey = randomUUID();
      const order = await call<{ id: string; status: string; pricePence: number }>('POST', '/api/v1/orders', {
        key: apiKey,
        body: draft,
        headers: { 'idempotency-key': idempotencyKey },
      });
      expectStatus('order', order, 201);
      // A network retry of the same request answers the same order and charges nothing more.
      const retry = await call<{ id: string }>('POST', '/api/v1/orders', { key: apiKey, body: draft, headers: { 'idempotency-key': idempotencyKey } });
      if (retry.body.id !== order.body.id) throw new Error('a retried order created a second order');
      if (order.body.pricePence !== quote.body.pricePence) throw new Error('the order was charged another price than quoted');
      orderIds.push(order.body.id);
      log(`Order ${order.body.id}: ${quote.body.wordCount} words, £${(order.body.pricePence / 100).toFixed(2)}, ${order.body.status}`);
    }

    // 5. The review team (an admin) starts and completes each review.
    const admin = await signIn(options.admin.email, options.admin.password, true);
    for (const id of orderIds) {
      const started = await call('PATCH', `/api/admin/submissions/${id}/status`, { session: admin, body: { status: 'in-review' } });
      expectStatus('start review', started, 200);
      // A reviewer claims the order, then saves against the draft version the claim answered (optimistic lock).
      const claimed = await call<{ reviewVersion: number }>('POST', `/api/admin/submissions/${id}/claim`, { session: admin });
      expectStatus('claim review', claimed, 200);
      const done = await call('PATCH', `/api/admin/submissions/${id}/review`, {
        session: admin,
        body: { version: claimed.body.reviewVersion, reviewedContent: `Reviewed: ${drafts[orderIds.indexOf(id)]}`, reviewerNotes: 'Tightened the wording.', attachmentMode: 'text', complete: true },
      });
      expectStatus('complete review', done, 200);
    }
    log('Reviews completed by the team');

    // 6. Wait for the three order.completed webhooks, then fetch the results.
    while (orderIds.some((id) => !received.some((w) => w.type === 'order.completed' && w.orderId === id))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for webhooks (got ${JSON.stringify(received)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    log(`Webhooks received and verified: ${received.map((w) => w.type).join(', ')}`);
    const orders: PipelineResult['orders'] = [];
    for (const id of orderIds) {
      const order = await call<{ id: string; status: string; pricePence: number; result: { reviewedContent: string | null; diff: unknown[] | null } | null }>('GET', `/api/v1/orders/${id}`, { key: apiKey });
      expectStatus('fetch result', order, 200);
      orders.push({
        id,
        status: order.body.status,
        pricePence: order.body.pricePence,
        reviewedContent: order.body.result?.reviewedContent ?? null,
        diffParts: order.body.result?.diff?.length ?? 0,
      });
      log(`Result ${id}: ${order.body.status}: "${order.body.result?.reviewedContent?.slice(0, 60)}…"`);
    }
    const credit = await call<{ balancePence: number }>('GET', '/api/credit', { session: customer });
    return { orders, webhooks: received, balancePence: credit.body.balancePence };
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

/** Run directly: against BASE_URL, or a throwaway local server (see examples/local-server.ts). */
async function main(): Promise<void> {
  if (process.env.BASE_URL) {
    const email = process.env.ADMIN_EMAIL;
    const password = process.env.ADMIN_PASSWORD;
    if (!email || !password) throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD with BASE_URL');
    await runPipeline({ baseUrl: process.env.BASE_URL, admin: { email, password }, origin: process.env.PUBLIC_URL });
    return;
  }
  const { startLocalServer } = await import('./local-server');
  const server = await startLocalServer();
  try {
    const result = await runPipeline({ baseUrl: server.baseUrl, admin: server.admin, origin: server.origin });
    console.log(`Done: ${result.orders.length} orders reviewed, credit left £${(result.balancePence / 100).toFixed(2)}`);
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
