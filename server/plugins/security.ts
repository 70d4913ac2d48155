import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { SESSION_HINT_SCRIPT } from '../../shared/session-hint';
import { DRAFT_HINT_SCRIPT } from '../../shared/draft-hint';
import type { Config } from '../env';
import { AFTER_PAINT_LOADER } from './after-paint';

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The inline scripts the pages carry, each allowed by its hash: the signed-in hint (decision 019)… */
export const SESSION_HINT_SCRIPT_HASH = scriptHash(SESSION_HINT_SCRIPT);
/** …the loader that starts a pre-rendered page's scripts after its first paint (decision 010)… */
export const AFTER_PAINT_LOADER_HASH = scriptHash(AFTER_PAINT_LOADER);
/** …and /check-now's draft hint (decision 051). */
export const DRAFT_HINT_SCRIPT_HASH = scriptHash(DRAFT_HINT_SCRIPT);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The security headers (helmet) on every answer, whatever ends it: registered before the access guard, so a 401 or a
 * 403 carries them too. helmet's middleware is built once: @fastify/helmet built it again for every request, parsing
 * the policy each time (about 3% of the app's CPU serving the dashboard's list, decision 078).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = config.PUBLIC_URL.startsWith('https://');
  const stripe = config.stripe !== null;
  // Review documents go straight from the reviewer's browser to S3 through presigned PUTs.
  const s3Origin = config.s3 ? [new URL(config.s3.endpoint).origin] : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", SESSION_HINT_SCRIPT_HASH, AFTER_PAINT_LOADER_HASH, DRAFT_HINT_SCRIPT_HASH, ...(stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : []), ...s3Origin],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(config.oidc ? [new URL(config.oidc.issuer).origin] : [])],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** The cross-site write check (CSRF). */
export function registerCrossSiteCheck(app: FastifyInstance, config: Config): void {
  const allowedOrigins = new Set([new URL(config.PUBLIC_URL).origin]);
  // CSRF defence for cookie-authenticated writes: browsers send Sec-Fetch-Site and Origin on
  // cross-site requests, so a write that declares another site is refused before any handler runs.
  // Callback style: an async hook costs every request, reads included, a promise and a turn of the microtask queue
  // (decision 071). A refused write is answered here and goes no further.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // Webhook routes are called by other systems with a signature, never by a browser with our cookies.
    if (request.routeOptions.config.access === 'webhook') return done();
    // API-key routes read no cookie, so a cross-site request carries no authority there (decision 024).
    if (request.routeOptions.config.access === 'api-key') return done();
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      void reply.code(403).send({ message: 'Cross-site request refused' });
      return;
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      const selfOrigin = `${request.protocol}://${request.host}`;
      if (!allowedOrigins.has(origin) && origin !== selfOrigin) {
        void reply.code(403).send({ message: 'Cross-site request refused' });
        return;
      }
    } else if (origin === 'null') {
      void reply.code(403).send({ message: 'Cross-site request refused' });
      return;
    }
    done();
  });
}
