/**
 * Hostile-input fuzz test over the app's own route table: every write route gets generated bad bodies, every
 * declared query parameter and every path parameter gets generated bad values, as an anonymous visitor, a
 * customer and an administrator. No answer may be a 5xx (bar a 503 with Retry-After, the designed answer when
 * extraction is busy), and every 4xx must be the app's JSON `{ message }`.
 * FUZZ_RUNS (default 200) sets the payloads per route, parameter and identity; FUZZ_SEED replays a run.
 */
import type { FastifyRequest, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from './test-support/test-app';
import { IDENTITY_ENDPOINTS } from './features/auth/identity-endpoints';
import { createPaidOrder } from './test-support/orders';
import { validForm } from './test-support/orders';
import { createKey } from './test-support/api';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const BATCH = 12;

interface CollectedRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

type Identity = { name: 'anonymous' | 'customer' | 'admin'; cookie?: string; apiKey?: string };

interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/** Dates and cursors that look right and cannot exist (PostgreSQL refuses them). */
const IMPOSSIBLE_DATES = [
  '2024-02-30T00:00:00.000000Z',
  '2023-02-29T12:00:00.000000Z',
  '2024-13-01T00:00:00.000000Z',
  '2024-00-10T00:00:00.000000Z',
  '2024-01-01T24:00:00.000000Z',
  '2024-01-01T23:60:00.000000Z',
  '2024-01-01T23:59:60.000000Z',
  '0000-01-01T00:00:00.000000Z',
  '9999-99-99T99:99:99.999999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  'infinity',
  '-infinity',
  'epoch',
  'NaN',
  '',
];

/** Short hostile strings, for inside cursors. */
const hostileStringLite = fc.oneof(fc.string(), fc.constantFrom('\u0000', 'A\u0000B', '', '\uD800', 'x'.repeat(100)));

const cursorOf = (parts: unknown) => Buffer.from(String(JSON.stringify(parts))).toString('base64url');

const impossibleCursor = fc.oneof(
  fc.tuple(fc.constantFrom('created', 'due'), fc.constantFrom(...IMPOSSIBLE_DATES), fc.constantFrom('ABCDEFGH12', 'zz')).map(cursorOf),
  fc.tuple(fc.constantFrom('created', 'due'), fc.constant('2024-01-01T00:00:00.000000Z'), hostileStringLite).map(cursorOf),
  fc.tuple(fc.constantFrom('created', 'due'), fc.constantFrom(...IMPOSSIBLE_DATES), fc.constant('A\u0000B')).map(cursorOf),
  fc.anything().map(cursorOf),
  fc.constantFrom('%%%', '====', 'eyJ', 'bnVsbA', 'W10', cursorOf(['created', null, '']), cursorOf(['due', null, '\u0000'])),
);

const nulString = fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: nulString },
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'a\u0000', '\u0000'.repeat(2000), 'user\u0000@example.com', 'https://exa\u0000mple.com') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom('\uD800', 'a\uDFFFb', '\uFEFF', '\u202E\u2066', 'ﬁ\u0301', '\u2800'.repeat(50), '\u200B'.repeat(50)) },
  { weight: 1, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
  { weight: 1, arbitrary: impossibleCursor },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', '../../etc/passwd', "'; drop table users; --", '%00', '%zz', '${x}') },
  { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 70_000, 250_000).map((n) => 'x'.repeat(n)) },
);

const deepNesting = fc.integer({ min: 50, max: 800 }).map((depth) => {
  let value: unknown = '\u0000';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
});

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 20 }),
  fc.dictionary(fc.string(), hostileString, { maxKeys: 5 }),
  deepNesting,
);

/** JSON text with keys JSON.stringify would never write (prototype pollution, duplicates). */
function pollutedJson(base: Record<string, unknown>): string[] {
  const body = JSON.stringify(base).slice(1, -1);
  const sep = body ? ',' : '';
  return [
    `{"__proto__":{"isAdmin":true,"role":"admin"}${sep}${body}}`,
    `{"constructor":{"prototype":{"isAdmin":true}}${sep}${body}}`,
    `{${body}${sep}"__proto__":null}`,
  ];
}

const RAW_JSON = [
  '',
  '{',
  '{"a":',
  '[',
  'null',
  'true',
  '0',
  '"\\u0000"',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\u0000',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  '[' .repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
  '\uFEFF{}',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=nope',
  'application/jsonx',
  '',
  ';;;',
];

// ---------------------------------------------------------------------------------------------
// Route table helpers
// ---------------------------------------------------------------------------------------------

/** The keys of a zod object schema (through pipes/refinements), or none. */
function schemaKeys(schema: unknown): string[] {
  const node = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; innerType?: unknown } } } | undefined;
  if (!node) return [];
  if (node.shape && typeof node.shape === 'object') return Object.keys(node.shape);
  const def = node._zod?.def;
  if (def?.in) return schemaKeys(def.in);
  if (def?.innerType) return schemaKeys(def.innerType);
  return [];
}

function pick<T>(arb: fc.Arbitrary<T>, runs: number, salt: number): T[] {
  return fc.sample(arb, { numRuns: runs, seed: SEED + salt });
}

/** Percent-encodes every UTF-8 byte (lone surrogates too, which encodeURIComponent refuses), up to `max` bytes. */
function percentEncode(value: string, max = 20_000): string {
  return [...Buffer.from(value, 'utf8').subarray(0, max)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

function hashOf(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

describe('fuzz: hostile input never answers 5xx', () => {
  let t: TestApp;
  const routes: CollectedRoute[] = [];
  let identities: Identity[];
  let good: Record<string, unknown>;
  let submissionId: string;
  const failures: string[] = [];
  let probes = 0;
  let address = 0;

  function checkAnswer(label: string, response: LightMyRequestResponse): void {
    probes += 1;
    const status = response.statusCode;
    // A designed overload answer (the extraction slots are full) is not a failure: 503, Retry-After, { message }.
    const overloaded = status === 503 && response.headers['retry-after'] !== undefined;
    if (status >= 500 && !overloaded) {
      failures.push(`${label} → ${status} ${response.body.slice(0, 200)}`);
      return;
    }
    if (status < 400) return;
    // A page route answers an unknown id with its page and a real 404 (/verify/:code, decision 033).
    if (status === 404 && String(response.headers['content-type']).startsWith('text/html')) return;
    let body: unknown;
    try {
      body = response.json();
    } catch {
      failures.push(`${label} → ${status} not JSON: ${response.body.slice(0, 120)}`);
      return;
    }
    // The public API answers RFC 9457 problem details instead (decision 024).
    const problem =
      String(response.headers['content-type']).startsWith('application/problem+json') &&
      typeof (body as { detail?: unknown } | null)?.detail === 'string' &&
      (body as { status?: unknown }).status === status;
    if (problem) return;
    if (!body || typeof body !== 'object' || typeof (body as { message?: unknown }).message !== 'string') {
      failures.push(`${label} → ${status} without { message }: ${response.body.slice(0, 120)}`);
    }
  }

  async function send(label: string, who: Identity, probe: Probe): Promise<void> {
    address += 1;
    const headers: Record<string, string> = { ...(probe.headers ?? {}) };
    if (who.cookie) headers.cookie = who.cookie;
    // The customer also sends an API key: /api/v1 reads only that, every other route ignores it.
    if (who.apiKey) headers.authorization = `Bearer ${who.apiKey}`;
    const response = await t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers,
      // A fresh client address per probe: the per-address rate limits must not hide what is behind them.
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
    });
    checkAnswer(`${who.name} ${probe.method} ${label} [${probe.url.slice(0, 80)} ${String(probe.payload ?? '').slice(0, 80)}]`, response);
  }

  async function sendAll(label: string, probesList: Probe[]): Promise<void> {
    for (const who of identities) {
      for (let i = 0; i < probesList.length; i += BATCH) {
        await Promise.all(probesList.slice(i, i + BATCH).map((p) => send(label, who, p)));
      }
    }
  }

  /** Real values for a route's path parameters, so the probes reach the handler. */
  function concretePath(url: string): string {
    return url
      .replace(':providerId', 'oidc')
      .replace(/:[A-Za-z]+/g, submissionId)
      .replace('*', 'reviews/x/doc.pdf');
  }

  function goodBody(keys: string[]): Record<string, unknown> {
    return Object.fromEntries(keys.filter((k) => k in good).map((k) => [k, good[k]]));
  }

  function bodyProbes(route: CollectedRoute): Probe[] {
    const keys = schemaKeys(route.schema?.body);
    const base = goodBody(keys);
    const url = concretePath(route.url);
    const json = { 'content-type': 'application/json' };
    const salt = hashOf(route.method + route.url);
    const fieldKeys = keys.length > 0 ? keys : ['content', 'email', 'submissionId', 'x'];
    // One field bad at a time, the others valid, so the bad value gets past the other checks.
    const oneBad = fc
      .tuple(fc.constantFrom(...fieldKeys), hostileValue)
      .map(([key, value]) => JSON.stringify({ ...base, [key]: value }));
    const allBad = fc.dictionary(fc.constantFrom(...fieldKeys, 'extra', 'id'), hostileValue).map((o) => JSON.stringify(o));
    const anything = fc.jsonValue().map((v) => JSON.stringify(v));
    const generated = pick(
      fc.oneof({ weight: 6, arbitrary: oneBad }, { weight: 2, arbitrary: allBad }, { weight: 1, arbitrary: anything }),
      Math.max(0, RUNS - RAW_JSON.length - WRONG_CONTENT_TYPES.length - 3),
      salt,
    );
    return [
      ...generated.map((payload) => ({ method: route.method, url, headers: json, payload })),
      ...pollutedJson(base).map((payload) => ({ method: route.method, url, headers: json, payload })),
      ...RAW_JSON.map((payload) => ({ method: route.method, url, headers: json, payload })),
      ...WRONG_CONTENT_TYPES.map((type) => ({
        method: route.method,
        url,
        headers: type ? { 'content-type': type } : ({} as Record<string, string>),
        payload: JSON.stringify(base),
      })),
    ];
  }

  function queryProbes(route: CollectedRoute, key: string): Probe[] {
    const url = concretePath(route.url);
    const values = key === 'cursor' ? fc.oneof(impossibleCursor, hostileString) : hostileString;
    const encoded = pick(values, RUNS - 8, hashOf(route.url + key)).map(
      (value) => `${url}?${key}=${percentEncode(value)}`,
    );
    const raw = ['%zz', '%', '%E0%A4%A', '%00', '%C0%80', `a&${key}=b`, '', `x&${key}[]=1`].map(
      (value) => `${url}?${key}=${value}`,
    );
    return [...encoded, ...raw].map((u) => ({ method: route.method, url: u }));
  }

  function paramProbes(route: CollectedRoute): Probe[] {
    const salt = hashOf(`params ${route.url}`);
    const values = [
      ...pick(hostileString, RUNS - 6, salt).map((v) => percentEncode(v, 2000)),
      '%zz',
      '%',
      '%00',
      '%C0%80',
      '..%2F..%2Fetc%2Fpasswd',
      '%ED%A0%80',
    ];
    return values.map((value) => {
      const url = route.url.replace(/:[A-Za-z]+|\*/, value);
      return { method: route.method, url: concretePath(url) };
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000000' }, { onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: route.url, schema: route.schema });
      }
    } });
    const customer: SignedInUser = await signUp(t.app);
    const admin: SignedInUser = await signUpAdmin(t.app);
    const { key: apiKey } = await createKey(t.app, customer);
    identities = [{ name: 'anonymous' }, { name: 'customer', cookie: customer.cookie, apiKey }, { name: 'admin', cookie: admin.cookie }];
    submissionId = await createPaidOrder(t.app, customer);
    good = {
      ...validForm,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: customer.email,
      password: TEST_PASSWORD,
      subject: 'A question',
      message: 'A message that is long enough to send.',
      submissionId,
      id: submissionId,
      documentId: 'missing-document-id',
      clientSecret: 'pi_fuzz_secret_fuzz',
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      status: 'in-review',
      complete: false,
      attachmentMode: 'text',
      reviewedContent: 'Reviewed.',
      reviewerNotes: '',
      documentLink: 'https://example.com/review',
      uploadedDocuments: [],
      version: 0,
      userId: null,
      token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      fileName: 'review.pdf',
      contentType: 'application/pdf',
      size: 100,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  /**
   * A probe may end a session or delete the account it was sent as (sign-out, password change, "Delete my
   * account" with a valid body): give that identity a fresh account, so later routes are still fuzzed signed in.
   */
  async function keepIdentities(): Promise<void> {
    for (const who of identities) {
      if (!who.cookie) continue;
      const user = await t.app.lookUpSession({ headers: { cookie: who.cookie } } as FastifyRequest);
      if (user && (who.name !== 'admin' || user.isAdmin)) continue;
      who.cookie = (who.name === 'admin' ? await signUpAdmin(t.app) : await signUp(t.app)).cookie;
    }
  }

  it('finds the routes to fuzz', () => {
    expect(routes.some((r) => r.url === '/api/contact' && r.method === 'POST')).toBe(true);
    expect(routes.some((r) => r.url === '/api/admin/submissions' && r.method === 'GET')).toBe(true);
  });

  it(`answers ${RUNS} bad payloads per write route, query parameter and path parameter with a 4xx { message }`, async () => {
    const expanded: CollectedRoute[] = routes.flatMap((route) =>
      route.url === '/api/identity/*'
        ? IDENTITY_ENDPOINTS.filter((e) => e.method === route.method).map((e) => ({
            method: e.method,
            url: `/api/identity${e.path}`,
            schema: undefined,
          }))
        : [route],
    );
    const started = Date.now();
    for (const route of expanded) {
      await keepIdentities();
      const routeStarted = Date.now();
      if (route.method !== 'GET') await sendAll(route.url, bodyProbes(route));
      for (const key of schemaKeys(route.schema?.querystring)) await sendAll(`${route.url}?${key}`, queryProbes(route, key));
      if (/:[A-Za-z]+|\*/.test(route.url)) await sendAll(`${route.url} (params)`, paramProbes(route));
      if (process.env.FUZZ_VERBOSE) console.log(`${route.method} ${route.url}: ${Date.now() - routeStarted} ms`);
    }
    const summary = [...new Set(failures)].slice(0, 60).join('\n');
    expect(summary, `${failures.length} bad answers of ${probes} probes in ${Date.now() - started} ms`).toBe('');
    expect(probes).toBeGreaterThan(RUNS * 3 * 10);
  }, 600_000);

  it('answers 400 for a queue cursor holding an impossible date or id', async () => {
    await keepIdentities();
    const admin = identities[2]!;
    for (const at of IMPOSSIBLE_DATES.filter((d) => d !== '')) {
      for (const [sort, id] of [['created', 'ABCDEFGH12'], ['due', 'ABCDEFGH12'], ['created', 'A\u0000B']] as const) {
        const cursor = cursorOf([sort, at, id]);
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/admin/submissions?sort=${sort}&cursor=${cursor}`,
          headers: { cookie: admin.cookie! },
        });
        expect(response.statusCode, `${sort} ${at}`).toBe(400);
        expect(response.json()).toMatchObject({ message: 'Invalid cursor' });
      }
    }
  });

  it("answers Fastify's own errors with { message }", async () => {
    const cases: Probe[] = [
      { method: 'GET', url: '/api/%zz' },
      { method: 'GET', url: '/api/%' },
      { method: 'GET', url: '/api/submissions/%zz' },
      { method: 'GET', url: '/api/no-such-route' },
      { method: 'DELETE', url: '/api/contact' },
      { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{' },
      { method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/csv' }, payload: 'a,b' },
      { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(3_000_000) },
      { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '' },
      { method: 'GET', url: '/api/admin/submissions?limit=%zz' },
    ];
    for (const probe of cases) {
      for (const who of identities) {
        const before = failures.length;
        await send(probe.url, who, probe);
        expect(failures.slice(before)).toEqual([]);
      }
    }
  });
});
