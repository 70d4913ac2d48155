import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import type { FastifyInstance } from 'fastify';

describe('traces (OpenTelemetry, decision 028)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const exporter = new InMemorySpanExporter();
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-123',
      MAIL_WORKER: 'off',
      WEBHOOK_WORKER: 'off',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    app = await buildApp({ config, database: database.handle, clientDir: null, traceExporter: exporter });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('a request makes a span named by its route pattern, with its method and status', async () => {
    const answer = await app.inject({ url: '/api/submissions/HP-SECRET-ORDER?token=abc' });
    expect(answer.statusCode).toBe(401);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.attributes['http.route'] === '/api/submissions/:id');
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(request!.attributes['http.request.method'] ?? request!.attributes['http.method']).toBe('GET');
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain('token=abc');
  });

  it('is off without an endpoint: no tracing plugin is registered', async () => {
    const plain = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: database.dataDir, SESSION_SECRET: 'test-session-secret-that-is-long-enough-123', MAIL_WORKER: 'off', WEBHOOK_WORKER: 'off', ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) }),
      database: database.handle,
      clientDir: null,
    });
    try {
      expect(plain.printPlugins()).not.toContain('fastify-otel');
      expect(app.printPlugins()).toContain('otel');
    } finally {
      await plain.close();
    }
  });
});
