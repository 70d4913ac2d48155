import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { whoAmISchema } from '../../../shared/auth.schema';
import { badRequest, HttpError } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { OIDC_PROVIDER_ID } from './better-auth';
import { IDENTITY_ENDPOINTS } from './identity-endpoints';
import { holdUntilMinimumDuration, identityRateLimits } from './identity-limits';

const IDENTITY_BASE = '/api/identity';
/** better-auth's session cookie (`hp.session_token`, `__Secure-` prefixed under https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?hp\.session_token=/;

/** Copies a Web Response from better-auth onto Fastify's reply, every Set-Cookie included. */
async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key.toLowerCase() === 'set-cookie' || key.toLowerCase() === 'content-length') return;
    void reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const body = await response.text();
  return reply.send(body.length > 0 ? body : null);
}

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const url = new URL(request.url, publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // better-auth records the session's address from this header: give it the one Fastify resolved under
  // TRUST_PROXY, not the left-most entry a client can write itself.
  if (request.server.config.trustProxy) headers.set('x-forwarded-for', request.ip);
  return new Request(url, {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
  });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // One route per better-auth endpoint the product uses (identity-endpoints.ts); any other path under
  // /api/identity is unknown to the router and answers 404.
  for (const endpoint of IDENTITY_ENDPOINTS) {
    app.route({
      method: endpoint.method,
      url: `${IDENTITY_BASE}${endpoint.path}`,
      // better-auth's own answers pass through as they are (decision 016).
      config: { access: endpoint.access, reply: 'proxy' },
      preHandler: [
        async (request: FastifyRequest) => {
          // PostgreSQL text cannot hold NUL: refuse it here rather than answer 500 from a query.
          if (request.body !== undefined && JSON.stringify(request.body).includes('\\u0000')) {
            throw badRequest('Invalid characters in the request.');
          }
        },
        // Sign-in, sign-up, resets, verification e-mails, password changes (identity-limits.ts).
        ...identityRateLimits(app, endpoint),
      ],
      handler: async (request, reply) => {
        const startedAt = performance.now();
        const response = await app.auth.handler(toWebRequest(request, app.config.PUBLIC_URL));
        await holdUntilMinimumDuration(endpoint, startedAt);
        return sendWebResponse(reply, response);
      },
    });
  }

  app.get(
    '/api/login',
    { config: { access: 'public', reply: 'redirect' }, schema: { querystring: z.object({ screen_hint: z.string().optional() }) } },
    async (request, reply) => {
      const { screen_hint: hint } = request.query as { screen_hint?: string };
      const signup = hint === 'signup';
      if (!app.config.oidc) return reply.redirect(signup ? '/sign-up' : '/sign-in');
      const response = await app.auth.api.signInSocial({
        body: {
          provider: OIDC_PROVIDER_ID,
          callbackURL: '/auth-success',
          errorCallbackURL: '/login',
          ...(signup ? { requestSignUp: true } : {}),
        },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      const { url } = (await response.clone().json()) as { url?: string };
      if (!url) throw new HttpError(502, 'Sign-in provider is unavailable. Please try again later.');
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      return reply.redirect(url);
    },
  );

  app.get('/api/logout', { config: { access: 'public', reply: 'redirect' } }, async (request, reply) => {
    // A cross-site navigation must not sign anyone out (logout CSRF); our own links are same-origin.
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.redirect('/');
    if (request.headers.cookie?.includes('session_token')) {
      const headers = fromNodeHeaders(request.headers);
      headers.set('origin', new URL(app.config.PUBLIC_URL).origin);
      const response = await app.auth.api.signOut({ headers, asResponse: true });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
    }
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  // "Who am I" (spec section 7: "failure or empty means anonymous"). A visitor who presents no session cookie is
  // simply anonymous: 200 with `null`, so no page logs a failed request for every visitor. A session cookie that
  // no longer resolves (expired, revoked, forged) still answers 401, and a signed-in user gets their account.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/user',
    { config: { access: 'public' }, schema: { response: { 200: whoAmISchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!SESSION_COOKIE.test(request.headers.cookie ?? '')) return reply.send(null);
      return requireUser(request);
    },
  );
}
