import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OPENAPI_PATH } from './openapi';

export const API_DOCS_PATH = '/docs/api';

/** The viewer's files, served from node_modules (swagger-ui-dist, maintained by SmartBear): no CDN. */
const VIEWER_FILES = new Map<string, string>([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

/** Started by a file of our own (script-src 'self': no inline script is needed). */
const INIT_SCRIPT = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#api-docs',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    supportedSubmitMethods: [],
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation · HumanProof</title>
<meta name="description" content="The HumanProof API: API keys, prepaid credit, orders with Idempotency-Key, signed webhooks. OpenAPI 3.1.">
<link rel="stylesheet" href="${API_DOCS_PATH}/assets/swagger-ui.css">
<style>body{margin:0;font-family:system-ui,sans-serif}header{padding:12px 20px;border-bottom:1px solid #e2e8f0;display:flex;gap:16px;align-items:center}header a{color:#0f172a}</style>
</head>
<body>
<header><a href="/"><strong>HumanProof</strong></a><span>API documentation</span><a href="${OPENAPI_PATH}">openapi.json</a><a href="/help-center">Help center</a></header>
<main id="api-docs"><noscript>The API reference needs JavaScript. The machine-readable document is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript></main>
<script src="${API_DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/assets/init.js"></script>
</body>
</html>
`;

/** GET /docs/api: the OpenAPI document rendered by Swagger UI (decision 024). */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  const require = createRequire(import.meta.url);
  const viewerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const html = { config: { access: 'public', reply: 'html' } } as const;
  const file = { config: { access: 'public', reply: 'file' } } as const;

  app.get(API_DOCS_PATH, html, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(`${API_DOCS_PATH}/assets/:file`, { ...file, schema: { params: z.object({ file: z.string().max(100) }) } }, async (request, reply) => {
    const name = (request.params as { file: string }).file;
    if (name === 'init.js') return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(INIT_SCRIPT);
    // A Map, not an object: 'constructor' or '__proto__' must not find an inherited property.
    const type = VIEWER_FILES.get(name);
    if (!type) return reply.callNotFound();
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(createReadStream(path.join(viewerDir, name)));
  });
}
