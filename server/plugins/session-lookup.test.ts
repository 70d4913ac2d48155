/**
 * The app's fast session lookup must accept exactly the cookies better-auth itself accepts, for every cookie
 * shape we can make: under https only the `__Secure-` cookie, the first of duplicates, and nothing tampered.
 */
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../test-support/test-app';
import { importSigningKey, readSessionToken, VERIFIED_COOKIES_KEPT, verifiedCookiesHeld } from './session-lookup';

async function appAnswer(t: TestApp, cookie: string): Promise<string | null> {
  const user = await t.app.lookUpSession({ headers: { cookie } } as FastifyRequest);
  return user?.id ?? null;
}

async function betterAuthAnswer(t: TestApp, cookie: string): Promise<string | null> {
  const session = await t.app.auth.api.getSession({ headers: new Headers({ cookie }) });
  return session?.user.id ?? null;
}

/** The session token's value from the user's cookies (which also hold the signed-in hint, decision 019). */
function valueOf(user: SignedInUser): string {
  const pair = user.cookie.split('; ').find((c) => c.split('=')[0]!.endsWith('session_token'))!;
  return decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
}

function shapes(secureName: string, plainName: string, a: string, b: string): [string, string][] {
  const [token, signature] = [a.slice(0, a.lastIndexOf('.')), a.slice(a.lastIndexOf('.') + 1)];
  const flipped = `${token}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  return [
    ['no cookie', ''],
    ['the configured cookie', `${secureName}=${encodeURIComponent(a)}`],
    ['the configured cookie, not encoded', `${secureName}=${a}`],
    ['the configured cookie, quoted', `${secureName}="${a}"`],
    ['the other name only', `${plainName}=${encodeURIComponent(a)}`],
    ['the other name first, then the configured one', `${plainName}=${encodeURIComponent(b)}; ${secureName}=${encodeURIComponent(a)}`],
    ['the configured one first, then the other name', `${secureName}=${encodeURIComponent(a)}; ${plainName}=${encodeURIComponent(b)}`],
    ['two configured cookies (A first)', `${secureName}=${encodeURIComponent(a)}; ${secureName}=${encodeURIComponent(b)}`],
    ['two configured cookies (B first)', `${secureName}=${encodeURIComponent(b)}; ${secureName}=${encodeURIComponent(a)}`],
    ['spaces around', `  ${secureName} =  ${encodeURIComponent(a)}  ;`],
    ['lower-cased name', `${secureName.toLowerCase()}=${encodeURIComponent(a)}`],
    ['tampered signature', `${secureName}=${encodeURIComponent(flipped)}`],
    ['signature without padding', `${secureName}=${encodeURIComponent(`${token}.${signature.slice(0, -1)}`)}`],
    ['signature with a non-base64 character', `${secureName}=${encodeURIComponent(`${token}.!${signature.slice(1)}`)}`],
    ['token only', `${secureName}=${token}`],
    ['token and a dot', `${secureName}=${token}.`],
    ['suffix after the signature', `${secureName}=${encodeURIComponent(`${a}.x`)}`],
    ['another token with A signature', `${secureName}=${encodeURIComponent(`${b.slice(0, b.lastIndexOf('.'))}.${signature}`)}`],
    ['unrelated cookies around', `theme=dark; ${secureName}=${encodeURIComponent(a)}; other=1`],
    ['empty value', `${secureName}=`],
    ['garbage', ';;=;==;'],
    ['bad percent-encoding', `${secureName}=%E0%A4%A`],
  ];
}

describe.each([
  ['https', 'https://humanproof.test'],
  ['http', 'http://localhost:5000'],
])('session cookie under %s', (_label, publicUrl) => {
  let t: TestApp;
  let a: SignedInUser;
  let b: SignedInUser;
  let secureName: string;
  let plainName: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: publicUrl });
    a = await signUp(t.app);
    b = await signUp(t.app);
    const configured = (await t.app.auth.$context).authCookies.sessionToken.name;
    secureName = configured;
    plainName = configured.startsWith('__Secure-') ? configured.slice('__Secure-'.length) : `__Secure-${configured}`;
    expect(configured).toBe(publicUrl.startsWith('https') ? '__Secure-hp.session_token' : 'hp.session_token');
  });
  afterAll(async () => t.close());

  it('answers as better-auth does for every cookie shape', async () => {
    for (const [label, cookie] of shapes(secureName, plainName, valueOf(a), valueOf(b))) {
      expect(await appAnswer(t, cookie), label).toBe(await betterAuthAnswer(t, cookie));
    }
    // And the shapes that matter, spelled out.
    expect(await appAnswer(t, `${secureName}=${encodeURIComponent(valueOf(a))}`)).toBe(a.id);
    expect(await appAnswer(t, `${plainName}=${encodeURIComponent(valueOf(a))}`)).toBeNull();
  });

  it('answers as better-auth does for random mixes of cookie pieces', async () => {
    const va = valueOf(a);
    const vb = valueOf(b);
    const piece = fc.oneof(
      fc.constantFrom(secureName, plainName, 'theme', '').chain((name) =>
        fc
          .oneof(fc.constantFrom(va, vb, encodeURIComponent(va), `"${vb}"`), fc.string({ maxLength: 60 }))
          .map((value) => `${name}=${value}`),
      ),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 5 }), fc.constantFrom('; ', ';', ' ; '), async (pieces, separator) => {
        const cookie = pieces.join(separator);
        expect(await appAnswer(t, cookie)).toBe(await betterAuthAnswer(t, cookie));
      }),
      { numRuns: 150 },
    );
  });

  it('an expired or deleted session is refused by both', async () => {
    const c = await signUp(t.app);
    const cookie = `${secureName}=${encodeURIComponent(valueOf(c))}`;
    expect(await appAnswer(t, cookie)).toBe(c.id);
    await t.app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, c.id));
    expect(await appAnswer(t, cookie)).toBeNull();
    expect(await betterAuthAnswer(t, cookie)).toBeNull();
    await t.app.db.delete(sessions).where(eq(sessions.userId, c.id));
    expect(await appAnswer(t, cookie)).toBeNull();
  });

  it('signed-in JSON answers carry Cache-Control: no-store', async () => {
    const cookie = `${secureName}=${encodeURIComponent(valueOf(a))}`;
    for (const url of ['/api/auth/user', '/api/submissions', '/api/messages/recent']) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('corrects the signed-in hint from the lookup the guard made (decision 019)', async () => {
    const session = `${secureName}=${encodeURIComponent(valueOf(a))}`;
    const hintOf = (response: { headers: Record<string, unknown> }) =>
      [response.headers['set-cookie'] ?? []].flat().map(String).find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`)) ?? null;
    const ask = (cookie: string) => t.app.inject({ url: '/api/submissions', headers: { cookie } });
    // Signed in without the hint: set. Signed in with it: left alone.
    expect(hintOf(await ask(session))).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(hintOf(await ask(`${session}; ${SESSION_HINT_COOKIE}=1`))).toBeNull();
    // A hint with a session that is not one (tampered), or with no session cookie at all: cleared.
    const tampered = `${secureName}=${encodeURIComponent(`${valueOf(a)}x`)}; ${SESSION_HINT_COOKIE}=1`;
    for (const cookie of [tampered, `${SESSION_HINT_COOKIE}=1`]) {
      expect(hintOf(await ask(cookie)), cookie).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=; .*Max-Age=0`));
    }
  });
});

describe('verified cookie values kept per signing key (decision 078)', () => {
  const sign = (token: string, secret: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('accepts a value again only under the key that verified it, and never keeps a forged one', async () => {
    const [keyA, keyB] = await Promise.all([importSigningKey('secret-a'.repeat(4)), importSigningKey('secret-b'.repeat(4))]);
    const value = sign('token-one', 'secret-a'.repeat(4));
    const cookie = `hp.session_token=${encodeURIComponent(value)}`;
    expect(await readSessionToken(cookie, 'hp.session_token', keyA)).toBe('token-one');
    expect(await readSessionToken(cookie, 'hp.session_token', keyA)).toBe('token-one');
    expect(await readSessionToken(cookie, 'hp.session_token', keyB)).toBeNull();
    const forged = `hp.session_token=${encodeURIComponent(sign('token-one', 'secret-x'.repeat(4)))}`;
    for (let i = 0; i < 2; i += 1) expect(await readSessionToken(forged, 'hp.session_token', keyA)).toBeNull();
    expect([verifiedCookiesHeld(keyA), verifiedCookiesHeld(keyB)]).toEqual([1, 0]);
  });

  it(`keeps at most ${VERIFIED_COOKIES_KEPT.toLocaleString('en-GB')} values, and a value that left is verified again`, async () => {
    const secret = 'secret-c'.repeat(4);
    const key = await importSigningKey(secret);
    const cookieOf = (i: number) => `hp.session_token=${encodeURIComponent(sign(`token-${i}`, secret))}`;
    for (let i = 0; i <= VERIFIED_COOKIES_KEPT; i += 1) await readSessionToken(cookieOf(i), 'hp.session_token', key);
    expect(verifiedCookiesHeld(key)).toBe(VERIFIED_COOKIES_KEPT);
    // The first left; it is still a valid signature, so it verifies again in full.
    expect(await readSessionToken(cookieOf(0), 'hp.session_token', key)).toBe('token-0');
    expect(await readSessionToken(cookieOf(VERIFIED_COOKIES_KEPT), 'hp.session_token', key)).toBe(`token-${VERIFIED_COOKIES_KEPT}`);
  });
});
