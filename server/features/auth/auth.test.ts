import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../shared/auth.schema';
import { sessions } from '../../db/schema';
import { createTestApp, cookieHeader, signUp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '5', ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => t.close());

async function signIn(email: string, password: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    payload: { email, password },
    remoteAddress: ip,
  });
}

describe('accounts', () => {
  it('signs up, then answers the current user with the profile fields', async () => {
    const user = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    expect(user.cookie).toMatch(/hp\.session_token=/);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: user.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: user.email,
      profileImageUrl: null,
      isAdmin: false,
      role: 'customer',
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { email: uniqueEmail(), password: TEST_PASSWORD, name: 'A B', firstName: 'A', lastName: 'B' },
    });
    const raw = [response.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
  });

  it('answers an anonymous visitor 200 with null (no failed request in their console); other personal routes stay 401', async () => {
    for (const cookie of [undefined, 'theme=dark; other=1']) {
      const me = await t.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} });
      expect(me.statusCode).toBe(200);
      expect(me.body).toBe('null');
      expect(me.headers['cache-control']).toBe('no-store');
    }
    for (const url of ['/api/submissions', '/api/messages/recent', '/api/account/security']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ message: 'Authentication required' });
    }
  });

  it('answers 401 to a session cookie that no longer resolves, and the account to a live one', async () => {
    const user = await signUp(t.app);
    const [name] = user.cookie.split('=') as [string];
    const dead = await t.app.inject({ url: '/api/auth/user', headers: { cookie: `${name}=nothing.${'A'.repeat(43)}=` } });
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toMatchObject({ message: 'Authentication required' });
    const live = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ email: user.email, isAdmin: false });
  });

  it('refuses passwords shorter than 12 or longer than 128 characters', async () => {
    for (const password of ['short-pass1', 'x'.repeat(129)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up/email',
        payload: { email: uniqueEmail(), password, name: 'A B', firstName: 'A', lastName: 'B' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/password/i);
    }
  });

  it('refuses a blank first name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { email: uniqueEmail(), password: TEST_PASSWORD, name: 'B', firstName: '  ', lastName: 'B' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('signs in with the right password and gives one message for a wrong e-mail or password', async () => {
    const user = await signUp(t.app);
    const ok = await signIn(user.email, TEST_PASSWORD, '10.0.0.2');
    expect(ok.statusCode).toBe(200);
    expect(cookieHeader(ok)).not.toBe(user.cookie);

    const wrongPassword = await signIn(user.email, 'not-the-password!', '10.0.0.2');
    const unknownEmail = await signIn(uniqueEmail(), 'not-the-password!', '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknownEmail.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('rate limits sign-in attempts with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i += 1) {
      last = await signIn('nobody@example.com', 'wrong-password-x', '10.9.9.9');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // Another address is not affected.
    expect((await signIn('nobody@example.com', 'wrong-password-x', '10.9.9.8')).statusCode).toBe(401);
  });

  it('sign-out invalidates the session cookie', async () => {
    const user = await signUp(t.app);
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('ignores a cross-site logout navigation', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ url: '/api/logout', headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' } });
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('makes accounts listed in ADMIN_EMAILS administrators', async () => {
    const boss = await signUp(t.app, { email: 'Boss@Example.com' });
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: boss.cookie } });
    expect(me.json().isAdmin).toBe(true);
  });

  it('sends /api/login to the built-in sign-in and sign-up pages', async () => {
    const signin = await t.app.inject({ url: '/api/login' });
    expect(signin.statusCode).toBe(302);
    expect(signin.headers.location).toBe('/sign-in');
    const signup = await t.app.inject({ url: '/api/login?screen_hint=signup' });
    expect(signup.headers.location).toBe('/sign-up');
  });

  it('refuses cross-site writes', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: user.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { firstName: 'X', lastName: 'Y', email: user.email },
    });
    expect(response.statusCode).toBe(403);
    const fetchMeta = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
      payload: { firstName: 'X', lastName: 'Y', email: user.email },
    });
    expect(fetchMeta.statusCode).toBe(403);
  });

  it('refuses a session cookie whose signature was tampered with', async () => {
    const user = await signUp(t.app);
    const [name, value] = user.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    for (const forged of [token, `${token}.${'A'.repeat(43)}=`, `${token}x.${decoded.slice(decoded.lastIndexOf('.') + 1)}`]) {
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: `${name}=${encodeURIComponent(forged)}` } });
      expect(me.statusCode).toBe(401);
    }
  });

  it('refuses an expired session', async () => {
    const user = await signUp(t.app);
    await t.app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });

  it('slides a session forward once it is a day old, with a fresh cookie', async () => {
    const user = await signUp(t.app);
    const soon = new Date(Date.now() + 5 * 86_400_000);
    await t.app.db.update(sessions).set({ expiresAt: soon, updatedAt: new Date(Date.now() - 9 * 86_400_000) }).where(eq(sessions.userId, user.id));
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(String([me.headers['set-cookie']].flat().join('\n'))).toMatch(/session_token=/);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });
});
