import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { insertOrder } from '../../test-support/mail';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';
import { METRICS_UNAUTHORIZED } from './routes';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the same 404 as any unknown URL, whatever the caller sends', async () => {
    const unknown = await t.request('GET', '/api/no-such-thing');
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const answer = await t.request('GET', '/metrics', null, undefined, { headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    }
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers only the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`]) {
      const answer = await t.request('GET', '/metrics', null, undefined, { headers: authorization ? { authorization } : {} });
      expect(answer.statusCode, authorization).toBe(401);
      expect(answer.json()).toMatchObject({ message: METRICS_UNAUTHORIZED });
      expect(answer.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('shows a histogram for a route that was called, by its pattern, never its raw URL', async () => {
    const user = await signUp(t.app);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await insertOrder(t.app.db, row!.id, { status: 'paid' });
    await t.request('GET', '/api/submissions/HP-SECRET-ID-123', user);
    await t.request('GET', '/healthz');
    await t.request('GET', '/some/unknown/path?token=abc');
    const answer = await t.request('GET', '/metrics', null, undefined, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/healthz",method="GET",status_class="2xx"\} 1\b/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",route="\/api\/submissions\/:id",method="GET",status_class="4xx"\}/);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('HP-SECRET-ID-123');
    expect(text).not.toContain('token=abc');
    // The operational gauges and the process's own metrics.
    for (const series of [
      'jobs{queue="mail.deliver",state="waiting"}',
      'jobs{queue="dead-letters",state="failed"}',
      'email_oldest_unsent_age_seconds',
      'orders{status="paid"} 1',
      'orders_overdue',
      'claims_live',
      'db_pool_waiting_clients',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, series).toContain(series);
    }
  });
});
