import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../mail/transport';
import { LocalDiskStorage } from '../../storage/local-disk';
import { buildApp } from '../../app';
import { HEALTH_UNAVAILABLE_MESSAGE } from './routes';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hp-health-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The same app and database with another DATA_DIR. */
async function appWithDataDir(dataDir: string) {
  const app = await buildApp({ config: { ...t.config, DATA_DIR: dataDir }, database: t.database.handle, clientDir: null });
  await app.ready();
  return app;
}

describe('GET /healthz', () => {
  it('reports the database and DATA_DIR', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', dataDir: 'writable' });
  });

  it('answers 503 when DATA_DIR cannot be written: gone, or replaced by a file', async () => {
    const file = path.join(scratch, 'now-a-file');
    writeFileSync(file, 'x');
    for (const dataDir of [path.join(scratch, 'removed'), file]) {
      const app = await appWithDataDir(dataDir);
      try {
        const response = await app.inject({ url: '/healthz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 'unavailable',
          database: 'ok',
          dataDir: 'not writable',
          message: HEALTH_UNAVAILABLE_MESSAGE,
          requestId: response.headers['x-request-id'],
        });
      } finally {
        await app.close();
      }
    }
  });

  it('answers 503 when the database fails, or does not answer within 3 s', async () => {
    const failing = () => Promise.reject(new Error('Connection terminated'));
    const hanging = () => new Promise(() => {});
    for (const execute of [failing, hanging]) {
      // The real database, except that the health check's `execute` fails or never settles.
      const db = new Proxy(t.database.handle.db, {
        get: (target, prop, receiver) => (prop === 'execute' ? execute : Reflect.get(target, prop, receiver)),
      });
      const database = { ...t.database.handle, db, close: async () => {} };
      const app = await buildApp({ config: t.config, database, clientDir: null });
      try {
        const started = Date.now();
        const response = await app.inject({ url: '/healthz' });
        expect(Date.now() - started).toBeLessThan(4_000);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          status: 'unavailable',
          database: 'unavailable',
          dataDir: 'writable',
          message: HEALTH_UNAVAILABLE_MESSAGE,
          requestId: response.headers['x-request-id'],
        });
      } finally {
        await app.close();
      }
    }
  });
});

describe('files under DATA_DIR are owner-only', () => {
  it('uploads: 0700 folders, 0600 files', async () => {
    const storage = new LocalDiskStorage(scratch, 'http://localhost:5000', Buffer.alloc(32));
    await storage.write('documents/abc/file.pdf', Readable.from([Buffer.from('%PDF-1.4 hello')]), new PassThrough());
    expect(statSync(path.join(scratch, 'uploads', 'documents')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(scratch, 'uploads', 'documents', 'abc')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(scratch, 'uploads', 'documents', 'abc', 'file.pdf')).mode & 0o777).toBe(0o600);
  });

  it('the mail outbox: 0700 folder, 0600 files', async () => {
    const transport = createMailTransport({ DATA_DIR: scratch, MAIL_FROM: 'a@example.com', SMTP_URL: undefined }, { info: () => {} });
    await transport.send({ id: 'mode-test', to: 'b@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>', replyTo: null });
    transport.close();
    expect(statSync(path.join(scratch, 'outbox')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(scratch, 'outbox', 'mode-test.eml')).mode & 0o777).toBe(0o600);
  });
});
