/**
 * The API contract (decision 016): every JSON route answers exactly its response schema. Outside production a
 * handler that returns a field its schema does not name fails (500), so every API test holds its route to its
 * schema; in production the field is stripped and logged, never sent and never a 500.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { droppedFields, registerResponseContract, ROUTE_REPLIES } from './contract';
import { registerErrorHandling, SERVER_ERROR_MESSAGE } from './errors';

const itemSchema = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) });

/** A bare app wired as server/app.ts wires it, with one throwaway route that leaks two fields. */
async function appWithLeakyRoute(strict: boolean): Promise<{ app: FastifyInstance; logs: Record<string, unknown>[] }> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  registerResponseContract(app, { strict });
  registerErrorHandling(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/leaky', { schema: { response: { 200: itemSchema } } }, async () => {
    const row = { id: 'a1', passwordHash: 'secret', tags: [{ name: 'x', internal: 1 }] };
    return row;
  });
  api.get('/exact', { schema: { response: { 200: itemSchema } } }, async () => ({ id: 'a2', tags: [] }));
  api.get('/missing', { schema: { response: { 200: itemSchema } } }, async () => ({ id: 'a3' }) as z.infer<typeof itemSchema>);
  await app.ready();
  return { app, logs };
}

describe('a handler that returns a field its schema does not declare', () => {
  it('fails outside production: 500 with the generic message, the offending fields logged', async () => {
    const { app, logs } = await appWithLeakyRoute(true);
    const response = await app.inject({ method: 'GET', url: '/leaky' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: SERVER_ERROR_MESSAGE });
    expect(response.body).not.toContain('secret');
    const logged = logs.find((l) => l.msg === 'request failed');
    expect(JSON.stringify(logged)).toContain('passwordHash');
    expect(JSON.stringify(logged)).toContain('tags[0].internal');
    // An exact answer passes.
    const exact = await app.inject({ method: 'GET', url: '/exact' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toEqual({ id: 'a2', tags: [] });
    await app.close();
  });

  it('is stripped in production: 200 without the field, a warning logged', async () => {
    const { app, logs } = await appWithLeakyRoute(false);
    const response = await app.inject({ method: 'GET', url: '/leaky' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a1', tags: [{ name: 'x' }] });
    expect(response.body).not.toContain('secret');
    const warning = logs.find((l) => l.level === 40);
    expect(warning).toMatchObject({ fields: ['passwordHash', 'tags[0].internal'], url: '/leaky' });
    await app.close();
  });

  it('a missing field is a 500 in both modes (a broken answer is never sent)', async () => {
    for (const strict of [true, false]) {
      const { app } = await appWithLeakyRoute(strict);
      const response = await app.inject({ method: 'GET', url: '/missing' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ message: SERVER_ERROR_MESSAGE });
      await app.close();
    }
  });

  it('finds dropped fields in nested objects and arrays, ignoring undefined values', () => {
    expect(droppedFields({ a: 1, b: undefined, c: [{ d: 1, e: 2 }] }, { a: 1, c: [{ d: 1 }] })).toEqual(['c[0].e']);
    expect(droppedFields([{ a: 1 }], [{ a: 1 }])).toEqual([]);
  });
});

describe('every route of the app declares its answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    // With a client build, so the static routes (shell, assets, files) are in the table too.
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'hp-contract-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>HumanProof</title><div id="root"></div>');
    // GET /api/config is made to leak one field, to prove the real app serializes strictly in tests.
    const onRoute = (route: RouteOptions) => {
      if (route.url !== '/api/config' || route.method !== 'GET') return;
      route.handler = async () => ({
        support: { email: 'a@example.com', phone: '1', address: 'x' },
        payments: { provider: 'sandbox', publishableKey: null },
        signIn: { provider: 'password' },
        internalNote: 'never sent',
      });
    };
    t = await createTestApp({}, { clientDir, onRoute });
  }, 60_000);
  afterAll(async () => t.close());

  it('covers every registered route', () => {
    const contracts = t.app.routeContracts.map((r) => `${r.method} ${r.url}`).sort();
    const routes = t.app.routeAccess.map((r) => `${r.method} ${r.url}`).sort();
    expect(contracts).toEqual(routes);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('gives every JSON route a response schema for its success status', () => {
    const offenders = t.app.routeContracts
      .filter((r) => r.reply === 'json' && !r.statuses.some((s) => /^2\d\d$/.test(s)))
      .map((r) => `${r.method} ${r.url}`);
    expect(offenders, 'JSON routes without a 2xx response schema (declare one, or config.reply)').toEqual([]);
  });

  it('gives every route but the identity proxy the shared error schema, and declares non-JSON answers explicitly', () => {
    for (const route of t.app.routeContracts) {
      expect(ROUTE_REPLIES).toContain(route.reply);
      if (route.reply === 'proxy') continue;
      expect(route.statuses, `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['4xx', '5xx']));
    }
    const nonJson = t.app.routeContracts
      .filter((r) => r.reply !== 'json' && r.method !== 'HEAD')
      .map((r) => `${r.reply} ${r.method} ${r.url}`)
      .sort();
    // The list is short on purpose: adding to it is a decision (decision 016), not a way round the contract.
    expect(nonJson).toEqual(
      [
        'file GET /api/account/export',
        'file GET /api/documents/:id',
        'file GET /api/submissions/:id/reviewed.txt',
        'file GET /api/submissions/:id/reviewed.docx',
        'file GET /api/submissions/:id/fact-check.pdf',
        'file GET /assets/*',
        // The API reference's viewer (decision 024): Swagger UI's files from node_modules, and its page.
        'file GET /docs/api/assets/:file',
        'html GET /docs/api',
        'file GET /robots.txt',
        'file GET /sitemap.xml',
        'html GET /',
        'html GET /*',
        // The certificate of human review (decision 033): its page (a real 404 for an unknown code), badge and PDF.
        'html GET /verify/:code',
        'file GET /verify/:code/badge.svg',
        'file GET /verify/:code/certificate.pdf',
        // Its verifiable credential (decision 060): the JSON-LD context, the status lists (the signed bytes, as
        // application/vc when asked) and the editorial-control record's PDF.
        'file GET /ns/credentials/v1',
        'file GET /credentials/status/:list',
        'file GET /api/submissions/:id/editorial-record.pdf',
        // Receipts, VAT invoices and credit notes (decision 044): one document's PDF, and a month's zip for finance.
        'file GET /api/billing/documents/:id/pdf',
        // The delivery's files for an API key (issue 46, decision 062): `humanproof result --format docx|report`.
        'file GET /api/v1/orders/:id/reviewed.docx',
        'file GET /api/v1/orders/:id/fact-check.pdf',
        'file GET /api/admin/billing-documents/export',
        'not-found GET /api/*',
        'redirect GET /api/login',
        'redirect GET /api/logout',
        ...t.app.routeContracts
          .filter((r) => r.url.startsWith('/api/identity/') && r.method !== 'HEAD')
          .map((r) => `proxy ${r.method} ${r.url}`),
      ].sort(),
    );
  });

  it('serializes strictly in tests (NODE_ENV=test), so every API test holds its route to its schema', async () => {
    expect(t.config.NODE_ENV).toBe('test');
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('never sent');
  });
});
