import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { robotsTxt } from '../../shared/seo';
import { vatRateFor } from '../../shared/vat';
import { buildPageDocuments, readPrerenderedPages } from './prerendered-pages';
import { buildShells } from './route-preloads';

/**
 * Serves the built client: hashed assets cached for a year (pre-compressed .br/.gz when present),
 * index.html never cached. Any other GET gets its page: pre-rendered for the public pages (decision 019), the
 * app shell for the others, and the 404 page with status 404 for paths no page answers.
 */
export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'client build not found: run `npm run build` (API only)');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const { config } = app;
  const documents = buildPageDocuments({
    pages: readPrerenderedPages(clientDir),
    shellFor: buildShells(clientDir, indexHtml),
    origin: config.PUBLIC_URL,
    support: { email: config.SUPPORT_EMAIL, phone: config.SUPPORT_PHONE, address: config.SUPPORT_ADDRESS },
    vatRateBasisPoints: vatRateFor(config.VAT_NUMBER),
    stylesheet(href) {
      const file = path.join(clientDir, path.normalize(href));
      return file.startsWith(clientDir + path.sep) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
  });
  app.pages.documents = documents;
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // Files are served by the declared routes below (every route declares its access), not by the plugin.
    serve: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'public, max-age=3600');
      }
    },
  });
  const file = { config: { access: 'public', reply: 'file' } } as const;
  const html = { config: { access: 'public', reply: 'html' } } as const;
  app.get('/assets/*', file, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(path.posix.join('assets', file));
  });

  const sendShell = (pathname: string, reply: FastifyReply) => {
    const { status, html } = documents.documentFor(pathname);
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  // Both from the route table (shared/seo.ts) and this server's public origin.
  app.get('/sitemap.xml', file, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(documents.sitemap),
  );
  app.get('/robots.txt', file, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(config.PUBLIC_URL)),
  );

  app.get('/', html, async (_request, reply) => sendShell('/', reply));
  // An unknown API path answers the JSON 404, not the app shell: the router decides, not the URL text.
  app.get('/api/*', { config: { access: 'public', reply: 'not-found' } }, async (_request, reply) => reply.callNotFound());
  // The page (pre-rendered or the app shell), or a file of the build's root (favicon.svg).
  app.get('/*', html, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const candidate = path.join(clientDir, path.normalize(pathname));
    if (candidate.startsWith(clientDir + path.sep) && path.extname(pathname) !== '' && existsSync(candidate)) {
      return reply.sendFile(pathname.slice(1));
    }
    return sendShell(pathname, reply);
  });
}
