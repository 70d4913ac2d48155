import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { loadConfig } from './env';
import { createTestDatabase, type TestDatabase } from './test-support/database';

function makeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>HumanProof</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  return dir;
}

let database: TestDatabase;
const logLines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
// The slow route tells the graceful-shutdown test when it is in flight, and finishes when the test lets it.
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const slowStarted = deferred();
const slowRelease = deferred();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    SESSION_SECRET: 'a-test-secret-that-is-long-enough-000000',
    LOG_LEVEL: 'info',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: { ...config, NODE_ENV: 'production' },
    database: database.handle,
    clientDir: makeClientDir(),
    logger: { ...(loggerOptions(config) as object), stream },
  });
  app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail at /srv/app.js:12');
  });
  app.get('/api/test/big', { config: { access: 'public' } }, async () => ({ items: Array.from({ length: 500 }, (_, i) => `item number ${i}`) }));
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    slowStarted.resolve();
    await slowRelease.promise;
    return { done: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close().catch(() => undefined);
  await database.drop();
});

describe('server basics', () => {
  it('answers /healthz', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', dataDir: 'writable' });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same security headers on every kind of answer: a page, a JSON answer, a refusal, a 404, an error', async () => {
    // helmet's middleware is built once at start-up (decision 078); each answer must still carry all of its headers.
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = await Promise.all(
      ['/', '/healthz', '/api/submissions', '/api/nothing-here', '/api/test/boom'].map((url) => app.inject({ url })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 500]);
    const csp = answers[0]!.headers['content-security-policy'];
    expect(csp).toMatch(/^default-src 'self';script-src 'self' 'sha256-/);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({ ...expected, 'content-security-policy': csp });
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No route/);
  });

  it('never leaks a stack trace or internal message on a 500', async () => {
    const response = await app.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.js:');
    expect(response.json()).toMatchObject({ message: 'Something went wrong on our side. Please try again.' });
  });

  it('serves the app shell uncached, 404 for unknown paths, and hashed assets cached for a year', async () => {
    const home = await app.inject({ url: '/dashboard' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<div id="root">');
    const unknown = await app.inject({ url: '/definitely/not/a/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('compresses JSON answers', async () => {
    const response = await app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('never logs cookies or passwords', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { cookie: 'hp.session_token=supersecretcookievalue' },
      payload: { email: 'nobody@example.com', password: 'my-very-secret-password' },
    });
    const all = logLines.join('\n');
    expect(all).toContain('/api/identity/sign-in/email');
    expect(all).not.toContain('supersecretcookievalue');
    expect(all).not.toContain('my-very-secret-password');
  });

  it('finishes requests in flight when closing (graceful shutdown)', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test/slow`).then((r) => r.json());
    // Close while the request is inside its handler, then let the handler finish: close must wait for it.
    await slowStarted.promise;
    const closing = app.close();
    slowRelease.resolve();
    await closing;
    expect(await inFlight).toEqual({ done: true });
  });
});
