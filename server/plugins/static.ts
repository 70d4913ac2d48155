import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { findPageRoute } from '../../shared/routes';
import { buildShells } from './route-preloads';

/**
 * Serves the built client: hashed assets cached for a year (pre-compressed .br/.gz when present),
 * index.html never cached. Any other GET that accepts HTML gets the app shell, with 404 for paths
 * the client router does not know.
 */
export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'client build not found: run `npm run build` (API only)');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const shellFor = buildShells(clientDir, indexHtml);
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
    const route = findPageRoute(pathname);
    return reply
      .code(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shellFor(route));
  };

  app.get('/', html, async (_request, reply) => sendShell('/', reply));
  // An unknown API path answers the JSON 404, not the app shell: the router decides, not the URL text.
  app.get('/api/*', { config: { access: 'public', reply: 'not-found' } }, async (_request, reply) => reply.callNotFound());
  // The app shell, or a file of the build's root (robots.txt, favicon.svg).
  app.get('/*', html, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const candidate = path.join(clientDir, path.normalize(pathname));
    if (candidate.startsWith(clientDir + path.sep) && path.extname(pathname) !== '' && existsSync(candidate)) {
      return reply.sendFile(pathname.slice(1));
    }
    return sendShell(pathname, reply);
  });
}
