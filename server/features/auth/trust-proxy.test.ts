import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../shared/auth.schema';
import { ConfigError, loadConfig } from '../../env';
import { sessions } from '../../db/schema';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../test-support/test-app';

const BALANCER = '10.1.2.3';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [' 10.1.2.3 , loopback,fd00::/8 ', ['10.1.2.3', 'loopback', 'fd00::/8']],
  ])('reads %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '1', 'lb.internal', '10.0.0.0/33', '10.0.0.1/8/8', '::1/129', ','])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('behind a load balancer that appends to X-Forwarded-For (TRUST_PROXY=<its address>)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: BALANCER, AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t.close());

  /** What the balancer forwards: whatever the client put in the header, then the client's real address. */
  function viaBalancer(client: string, claimed: string | null, url: string, payload: object) {
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': claimed ? `${claimed}, ${client}` : client },
    });
  }

  it('counts sign-in attempts by the real client address; a forged header buys no new attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await viaBalancer('203.0.113.7', `198.51.100.${i}`, '/api/identity/sign-in/email', {
        email: 'nobody@example.com',
        password: 'wrong-password-x',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const another = await viaBalancer('203.0.113.8', null, '/api/identity/sign-in/email', {
      email: 'nobody@example.com',
      password: 'wrong-password-x',
    });
    expect(another.statusCode).toBe(401);
    expect(another.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('records the real client address on the session, not the forged one', async () => {
    const email = uniqueEmail('proxied');
    const res = await viaBalancer('203.0.113.20', '192.0.2.66', '/api/identity/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Pat Proxy',
      firstName: 'Pat',
      lastName: 'Proxy',
    });
    expect(res.statusCode, res.body).toBe(200);
    const userId = (res.json() as { user: { id: string } }).user.id;
    const rows = await t.app.db.select({ ip: sessions.ipAddress }).from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toEqual([{ ip: '203.0.113.20' }]);
  });
});
