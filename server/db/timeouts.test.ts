import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { DATABASE_BUSY_MESSAGE } from '../plugins/errors';
import { createTestDataDir, TEST_DATABASE_URL } from '../test-support/database';
import { signUp, TEST_PASSWORD, type SignedInUser } from '../test-support/test-app';
import { openDatabase, type DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './errors';

describe('isDatabaseUnavailable', () => {
  it('recognises timeouts, lock waits and lost connections through Drizzle’s wrapper, and nothing else', () => {
    const wrap = (cause: object) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
    for (const code of ['57014', '55P03', '40P01', '53300', '57P01', '08006', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(wrap({ code, message: 'x' })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['23505', '22P02', '42P01', undefined]) {
      expect(isDatabaseUnavailable(wrap({ code, message: 'x' })), String(code)).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

// A slow or locked PostgreSQL: a quick 503 with Retry-After, never a long hang. (PGlite has one connection
// and no statement timeout; see docs/decisions/012-shutdown-and-locking.md.)
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL timeouts answer 503 with Retry-After', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let user: SignedInUser;

  beforeAll(async () => {
    const data = await createTestDataDir();
    drop = data.drop;
    databaseUrl = data.databaseUrl!;
    handle = await openDatabase({
      databaseUrl,
      dataDir: data.dataDir,
      migrate: false,
      poolSize: 3,
      timeouts: { lockMs: 500, statementMs: 1_000, acquireMs: 700 },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: data.dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'timeouts-secret-that-is-long-enough-00000',
      MAIL_WORKER: 'off',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    app = await buildApp({ config, database: handle, clientDir: null });
    app.get('/api/test/slow-query', { config: { access: 'public' } }, async () => {
      await app.db.execute(sql`select pg_sleep(5)`);
      return { done: true };
    });
    await app.ready();
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await drop();
  });

  async function timed(url: string, cookie?: string) {
    const started = Date.now();
    const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
    return { response, ms: Date.now() - started };
  }

  function expectBusy(response: Awaited<ReturnType<typeof timed>>['response']) {
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ message: DATABASE_BUSY_MESSAGE });
  }

  it('a table locked by another connection: 503 within the lock timeout, not when the lock goes', async () => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table sessions in access exclusive mode');
      const { response, ms } = await timed('/api/auth/user', user.cookie);
      expectBusy(response);
      expect(ms).toBeLessThan(2_500);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    const after = await app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(200);
  });

  it('a table locked during a better-auth sign-in: 503 from the app, not better-auth’s 500', async () => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const started = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expectBusy(response);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    const after = await app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(after.statusCode).toBe(200);
  });

  it('a statement running past the statement timeout: 503', async () => {
    const { response, ms } = await timed('/api/test/slow-query');
    expectBusy(response);
    expect(ms).toBeLessThan(3_000);
  });

  it('every pooled connection busy: 503 after the acquire timeout', async () => {
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      const { response, ms } = await timed('/api/auth/user', user.cookie);
      expectBusy(response);
      expect(ms).toBeLessThan(2_500);
    } finally {
      for (const client of held) client.release();
    }
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
