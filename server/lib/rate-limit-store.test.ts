import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../shared/auth.schema';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createTestApp, uniqueEmail, type TestApp } from '../test-support/test-app';
import { PostgresRateLimitStore, storedRateLimitKey } from './rate-limit-store';

// The rate-limit store in PostgreSQL (decision 030): one fixed window per key in `rate_limits`, shared by every
// instance on the database.
describe('PostgresRateLimitStore', () => {
  let t: TestApp;
  /** A second instance on the same database (its own connection pool on PostgreSQL; PGlite has one connection). */
  let second: FastifyInstance;
  let secondHandle: DatabaseHandle | null = null;
  let store: PostgresRateLimitStore;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    if (t.database.databaseUrl) {
      secondHandle = await openDatabase({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir, migrate: false });
    }
    second = await buildApp({ config: t.config, database: secondHandle ?? t.database.handle, clientDir: null });
    await second.ready();
    store = new PostgresRateLimitStore(t.app.db);
  });
  afterAll(async () => {
    await second?.close();
    await secondHandle?.close();
    await t?.close();
  });

  const signIn = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/identity/sign-in/email', remoteAddress, payload: { email: 'nobody@example.com', password: 'wrong-password-x' } });

  /** Moves a window's start back, as if `seconds` had passed. */
  const age = (key: string, seconds: number) =>
    t.app.db.execute(sql`update rate_limits set window_start = window_start - ${`${seconds} seconds`}::interval where key = ${key}`);

  it('two instances on the same database share one count', async () => {
    const address = '198.51.100.21';
    const statuses = [];
    for (const app of [t.app, second, t.app, second]) statuses.push((await signIn(app, address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await signIn(t.app, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
    const [row] = (await t.app.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${`sign-in:${address}`}`)).rows;
    expect(Number(row!.count)).toBe(5);
  });

  it('a new window starts once the old one has passed', async () => {
    const address = '198.51.100.22';
    for (let i = 0; i < 3; i += 1) expect((await signIn(second, address)).statusCode).toBe(401);
    expect((await signIn(t.app, address)).statusCode).toBe(429);
    await age(`sign-in:${address}`, t.config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
    expect((await signIn(t.app, address)).statusCode).toBe(401);
    const [row] = (await t.app.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${`sign-in:${address}`}`)).rows;
    expect(Number(row!.count)).toBe(1);
  });

  it('counts in a fixed window: the reset time runs down, it does not restart with each request', async () => {
    const key = `test:${uniqueEmail()}`;
    const first = await store.hit(key, 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    await age(key, 20);
    const later = await store.hit(key, 60_000);
    expect(later.current).toBe(2);
    expect(later.ttl).toBeLessThanOrEqual(40_000);
    expect(await store.peek(key, 60_000)).toMatchObject({ current: 2 });
    await age(key, 60);
    expect(await store.peek(key, 60_000)).toEqual({ current: 0, ttl: 0 });
    expect((await store.hit(key, 60_000)).current).toBe(1);
  });

  it('speaks the library store interface: incr and read with callbacks', async () => {
    const key = `test:${uniqueEmail()}`;
    const incr = () => new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 1000));
    expect((await incr()).current).toBe(1);
    expect((await incr()).current).toBe(2);
    const read = await new Promise((resolve, reject) => store.read(key, (error, result) => (error ? reject(error) : resolve(result)), 1000));
    expect(read).toMatchObject({ current: 2 });
    expect(store.child()).toBe(store);
  });

  it('hostile keys (NUL, very long, Unicode, lone surrogates) are counted, each in its own window, never an error', async () => {
    const keys = [
      'test:nul\u0000key',
      'test:nul\u0000other',
      `test:${'x'.repeat(100_000)}`,
      `test:${'x'.repeat(100_000)}y`,
      `test:${'€'.repeat(400)}`,
      'test:émoji-😀-עברית-\u202e-\ufeff',
      'test:lone-\ud800-surrogate',
      '',
    ];
    for (const key of keys) {
      expect((await store.hit(key, 60_000)).current).toBe(1);
      expect((await store.hit(key, 60_000)).current).toBe(2);
    }
    expect(storedRateLimitKey('test:nul\u0000key')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(storedRateLimitKey(`test:${'x'.repeat(100_000)}`)).toMatch(/^sha256:/);
    // A key that fits is stored as it is, so code that clears a key by name finds it.
    expect(storedRateLimitKey('password-reset:email:ann@example.com')).toBe('password-reset:email:ann@example.com');
  });

  it('a hostile target address on a password reset is limited, never a 500', async () => {
    const emails = [`${'ü'.repeat(5000)}@example.com`, `${'😀'.repeat(3000)}@example.com`, 'a\u0000b@example.com', `${'a'.repeat(200_000)}@example.com`];
    let client = 0;
    for (const email of emails) {
      for (let i = 0; i < 4; i += 1) {
        client += 1;
        const response = await t.app.inject({ method: 'POST', url: '/api/identity/request-password-reset', remoteAddress: `198.51.100.${client}`, payload: { email } });
        expect(response.statusCode).toBeLessThan(500);
      }
    }
  });
});
