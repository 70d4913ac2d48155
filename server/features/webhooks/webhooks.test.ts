import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES, WEBHOOK_RESEND_LIMIT, webhookEventSchema } from '../../../shared/api-v1.schema';
import { emailOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { bearer, buyCredit, createKey, draft } from '../../test-support/api';
import { saveReviewAs } from '../../test-support/orders';
import { isAllowedAddress } from './address';
import { WebhookDelivery, WEBHOOK_GIVE_UP_AFTER_MS } from './delivery-round';

/** A receiver on 127.0.0.1 whose answers the test scripts: each request takes the next status (the last repeats). */
class Receiver {
  readonly received: { headers: http.IncomingHttpHeaders; body: string; url: string }[] = [];
  statuses: number[] = [200];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body, url: req.url ?? '' });
      const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0]!;
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://169.254.169.254/latest' } : {}).end('ok');
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The test's own verifier, written from the documented format, independently of server/features/webhooks/sign.ts:
 * "HumanProof-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + '.' + body)>".
 */
function independentlyVerify(header: string, body: string, secret: string): { ok: boolean; t: number } {
  const fields = new Map(header.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  const t = fields.get('t') ?? '';
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  mac.update(Buffer.from(`${t}.`, 'utf8'));
  mac.update(Buffer.from(body, 'utf8'));
  const expected = mac.digest();
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  return { ok: given.length === expected.length && timingSafeEqual(given, expected), t: Number(t) };
}

let t: TestApp;
let strict: TestApp;
let receiver: Receiver;
let receiverUrl: string;
let alice: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  receiver = new Receiver();
  receiverUrl = await receiver.start();
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
  strict = await createTestApp();
  alice = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  await buyCredit(t.app, alice, 20000);
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await receiver.close();
});

function worker(app: TestApp['app'], now: () => Date, resolve?: ConstructorParameters<typeof WebhookDelivery>[0]['resolve']) {
  return new WebhookDelivery({ db: app.db, mail: app.mail, log: app.log, allowLoopback: app.config.WEBHOOKS_ALLOW_LOOPBACK === '1', now, resolve });
}

async function addEndpoint(app: TestApp['app'], who: SignedInUser, url: string, events = ['order.paid', 'order.in_review', 'order.completed', 'order.revision_requested', 'message.created']) {
  return app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: { cookie: who.cookie }, payload: { url, events } });
}

describe('webhook addresses', () => {
  it('classifies addresses: private, loopback, link-local, unique-local, multicast, mapped are refused', () => {
    for (const address of ['10.1.2.3', '127.0.0.1', '127.9.9.9', '169.254.169.254', '172.16.0.1', '192.168.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '64:ff9b::a00:1', '2002:a00:1::1']) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isAllowedAddress(address, false), address).toBe(true);
    }
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
  });

  it('refuses IPv4-translated addresses ::ffff:0:0:0/96 (RFC 2765), in every spelling (issue 29)', async () => {
    for (const address of ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:a00:1', '::ffff:0:a9fe:a9fe', '::ffff:0:808:808', '0:0:0:0:ffff:0:c0a8:101', '::ffff:0:0']) {
      expect(isAllowedAddress(address, false), address).toBe(false);
      expect(isAllowedAddress(address, true), address).toBe(false);
    }
    const bob = await signUp(strict.app);
    for (const url of ['https://[::ffff:0:7f00:1]/hook', 'https://[::ffff:0:169.254.169.254]/latest/meta-data', 'https://[0:0:0:0:ffff:0:a00:1]/hook']) {
      expect((await addEndpoint(strict.app, bob, url)).statusCode, url).toBe(400);
    }
  });

  it('refuses private, loopback and link-local endpoints at registration (loopback setting off)', async () => {
    const bob = await signUp(strict.app);
    for (const url of [
      'https://10.0.0.1/hook',
      'https://127.0.0.1/hook',
      'http://127.0.0.1:8080/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://0.0.0.0/hook',
      'https://localhost/hook',
      'https://2130706433/hook',
      'https://0x7f.1/hook',
      'http://example.com/hook',
      'https://user:pass@example.com/hook',
      'ftp://example.com/hook',
      'not a url',
    ]) {
      const response = await addEndpoint(strict.app, bob, url);
      expect(response.statusCode, url).toBe(400);
    }
    expect(await strict.app.db.$count(webhookEndpoints)).toBe(0);
  });

  it('checks again at delivery time and connects only to the vetted address (DNS rebinding)', async () => {
    const carol = await signUp(t.app);
    await buyCredit(t.app, carol);
    // Registered while the name pointed at the local receiver (allowed by the test setting)...
    const port = new URL(receiverUrl).port;
    const created = await addEndpoint(t.app, carol, `http://rebind.test:${port}/hook`, ['order.paid']);
    // The system resolver cannot resolve rebind.test, so registration refuses it: register with the IP, then rename.
    expect(created.statusCode).toBe(400);
    const ok = await addEndpoint(t.app, carol, `${receiverUrl}/hook`, ['order.paid']);
    expect(ok.statusCode).toBe(201);
    const id = (ok.json() as { id: string }).id;
    await t.app.db.update(webhookEndpoints).set({ url: `http://rebind.test:${port}/hook` }).where(eq(webhookEndpoints.id, id));
    const key = await createKey(t.app, carol);
    expect((await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(50), { 'idempotency-key': 'rebind' })).statusCode).toBe(201);
    const before = receiver.received.length;
    // ...and at delivery the name resolves to the metadata service: refused, nothing is sent.
    const run = await worker(t.app, () => new Date(), async () => [{ address: '169.254.169.254', family: 4 }]).runOnce();
    expect(run).toMatchObject({ claimed: 1, retrying: 1 });
    expect(receiver.received.length).toBe(before);
    const [delivery] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery!.lastError).toMatch(/private/);
    // Resolving to the receiver again, the same delivery goes out to that vetted address.
    const later = await worker(t.app, () => new Date(Date.now() + 60_000), async () => [{ address: '127.0.0.1', family: 4 }]).runOnce();
    expect(later).toMatchObject({ delivered: 1 });
    expect(receiver.received.at(-1)!.headers.host).toBe(`rebind.test:${port}`);
    await t.app.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  });
});

describe('webhook deliveries', () => {
  it('signs each delivery; an independent verifier accepts it and refuses a tampered body', async () => {
    const created = await addEndpoint(t.app, alice, `${receiverUrl}/signed`);
    expect(created.statusCode).toBe(201);
    const endpoint = created.json() as { id: string; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = (await t.request('GET', '/api/webhook-endpoints', alice)).json() as object[];
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const key = await createKey(t.app, alice);
    const order = await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(60), { 'idempotency-key': 'signed-1' });
    expect(order.statusCode).toBe(201);
    const orderId = (order.json() as { id: string }).id;
    receiver.statuses = [200];
    const clock = new Date();
    const run = await worker(t.app, () => clock).runOnce();
    expect(run.delivered).toBeGreaterThanOrEqual(1);
    const got = receiver.received.filter((r) => r.url === '/signed').at(-1)!;
    const header = String(got.headers['humanproof-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verified = independentlyVerify(header, got.body, endpoint.secret);
    expect(verified.ok).toBe(true);
    expect(verified.t).toBe(Math.floor(clock.getTime() / 1000));
    expect(independentlyVerify(header, got.body.replace('order.paid', 'order.completed'), endpoint.secret).ok).toBe(false);
    expect(independentlyVerify(header, got.body, 'whsec_wrong').ok).toBe(false);
    const event = webhookEventSchema.parse(JSON.parse(got.body));
    expect(event).toMatchObject({ type: 'order.paid', data: { orderId, status: 'paid' } });
    expect(got.headers['humanproof-event-id']).toBe(event.id);
    expect(got.headers['content-type']).toBe('application/json');
  });

  it('retries with backoff against a receiver that fails, then recovers; the log shows each attempt and Resend', async () => {
    const dan = await signUp(t.app);
    await buyCredit(t.app, dan);
    const created = await addEndpoint(t.app, dan, `${receiverUrl}/flaky`, ['order.paid']);
    const endpointId = (created.json() as { id: string }).id;
    const key = await createKey(t.app, dan);
    await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(61), { 'idempotency-key': 'flaky-1' });
    receiver.statuses = [500, 503, 200];
    let clock = Date.now();
    const w = worker(t.app, () => new Date(clock));
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    clock += 31_000;
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    clock += 31_000;
    expect(await w.runOnce()).toMatchObject({ claimed: 0 }); // the second wait is a minute
    clock += 30_000;
    expect(await w.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });

    const log = await t.request('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, dan);
    expect(log.statusCode).toBe(200);
    const [delivery] = log.json() as { id: string; status: string; attempts: { statusCode: number }[] }[];
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);

    const resent = await t.request('POST', `/api/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}/resend`, dan);
    expect(resent.statusCode).toBe(201);
    receiver.statuses = [200];
    const before = receiver.received.filter((r) => r.url === '/flaky');
    expect(await w.runOnce()).toMatchObject({ delivered: 1 });
    const after = receiver.received.filter((r) => r.url === '/flaky');
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.body).toBe(before.at(-1)!.body);
    // Another customer sees none of it.
    expect((await t.request('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, alice)).statusCode).toBe(404);
    expect((await t.request('POST', `/api/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}/resend`, alice)).statusCode).toBe(404);
  });

  it('does not follow redirects, and after 24 hours of failure disables the endpoint and e-mails the customer', async () => {
    const eve = await signUp(t.app);
    await buyCredit(t.app, eve);
    const created = await addEndpoint(t.app, eve, `${receiverUrl}/down`, ['order.paid']);
    const endpointId = (created.json() as { id: string }).id;
    const key = await createKey(t.app, eve);
    await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(62), { 'idempotency-key': 'down-1' });
    receiver.statuses = [302];
    const start = Date.now();
    const w = worker(t.app, () => new Date(clock));
    let clock = start;
    expect(await w.runOnce()).toMatchObject({ retrying: 1 });
    const redirects = receiver.received.filter((r) => r.url === '/down').length;
    expect(receiver.received.some((r) => r.url.startsWith('/latest'))).toBe(false);
    receiver.statuses = [500];
    clock = start + WEBHOOK_GIVE_UP_AFTER_MS + 60_000;
    expect(await w.runOnce()).toMatchObject({ failed: 1 });
    expect(receiver.received.filter((r) => r.url === '/down').length).toBe(redirects + 1);
    const [endpoint] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('24 hours') });
    const mails = await t.app.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'webhook-disabled'), eq(emailOutbox.toAddress, eve.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`${receiverUrl}/down`);

    // A disabled endpoint gets no new events and no resend until it is enabled again.
    const [delivery] = (await t.request('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, eve)).json() as { id: string; status: string }[];
    expect(delivery!.status).toBe('failed');
    expect((await t.request('POST', `/api/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}/resend`, eve)).statusCode).toBe(409);
    await bearer(t.app, key.key, 'POST', '/api/v1/orders', draft(63), { 'idempotency-key': 'down-2' });
    expect(await t.app.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, endpointId))).toBe(1);
    const enabled = await t.request('PATCH', `/api/webhook-endpoints/${endpointId}`, eve, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect((await t.request('POST', `/api/webhook-endpoints/${endpointId}/deliveries/${delivery!.id}/resend`, eve)).statusCode).toBe(201);
    receiver.statuses = [200];
    expect(await worker(t.app, () => new Date()).runOnce()).toMatchObject({ delivered: 1 });
  });

  it('raises order.in_review, order.completed, order.revision_requested and message.created at the central points', async () => {
    const fred = await signUp(t.app);
    await buyCredit(t.app, fred);
    await addEndpoint(t.app, fred, `${receiverUrl}/all`);
    const key = await createKey(t.app, fred);
    const order = await bearer(t.app, key.key, 'POST', '/api/v1/orders', { ...draft(64), serviceTier: 'polished' }, { 'idempotency-key': 'all-1' });
    const id = (order.json() as { id: string }).id;
    expect((await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    await t.request('POST', '/api/messages', admin, { submissionId: id, content: 'Starting now.' });
    const saved = await saveReviewAs(t.app, admin, id, { reviewedContent: 'Reviewed text.', reviewerNotes: '', attachmentMode: 'text', complete: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const revision = await t.request('POST', `/api/submissions/${id}/revision`, fred, { message: 'Shorter, please, and keep the numbers.' });
    expect(revision.statusCode, revision.body).toBe(200);
    const rows = await t.app.db
      .select({ type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookEndpoints.userId, fred.id))
      .orderBy(webhookDeliveries.createdAt);
    expect(rows.map((r) => r.type)).toEqual(['order.paid', 'order.in_review', 'message.created', 'order.completed', 'order.revision_requested']);
  });
});

describe('fairness (issue 29, item 2)', () => {
  it('an endpoint that hangs, with Resend pressed 30 times, holds up neither another customer nor the queue', async () => {
    // A receiver that accepts connections and never answers.
    const open = new Set<http.ServerResponse>();
    const hanging = http.createServer((_req, res) => void open.add(res));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never`;
    try {
      const eve = await signUp(t.app);
      await buyCredit(t.app, eve);
      const eveEndpoint = (await addEndpoint(t.app, eve, hangUrl, ['order.paid'])).json() as { id: string };
      const eveKey = await createKey(t.app, eve);
      await bearer(t.app, eveKey.key, 'POST', '/api/v1/orders', draft(40), { 'idempotency-key': 'hang-1' });
      const [first] = (await t.request('GET', `/api/webhook-endpoints/${eveEndpoint.id}/deliveries`, eve)).json() as { id: string }[];
      const statuses: number[] = [];
      let refusal: { status: number; body: unknown; retryAfter: unknown } | null = null;
      for (let i = 0; i < 30; i += 1) {
        const resent = await t.request('POST', `/api/webhook-endpoints/${eveEndpoint.id}/deliveries/${first!.id}/resend`, eve);
        statuses.push(resent.statusCode);
        if (resent.statusCode === 429 && !refusal) refusal = { status: 429, body: resent.json(), retryAfter: resent.headers['retry-after'] };
      }
      // Resend is limited per account: ten go through, the rest are refused with a message and Retry-After.
      expect(statuses.filter((s) => s === 201)).toHaveLength(WEBHOOK_RESEND_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - WEBHOOK_RESEND_LIMIT);
      expect(refusal!.body).toMatchObject({ message: WEBHOOK_MESSAGES.resendLimit });
      expect(Number(refusal!.retryAfter)).toBeGreaterThan(0);

      // Another customer's event, due at the same time.
      const frank = await signUp(t.app);
      await buyCredit(t.app, frank);
      await addEndpoint(t.app, frank, `${receiverUrl}/frank`, ['order.paid']);
      const frankKey = await createKey(t.app, frank);
      await bearer(t.app, frankKey.key, 'POST', '/api/v1/orders', draft(41), { 'idempotency-key': 'frank-1' });

      // One round takes one delivery per endpoint and sends them side by side: Frank's arrives while Eve's
      // receiver still holds its request open.
      const round = worker(t.app, () => new Date()).runOnce();
      for (;;) {
        if (receiver.received.some((r) => r.url === '/frank')) break;
        await new Promise((resolve) => setTimeout(resolve, 10)); // polls the state; the test timeout bounds it
      }
      expect(open.size).toBe(1);
      const result = await round;
      expect(result.retrying).toBeGreaterThanOrEqual(1);
      // One of Eve's eleven deliveries was tried (and timed out); the other ten wait for later rounds.
      const eves = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, eveEndpoint.id));
      expect(eves).toHaveLength(1 + WEBHOOK_RESEND_LIMIT);
      expect(eves.filter((d) => d.attempts === 1).map((d) => d.lastError)).toEqual([expect.stringContaining('Timed out')]);
      expect(eves.filter((d) => d.attempts === 0)).toHaveLength(WEBHOOK_RESEND_LIMIT);
    } finally {
      for (const res of open) res.destroy();
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});

describe('fair between accounts, whatever event fills the queue (decision 054)', () => {
  // An app of its own: no other test's pending deliveries take places in these rounds.
  let f: TestApp;
  let team: SignedInUser;
  beforeAll(async () => {
    f = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
    team = await signUpAdmin(f.app);
  });
  afterAll(async () => {
    await f.close();
  });

  interface Customer extends SignedInUser {
    key: string;
    paths: string[];
  }

  /** A customer with credit, an API key and `endpoints` endpoints on the receiver, each wanting every event. */
  async function customer(name: string, endpoints: number): Promise<Customer> {
    const who = await signUp(f.app);
    await buyCredit(f.app, who, 20000);
    const paths = Array.from({ length: endpoints }, (_, i) => `/fair-${name}-${i}`);
    for (const path of paths) expect((await addEndpoint(f.app, who, `${receiverUrl}${path}`)).statusCode).toBe(201);
    return { ...who, key: (await createKey(f.app, who)).key, paths };
  }

  let orderCount = 0;
  /** A paid order through the API: order.paid. */
  async function order(who: Customer): Promise<string> {
    orderCount += 1;
    const created = await bearer(f.app, who.key, 'POST', '/api/v1/orders', draft(500 + orderCount), { 'idempotency-key': `fair-${orderCount}` });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: string }).id;
  }

  /** Status events: a paid order (order.paid) that the team starts (order.in_review). */
  async function statusEvents(who: Customer, orders: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < orders; i += 1) {
      const id = await order(who);
      expect((await f.request('PATCH', `/api/admin/submissions/${id}/status`, team, { status: 'in-review' })).statusCode).toBe(200);
      ids.push(id);
    }
    return ids;
  }

  /** Message events (message.created), the customer's and the team's, on the customer's order. */
  async function messageEvents(who: Customer, orderId: string, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const from = i % 3 === 2 ? team : who;
      const sent = await f.request('POST', '/api/messages', from, { submissionId: orderId, content: `Message ${i} about the draft` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
  }

  async function pendingOf(who: SignedInUser): Promise<number> {
    return f.app.db.$count(
      webhookDeliveries,
      and(
        eq(webhookDeliveries.status, 'pending'),
        inArray(webhookDeliveries.endpointId, f.app.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, who.id))),
      ),
    );
  }

  const receivedBy = (who: Customer) => receiver.received.filter((r) => who.paths.includes(r.url));
  const round = () => worker(f.app, () => new Date()).runOnce();

  it('one account flooding ten endpoints with status and message events: another account’s event goes out in the next round', async () => {
    receiver.statuses = [200];
    const flooder = await customer('a', MAX_WEBHOOK_ENDPOINTS);
    const [first, second] = await statusEvents(flooder, 2);
    await messageEvents(flooder, first!, 6);
    await messageEvents(flooder, second!, 6);
    // 2 × (paid, in review) + 12 messages = 16 events, each to 10 endpoints.
    expect(await pendingOf(flooder)).toBe(16 * MAX_WEBHOOK_ENDPOINTS);

    const other = await customer('b', 1);
    await order(other);
    const before = receivedBy(flooder).length;

    const result = await round();
    // The other account's only event is in this round; the flooder fills the rest of the batch, no more.
    expect(receivedBy(other).map((r) => JSON.parse(r.body).type)).toEqual(['order.paid']);
    expect(result).toMatchObject({ claimed: 10, delivered: 10 });
    expect(receivedBy(flooder).length - before).toBe(9);
    expect(await pendingOf(other)).toBe(0);
    expect(await pendingOf(flooder)).toBe(16 * MAX_WEBHOOK_ENDPOINTS - 9);

    // Alone again, the flooder gets the whole batch, its events oldest first on each endpoint.
    expect(await round()).toMatchObject({ claimed: 10, delivered: 10 });
    for (const path of flooder.paths) {
      const types = receiver.received.filter((r) => r.url === path).map((r) => JSON.parse(r.body).type);
      expect(types[0], path).toBe('order.paid');
    }
  });

  it('two more accounts flooding (one with messages, one with status changes): another account’s events each go out in the next round, on every instance', async () => {
    receiver.statuses = [200];
    const talker = await customer('c', 6);
    const mover = await customer('d', 6);
    const [talkerOrder] = await statusEvents(talker, 1);
    await messageEvents(talker, talkerOrder!, 9);
    await statusEvents(mover, 4);
    const quiet = await customer('e', 1);
    const [quietOrder] = await statusEvents(quiet, 1);
    // Drain the quiet account's own two events (paid, in review): one round each at most.
    for (let rounds = 0; (await pendingOf(quiet)) > 0; rounds += 1) {
      expect(rounds, 'rounds for the quiet account’s two events').toBeLessThan(2);
      await round();
    }

    for (let i = 0; i < 3; i += 1) {
      const floodBefore = (await pendingOf(talker)) + (await pendingOf(mover));
      const sent = await f.request('POST', '/api/messages', quiet, { submissionId: quietOrder!, content: `Quiet question ${i}` });
      expect(sent.statusCode).toBe(201);
      // Two instances' rounds at once (two workers on one database): the quiet account's event is in one of them,
      // sent once, and both flooders are served too.
      const quietBefore = receivedBy(quiet).length;
      const talkerBefore = receivedBy(talker).length;
      const moverBefore = receivedBy(mover).length;
      await Promise.all([round(), round()]);
      expect(receivedBy(quiet).length - quietBefore).toBe(1);
      expect(receivedBy(talker).length).toBeGreaterThan(talkerBefore);
      expect(receivedBy(mover).length).toBeGreaterThan(moverBefore);
      expect((await pendingOf(talker)) + (await pendingOf(mover))).toBeGreaterThan(0);
      const floodSent = receivedBy(talker).length - talkerBefore + receivedBy(mover).length - moverBefore;
      expect((await pendingOf(talker)) + (await pendingOf(mover))).toBe(floodBefore - floodSent);
    }
    // Every delivery went out once, though two rounds ran at once.
    const ids = [talker, mover, quiet].flatMap(receivedBy).map((r) => r.headers['humanproof-delivery']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
