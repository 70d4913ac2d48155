import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { loadConfig } from './env';
import { serializeError } from './lib/log-serializers';
import { createSubmissionVia } from './test-support/orders';
import { createTestDatabase, type TestDatabase } from './test-support/database';
import { cookieHeader, uniqueEmail } from './test-support/test-app';

// The real app's log stream, at debug level, while a customer does everything that carries a secret.
let database: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];

const PASSWORD = 'Pa55word-never-in-logs-7f3a';
const CONTENT_MARK = 'submission-content-never-in-logs-91bc';
const MESSAGE_MARK = 'message-text-never-in-logs-22de';
const CONTACT_MARK = 'contact-text-never-in-logs-5a10';
const QUERY_MARK = 'query-value-never-in-logs-0c77';
const PARAM_MARK = 'db-parameter-never-in-logs-e481';

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    SESSION_SECRET: 'log-safety-secret-that-is-long-enough-0000',
    LOG_LEVEL: 'debug',
    MAIL_WORKER: 'off',
    AUTH_RATE_LIMIT_MAX: '1000',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config,
    database: database.handle,
    clientDir: null,
    logger: { ...(loggerOptions(config) as object), stream },
  });
  // Queries that fail inside PostgreSQL with a parameter the log must not repeat: a data exception (its
  // message quotes the value) and a unique violation (its detail does).
  app.post('/api/test/db-error', { config: { access: 'public' } }, async () => {
    await app.db.execute(sql`select ${PARAM_MARK}::integer as n`);
    return { ok: true };
  });
  app.post('/api/test/db-unique', { config: { access: 'public' } }, async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table if not exists t_unique (v text primary key)`);
      await tx.execute(sql`insert into t_unique (v) values (${PARAM_MARK})`);
      await tx.execute(sql`insert into t_unique (v) values (${PARAM_MARK})`);
    });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('logs', () => {
  it('never hold session tokens, passwords, submission or message content, query values or DB parameters', async () => {
    const email = uniqueEmail('logs');
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { email, password: PASSWORD, name: 'Log Safe', firstName: 'Log', lastName: 'Safe' },
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload: { email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieHeader(signIn);
    const token = decodeURIComponent(cookie.split('=')[1]!.split(';')[0]!);
    expect(token.length).toBeGreaterThan(20);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload: { email, password: `${PASSWORD}-wrong` },
    });
    expect(wrong.statusCode).toBe(401);

    const content = `${CONTENT_MARK} ${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}`;
    const submission = await createSubmissionVia(app, cookie, { content, wordCount: 61 });
    const message = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie },
      payload: { submissionId: submission.id, content: MESSAGE_MARK },
    });
    expect(message.statusCode).toBe(201);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { firstName: 'A', lastName: 'B', email: 'a@example.com', subject: CONTACT_MARK, message: `${CONTACT_MARK} hello there` },
    });
    expect(contact.statusCode).toBe(201);
    await app.inject({ url: `/api/submissions?search=${QUERY_MARK}&token=${QUERY_MARK}`, headers: { cookie } });
    await app.inject({ url: `/api/no-such-route?secret=${QUERY_MARK}` });

    const dbError = await app.inject({ method: 'POST', url: '/api/test/db-error' });
    expect(dbError.statusCode).toBe(500);
    const unique = await app.inject({ method: 'POST', url: '/api/test/db-unique' });
    expect(unique.statusCode).toBe(500);

    const log = lines.join('');
    // The log did record the traffic and the failures, SQL text included: it is not simply empty.
    expect(log).toContain('/api/messages');
    expect(log).toContain('request failed');
    expect(log).toContain('select $1::integer as n');
    expect(log).toContain('22P02');
    expect(log).toContain('23505');
    for (const secret of [PASSWORD, token, token.split('.')[0]!, CONTENT_MARK, MESSAGE_MARK, CONTACT_MARK, QUERY_MARK, PARAM_MARK]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});

describe('serializeError', () => {
  it('drops a Drizzle error’s params (property and message) and PostgreSQL’s detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.com) already exists.',
      constraint: 'users_email_unique',
      table: 'users',
    });
    const err = Object.assign(new Error('Failed query: insert into users (email) values ($1)\nparams: someone@example.com'), {
      query: 'insert into users (email) values ($1)',
      params: ['someone@example.com'],
      cause,
    });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('someone@example.com');
    expect(out).toMatchObject({
      message: 'Failed query: insert into users (email) values ($1)',
      query: 'insert into users (email) values ($1)',
      cause: { code: '23505', constraint: 'users_email_unique', table: 'users' },
    });
    expect(out.stack).toMatch(/^Error: Failed query: insert into users \(email\) values \(\$1\)\n\s+at /);
  });
});
