import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { VERIFY_PYTHON, VERIFY_TYPESCRIPT } from './docs-text';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('OpenAPI 3.1 document', () => {
  it('is a valid OpenAPI 3.1 document that names every /api/v1 route with its schemas', async () => {
    const response = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>>; webhooks: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    // The validator checks the document against the OpenAPI 3.1 schema and resolves every $ref.
    await SwaggerParser.validate(structuredClone(doc) as never);

    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/openapi.json' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      // Checking a certificate of human review needs no key (issue 24); every other route does.
      // and its verifiable credential (issue 43).
      expect(route.access, route.url).toBe(['/api/v1/certificates/:code', '/api/v1/certificates/:code/credential'].includes(route.url) ? 'public' : 'api-key');
      expect(Object.keys(operation!.responses as object), route.url).toEqual(expect.arrayContaining(['4XX', '5XX']));
    }
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
    const create = doc.paths['/api/v1/orders']!.post!;
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]));
    expect(JSON.stringify(create.requestBody)).toContain('OrderInput');
    expect(Object.keys(doc.webhooks).sort()).toEqual(['message.created', 'order.audited', 'order.completed', 'order.in_review', 'order.late', 'order.paid', 'order.revision_requested']);
  });

  it('documents signature verification in TypeScript and Python', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as { info: { description: string } };
    expect(doc.info.description).toContain(VERIFY_TYPESCRIPT);
    expect(doc.info.description).toContain(VERIFY_PYTHON);
    expect(doc.info.description).toContain('HumanProof-Signature');
  });

  it('points AI agents and pipelines to the MCP server, the command line, the SDK and the README section (issue 46)', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as { info: { description: string } };
    expect(doc.info.description).toContain('## For AI agents and pipelines');
    for (const name of ['POST /mcp', 'humanproof mcp', '@humanproof/sdk', 'README\'s section "For AI agents and pipelines"']) {
      expect(doc.info.description, name).toContain(name);
    }
    expect(readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8')).toContain('## For AI agents and pipelines');
  });

  it('serves the viewer at /docs/api from node_modules, with no inline script and no other origin', async () => {
    const page = await t.app.inject({ url: '/docs/api' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/docs\/api\/assets\//);
      expect(body).toBe('');
    }
    expect(page.body).not.toMatch(/https?:\/\/(?!humanproof)/);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const response = await t.app.inject({ url: `/docs/api/assets/${asset}` });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length).toBeGreaterThan(100);
    }
    for (const name of ['package.json', 'constructor', '__proto__', 'toString']) {
      expect((await t.app.inject({ url: `/docs/api/assets/${name}` })).statusCode, name).toBe(404);
    }
    expect((await t.app.inject({ url: '/docs/api/assets/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
  });
});
