/**
 * The authorization matrix, generated from the running app's own route table: every method and path, as
 * anonymous, customer A (the owner of every id used), customer B, a reviewer and an admin, each through the path variants an
 * attacker would try. A route added tomorrow is covered without editing this file.
 *
 * Organisations (issue 27, decision 047): customer A's order is an order of A's organisation, so two more columns:
 * "org member" (a colleague of A in that organisation: whatever A may do to the order, they may) and "other
 * organisation" (a member of another organisation: exactly customer B's answers, 404 on everything naming the order).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { FastifyRequest } from 'fastify';
import {
  cookieHeader,
  createTestApp,
  signUp,
  signUpAdmin,
  signUpReviewer,
  TEST_PASSWORD,
  type SignedInUser,
  type TestApp,
} from '../test-support/test-app';
import { createPaidOrder } from '../test-support/orders';
import { addMember, createOrganisation } from '../test-support/organisations';
import type { RouteAccessEntry } from './auth';

type Who = 'anonymous' | 'customer A' | 'customer B' | 'org member' | 'other organisation' | 'reviewer' | 'admin';
const PEOPLE: Who[] = ['anonymous', 'customer A', 'customer B', 'org member', 'other organisation', 'reviewer', 'admin'];

/**
 * The customer routes a reviewer uses on someone else's order (decision 021): the message thread and the review's
 * documents. Every other customer route keeps the own-data rule for a reviewer: another customer's id is 404.
 */
const REVIEW_DESK_CUSTOMER_ROUTES = new Set(['/api/messages/:submissionId', '/api/documents/:id']);

let t: TestApp;
const cookies: Partial<Record<Who, string>> = {};
const accounts: Partial<Record<Who, SignedInUser>> = {};
let orderId: string;
let documentId: string;

function makeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-matrix-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>HumanProof</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

beforeAll(async () => {
  t = await createTestApp({}, { clientDir: makeClientDir() });
  const a: SignedInUser = await signUp(t.app, { firstName: 'Alice' });
  const b: SignedInUser = await signUp(t.app, { firstName: 'Bob' });
  const admin = await signUpAdmin(t.app);
  const reviewer = await signUpReviewer(t.app);
  const colleague: SignedInUser = await signUp(t.app, { firstName: 'Carol' });
  const outsider: SignedInUser = await signUp(t.app, { firstName: 'Oscar' });
  // A's organisation (A owns it, Carol is a member) and another one (Oscar's): A's order is placed for A's.
  await addMember(t.app.db, await createOrganisation(t.app.db, a.id, 'A and Co'), colleague.id, 'member');
  await createOrganisation(t.app.db, outsider.id, 'Other Ltd');
  Object.assign(accounts, { 'customer A': a, 'customer B': b, 'org member': colleague, 'other organisation': outsider, reviewer, admin });
  await keepSignedIn();
  orderId = await createPaidOrder(t.app, a);
  const reserved = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie: admin.cookie },
    payload: { submissionId: orderId, fileName: 'review.pdf', contentType: 'application/pdf', size: 80 },
  });
  expect(reserved.statusCode).toBe(200);
  documentId = (reserved.json() as { documentId: string }).documentId;
}, 60_000);
afterAll(async () => t.close());

/** Some routes end a session (sign-out, password change): sign back in before the next route is tried. */
async function keepSignedIn(): Promise<void> {
  for (const who of PEOPLE) {
    const account = accounts[who];
    if (!account) continue;
    const current = cookies[who];
    const user = current ? await t.app.lookUpSession({ headers: { cookie: current } } as FastifyRequest) : null;
    if (user?.id === account.id) continue;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload: { email: account.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, `sign-in of ${who}`).toBe(200);
    cookies[who] = cookieHeader(signIn);
  }
}

/** A concrete path for a route pattern, using customer A's resources for every id. */
function concretePath(url: string): string {
  return url
    .replace(/^\/api\/documents\/:id$/, `/api/documents/${documentId}`)
    .replace(/:providerId/g, 'oidc')
    .replace(/:(id|submissionId)\b/g, orderId)
    .replace(/^\/api\/objects\/put\/\*$/, '/api/objects/put/submissions/x/y.pdf')
    .replace(/^\/assets\/\*$/, '/assets/index-abc123.js')
    .replace(/^\/api\/\*$/, '/api/nothing-here')
    .replace(/\*$/, 'dashboard');
}

/** The same resource spelled the ways a URL-text check would miss. */
function variants(p: string): string[] {
  const segments = p.split('/');
  const second = segments[2] ?? '';
  const encoded = second.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const out = new Set([
    p,
    [segments[0], segments[1], encoded, ...segments.slice(3)].join('/'),
    p.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`).replace(/^%2f/i, '/'),
    p.toUpperCase(),
    p.replace(/^\/([a-z])/, (_m, c: string) => `/${c.toUpperCase()}`),
    p.replace(/^\/api\//, '/api//'),
    `/${p}`,
    `${p}/`,
    `${p};x`,
    p.replace(/^\/api\/([^/]+)/, '/api/$1;x'),
    `${p}%00`,
  ]);
  return [...out];
}

/** Whether `who` may succeed on a route of this access for customer A's resources. */
function allowed(entry: RouteAccessEntry, who: Who): boolean {
  switch (entry.access) {
    case 'public':
      return true;
    case 'webhook':
      return false; // no signature is sent
    case 'api-key':
      return false; // a session cookie never reaches the public API
    case 'admin':
      return who === 'admin';
    case 'staff':
      return who === 'admin' || who === 'reviewer';
    case 'customer':
      if (who === 'anonymous') return false;
      if (who === 'reviewer' && REVIEW_DESK_CUSTOMER_ROUTES.has(entry.url)) return true;
      // Another customer (a reviewer too, a member of another organisation too) never reaches A's resources; a
      // member of A's organisation reaches its order like A.
      return (who !== 'customer B' && who !== 'other organisation' && who !== 'reviewer') || !/[:*]/.test(entry.url);
  }
}

describe('authorization matrix', () => {
  it('covers every route the app registers, each with a declared access', () => {
    const table = t.app.routeAccess;
    expect(table.length).toBeGreaterThan(30);
    for (const known of ['/api/admin/submissions', '/api/submissions', '/api/documents/:id', '/api/identity/sign-in/email']) {
      expect(table.some((e) => e.url === known), known).toBe(true);
    }
  });

  // Before the sweep below: it calls every route as everyone, the organisations' leave and remove routes included.
  it("a member of A's organisation gets A's answers on every customer route reading the order; a member of another organisation gets customer B's, 404 on each", async () => {
    await keepSignedIn();
    const namingTheOrder = t.app.routeAccess.filter((e) => e.access === 'customer' && /:(id|submissionId)\b/.test(e.url));
    expect(namingTheOrder.map((e) => e.url)).toEqual(expect.arrayContaining(['/api/submissions/:id', '/api/messages/:submissionId', '/api/documents/:id']));
    const ask = (who: Who, method: string, url: string) => {
      const hasBody = !['GET', 'HEAD'].includes(method);
      return t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: cookies[who]!, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: '{}' } : {}),
      });
    };
    const reads: string[] = [];
    for (const entry of namingTheOrder) {
      const url = concretePath(entry.url);
      const label = `${entry.method} ${entry.url}`;
      // Nobody outside the organisation learns anything: B's answer, and never a success.
      const [outsider, stranger] = [await ask('other organisation', entry.method, url), await ask('customer B', entry.method, url)];
      expect(outsider.statusCode, `other organisation: ${label}`).toBe(stranger.statusCode);
      expect(outsider.statusCode, `other organisation: ${label}`).toBeGreaterThanOrEqual(400);
      if (entry.method === 'GET') expect(outsider.statusCode, `other organisation: ${label}`).toBe(404);
      // Reads only (a write would change the order under the next request): the colleague sees what A sees.
      if (entry.method !== 'GET') continue;
      const [owner, colleague] = [await ask('customer A', 'GET', url), await ask('org member', 'GET', url)];
      expect(colleague.statusCode, `org member: ${label}`).toBe(owner.statusCode);
      if (owner.statusCode === 200) reads.push(entry.url);
    }
    // The order's own reads are among them (the document waits for delivery: 404 to A and the colleague alike).
    expect(reads).toEqual(expect.arrayContaining(['/api/submissions/:id', '/api/messages/:submissionId']));
  });

  it('no call succeeds outside its declared access, under any path variant, and none answers 500', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const entry of t.app.routeAccess) {
      await keepSignedIn();
      for (const url of variants(concretePath(entry.url))) {
        for (const who of PEOPLE) {
          const method = entry.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
          const hasBody = !['GET', 'HEAD'].includes(method);
          const response = await t.app.inject({
            method,
            url,
            headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            ...(hasBody ? { payload: '{}' } : {}),
          });
          calls += 1;
          const label = `${who}: ${method} ${url} (${entry.access} ${entry.url}) → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`500-class: ${label} ${response.body.slice(0, 200)}`);
          else if (response.statusCode < 400 && !allowed(entry, who)) failures.push(`succeeded: ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(500);
  }, 120_000);

  it('a reviewer gets 403 on every admin-only route and is let through every staff route', async () => {
    await keepSignedIn();
    const adminOnly = t.app.routeAccess.filter((e) => e.access === 'admin');
    const staff = t.app.routeAccess.filter((e) => e.access === 'staff');
    expect(adminOnly.map((e) => e.url)).toEqual(
      expect.arrayContaining(['/api/admin/team', '/api/admin/submissions/:id/refunds', '/api/admin/submissions/:id/money', '/api/admin/ledger.csv']),
    );
    expect(staff.map((e) => e.url)).toEqual(
      expect.arrayContaining(['/api/admin/submissions', '/api/admin/submissions/:id/review', '/api/admin/submissions/:id/claim']),
    );
    for (const entry of [...adminOnly, ...staff]) {
      const method = entry.method as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      const hasBody = !['GET', 'HEAD'].includes(method);
      const response = await t.app.inject({
        method,
        url: concretePath(entry.url),
        headers: { cookie: cookies.reviewer!, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: '{}' } : {}),
      });
      const label = `${method} ${entry.url} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      if (entry.access === 'admin') expect(response.statusCode, label).toBe(403);
      else expect([401, 403], label).not.toContain(response.statusCode);
    }
  });

  it('refuses to start when a route declares no access, in any plugin', async () => {
    const app = await buildApp({ config: t.config, database: t.database.handle, clientDir: null });
    try {
      expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(/GET \/api\/undeclared does not declare/);
      const start = async () => {
        await app.register(async (child) => {
          child.post('/api/undeclared-too', async () => ({ ok: true }));
        });
        await app.ready();
      };
      await expect(start()).rejects.toThrow(/POST \/api\/undeclared-too does not declare who may call it/);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
