import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/auth.schema';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patch = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile', headers: cookie ? { cookie } : {}, payload: payload as object });

describe('PATCH /api/profile', () => {
  it('answers 401 to the anonymous', async () => {
    const response = await patch(undefined, { firstName: 'A', lastName: 'B', email: 'a@example.com' });
    expect(response.statusCode).toBe(401);
  });

  it('trims and saves the names, and the current user shows them', async () => {
    const user = await signUp(t.app, { firstName: 'Old', lastName: 'Name' });
    const response = await patch(user.cookie, { firstName: '  New ', lastName: ' Person  ', email: user.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'New', lastName: 'Person', email: user.email });
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.json()).toMatchObject({ firstName: 'New', lastName: 'Person' });
  });

  it('refuses a different e-mail with 400', async () => {
    const user = await signUp(t.app);
    const response = await patch(user.cookie, { firstName: 'A', lastName: 'B', email: 'someone-else@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AUTH_MESSAGES.emailNotEditable });
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.json().email).toBe(user.email);
  });

  it('accepts the same e-mail in another letter case', async () => {
    const user = await signUp(t.app);
    const response = await patch(user.cookie, { firstName: 'A', lastName: 'B', email: user.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
  });

  it('requires names of 1 to 50 characters', async () => {
    const user = await signUp(t.app);
    for (const firstName of ['', '   ', 'x'.repeat(51)]) {
      const response = await patch(user.cookie, { firstName, lastName: 'B', email: user.email });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await patch(user.cookie, { firstName: 'x'.repeat(50), lastName: 'B', email: user.email })).statusCode).toBe(200);
  });

  it('cannot change anything else about the account', async () => {
    const user = await signUp(t.app);
    const response = await patch(user.cookie, {
      firstName: 'A',
      lastName: 'B',
      email: user.email,
      isAdmin: true,
      id: 'hijack',
      profileImageUrl: 'https://evil.example/x.png',
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.json()).toMatchObject({ id: user.id, isAdmin: false, profileImageUrl: null });
  });

  it('answers 400 for malformed JSON and wrong types, never 500', async () => {
    const user = await signUp(t.app);
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Malformed JSON body' });
    const wrongType = await patch(user.cookie, { firstName: 42, lastName: [], email: null });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('profile changes outside the app', () => {
  it("better-auth's own account endpoints are not reachable", async () => {
    const user = await signUp(t.app, { firstName: 'Kept', lastName: 'Name' });
    const attempts: [string, object][] = [
      ['/api/identity/update-user', { name: 'x'.repeat(5000), firstName: 'x'.repeat(5000), image: 'javascript:alert(1)' }],
      ['/api/identity/delete-user', {}],
      ['/api/identity/set-password', { newPassword: 'another-password-123' }],
      ['/api/identity/link-social', { provider: 'oidc' }],
      ['/api/identity/sign-in/social', { provider: 'oidc' }],
      ['/api/identity/revoke-sessions', {}],
    ];
    for (const [url, payload] of attempts) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('message');
    }
    // change-email is exposed for Settings → Change e-mail, but a session alone cannot use it: it needs the
    // password, and the address changes only from the link sent to the new address (features/account/recovery.test.ts).
    const thief = await t.app.inject({
      method: 'POST',
      url: '/api/identity/change-email',
      headers: { cookie: user.cookie, origin: 'http://localhost:5000' },
      payload: { newEmail: 'thief@example.com' },
    });
    expect(thief.statusCode).toBe(400);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Kept', lastName: 'Name', email: user.email, profileImageUrl: null });
  });

  it("an update from better-auth's own flows keeps the role and the name rules, and only an https image", async () => {
    const user = await signUp(t.app, { firstName: 'Flow', lastName: 'User' });
    const headers = new Headers({ cookie: user.cookie, origin: 'http://localhost:5000' });
    await t.app.auth.api.updateUser({ headers, body: { image: 'javascript:alert(1)' } })
    await expect(t.app.auth.api.updateUser({ headers, body: { isAdmin: true } as never })).rejects.toThrow(/isAdmin/);;
    let me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).json();
    expect(me).toMatchObject({ profileImageUrl: null, isAdmin: false });

    await t.app.auth.api.updateUser({ headers, body: { image: 'https://images.example/me.png' } });
    me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).json();
    expect(me.profileImageUrl).toBe('https://images.example/me.png');

    await expect(
      t.app.auth.api.updateUser({ headers, body: { firstName: 'x'.repeat(5000) } as never }),
    ).rejects.toThrow(/First name/);
    me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).json();
    expect(me.firstName).toBe('Flow');
  });
});
