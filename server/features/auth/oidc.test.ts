import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../test-support/test-app';

/** A minimal OpenID Connect provider on loopback: discovery, authorize, token (PKCE checked), userinfo. */
interface FakeProvider {
  server: Server;
  issuer: string;
  lastAuthorize: URLSearchParams | null;
  lastTokenForm: URLSearchParams | null;
}

async function startProvider(): Promise<FakeProvider> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const provider: FakeProvider = { server: createServer(), issuer: '', lastAuthorize: null, lastTokenForm: null };
  provider.server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', provider.issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer: provider.issuer,
          authorization_endpoint: `${provider.issuer}/authorize`,
          token_endpoint: `${provider.issuer}/token`,
          userinfo_endpoint: `${provider.issuer}/userinfo`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    } else if (url.pathname === '/authorize') {
      provider.lastAuthorize = url.searchParams;
      const code = `code-${codes.size + 1}`;
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
    } else if (url.pathname === '/token') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        provider.lastTokenForm = form;
        const grant = codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.challenge !== challenge) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'at-1', token_type: 'Bearer', expires_in: 3600 }));
      });
    } else if (url.pathname === '/userinfo') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ sub: 'oidc-user-1', email: 'oidc.person@example.com', email_verified: true, given_name: 'Olive', family_name: 'Idc', name: 'Olive Idc' }),
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => provider.server.listen(0, '127.0.0.1', r));
  provider.issuer = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  return provider;
}

let provider: FakeProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startProvider();
  t = await createTestApp({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'humanproof', OIDC_CLIENT_SECRET: 'client-secret' });
});
afterAll(async () => {
  await t.close();
  provider.server.close();
});

function mergeCookies(...headers: string[]): string {
  const jar = new Map<string, string>();
  for (const header of headers) {
    for (const pair of header.split('; ').filter(Boolean)) {
      const [name] = pair.split('=');
      jar.set(name!, pair);
    }
  }
  return [...jar.values()].join('; ');
}

describe('OpenID Connect sign-in', () => {
  it('runs the authorization-code flow with PKCE and state, then lands on /auth-success signed in', async () => {
    const login = await t.app.inject({ url: '/api/login' });
    expect(login.statusCode).toBe(302);
    const authorizeUrl = new URL(login.headers.location as string);
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    const redirectUri = new URL(authorizeUrl.searchParams.get('redirect_uri')!);
    expect(redirectUri.origin).toBe('http://localhost:5000');
    const stateCookies = cookieHeader(login);

    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const done = await t.app.inject({ url: `${callback.pathname}${callback.search}`, headers: { cookie: stateCookies } });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/\/auth-success$/);
    expect(provider.lastTokenForm?.get('code_verifier')).toBeTruthy();

    const session = mergeCookies(stateCookies, cookieHeader(done));
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'oidc.person@example.com', firstName: 'Olive', lastName: 'Idc', isAdmin: false });
  });

  it('refuses a callback whose state does not match', async () => {
    const login = await t.app.inject({ url: '/api/login' });
    const stateCookies = cookieHeader(login);
    const authorizeUrl = new URL(login.headers.location as string);
    authorizeUrl.searchParams.set('state', 'forged-state');
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const done = await t.app.inject({ url: `${callback.pathname}${callback.search}`, headers: { cookie: stateCookies } });
    expect(String(done.headers.location ?? '')).not.toMatch(/\/auth-success$/);
    expect(cookieHeader(done)).not.toMatch(/session_token=[^;]+/);
  });

  it('does not accept a callback URL on another site', async () => {
    // Sign-in starts only at /api/login, whose callback is fixed; better-auth's own endpoint that takes a
    // callback URL is not exposed at all.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/social',
      payload: { provider: 'oidc', callbackURL: 'https://evil.example/steal' },
    });
    expect(response.statusCode).toBe(404);
    const login = await t.app.inject({ url: '/api/login?callbackURL=https://evil.example/steal' });
    expect(login.statusCode).toBe(302);
    expect(new URL(login.headers.location as string).searchParams.get('redirect_uri')).toBe(
      'http://localhost:5000/api/identity/callback/oidc',
    );
  });
});
