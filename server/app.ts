import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { resolveSessionSecret, type Config } from './env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { MAX_REQUEST_HEADER_BYTES } from './lib/http-limits';
import { REQUEST_ID_HEADER, requestIdGenerator } from './lib/request-id';
import { featureJobs, featureRoutes, liveUpdateRoutes, metricsPlugin, orderEventConsumers } from './features';
import { featureContextFrom } from './features/context';
import { authenticateApiKey } from './features/api-keys';
import { createAuth, sessionSourceOf } from './features/auth/better-auth';
import { createJobRunner } from './jobs/runner';
import { mailSettingsFrom } from './mail/settings';
import { authPlugin } from './plugins/auth';
import { registerResponseContract } from './plugins/contract';
import { registerErrorHandling } from './plugins/errors';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerRateLimits } from './plugins/rate-limit';
import { registerCrossSiteCheck, registerSecurityHeaders } from './plugins/security';
import { registerStatic } from './plugins/static';
import { serializeError } from './lib/log-serializers';

export interface BuildAppOptions {
  config: Config;
  /** An already-open database (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: DatabaseHandle;
  /** Folder of the built client; defaults to dist/client beside the server bundle or the repository root. */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added (the fuzz test reads the route table this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Traces go here instead of OTEL_EXPORTER_OTLP_ENDPOINT (the tracing test's in-memory exporter). */
  traceExporter?: SpanExporter;
}

export function defaultClientDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The bundle (<dist>/server/main.js, migrations beside it) serves <dist>/client; the sources serve dist/client.
  return existsSync(path.join(here, 'migrations'))
    ? path.join(here, '..', 'client')
    : path.join(here, '..', 'dist', 'client');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // process.stdout, not pino's own asynchronous writer: on a pipe (how a supervisor or container collects the
    // log) Node writes it synchronously, so lines arrive in the order they were logged and none is lost at exit.
    // With the asynchronous writer the shutdown lines were seen out of order.
    stream: process.stdout,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-humanproof-in-process-call"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.clientSecret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Errors without query parameters or the values PostgreSQL quotes (server/lib/log-serializers.ts).
      err: serializeError,
      // Never log query strings: signed upload URLs and OAuth callbacks carry secrets there.
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.split('?')[0],
      }),
    },
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    // Long enough for a 50 MB review document over a slow line (local-disk uploads come through us).
    requestTimeout: 300_000,
    connectionTimeout: 60_000,
    // An idle keep-alive connection stays open longer than a load balancer's usual idle timeout (60 s): the side that
    // closes first must be the client's, or a request sent as the server closes the socket fails (ECONNRESET, a 502).
    keepAliveTimeout: 65_000,
    forceCloseConnections: 'idle',
    bodyLimit: 1_048_576,
    // Every text the form accepts can come in a /check-now?content=... prefill link (lib/http-limits.ts).
    http: { maxHeaderSize: MAX_REQUEST_HEADER_BYTES },
    // Every log line, the X-Request-Id header and every error body carry it (server/lib/request-id.ts).
    genReqId: requestIdGenerator(config.trustProxy),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before any hook or route, so each request's span covers all of it (off unless configured; decision 028).
  const tracing =
    config.OTEL_EXPORTER_OTLP_ENDPOINT || options.traceExporter
      ? (await import('./lib/tracing')).startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, exporter: options.traceExporter })
      : null;
  if (tracing) await app.register(tracing.plugin);
  // First of all hooks: every answer, whatever ends it (a 404, a guard, a static file), names its request.
  // Callback style: an async hook costs every request a promise and a turn of the microtask queue (decision 071).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Next, the security headers: before the access guard, so its refusals carry them too.
  registerSecurityHeaders(app, config);
  app.setValidatorCompiler(validatorCompiler);
  // Every answer goes through its route's response schema; outside production an undeclared field fails it.
  registerResponseContract(app, { strict: config.NODE_ENV !== 'production' });

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onPoolError: (err) => app.log.error({ err }, 'database pool error'),
    }));

  const jobs = createJobRunner({
    handle: database,
    log: app.log,
    worker: config.MAIL_WORKER === 'on' || config.WEBHOOK_WORKER === 'on',
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  const mail = mailSettingsFrom(config, jobs);
  app.decorate('mail', mail);
  // One context for the features that move orders and the consumers of those moves (decision 058).
  app.decorate('context', featureContextFrom(config, { jobs, mail, orderEventConsumers }));
  // Filled by the static client (plugins/static.ts) when there is a build: routes that answer a page use it.
  app.decorate('pages', { documents: null });
  // Accounts (better-auth) come from the auth feature; the plugin that guards every route is handed what it reads.
  const sessionSecret = resolveSessionSecret(config);
  const auth = createAuth(config, database.db, sessionSecret, mail, app.log);
  app.decorate('auth', auth);
  // Before any route: it checks each route's access declaration as the route is added.
  await app.register(authPlugin, { db: database.db, secret: sessionSecret, sessions: await sessionSourceOf(auth), authenticateApiKey });
  // The job runner starts once every plugin is ready; each feature says which of its jobs this instance runs.
  app.addHook('onReady', async () => {
    await jobs.start(featureJobs.map((job) => job(app)).filter((job) => job !== null));
  });
  // One close hook, so the order is ours and not the hooks' registration order: the job runner lets the jobs in
  // flight finish, then the database closes (when this app opened it).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await tracing?.shutdown();
    if (options.database) return;
    await database.close();
    app.log.info('database closed');
  });

  registerErrorHandling(app);
  registerInputHygiene(app);
  registerCrossSiteCheck(app, config);
  // Cookies are set through it (reply.clearCookie); nothing reads request.cookies, so the Cookie header is not parsed
  // into it on every request (the session lookup reads its one cookie itself, as better-auth does; decision 079).
  // A route that sets a cookie still has it parsed, on that request only.
  await app.register(cookie, { hook: false });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Before the routes: they take their limiters from it (plugins/rate-limit.ts).
  await registerRateLimits(app);

  await app.register(metricsPlugin, { database });
  for (const routes of featureRoutes) await app.register(routes);
  // Live updates listen on the database itself (PGlite's or a PostgreSQL connection of their own): decision 038.
  await app.register(liveUpdateRoutes, { database });

  const clientDir = options.clientDir === undefined ? defaultClientDir() : options.clientDir;
  if (clientDir) await registerStatic(app, clientDir);
  return app;
}
