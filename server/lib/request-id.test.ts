import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test-support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids (decision 028)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The load balancer is 10.0.0.5; clients and anyone else are not trusted.
    t = await createTestApp({ TRUST_PROXY: '10.0.0.5' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('every answer carries X-Request-Id, and each error body the same id', async () => {
    const user = await signUp(t.app);
    const answers = await Promise.all([
      t.request('GET', '/healthz'),
      t.request('GET', '/api/submissions', user),
      t.request('GET', '/api/submissions'), // 401 from the guard
      t.request('GET', '/api/no-such-route'), // 404
      t.request('POST', '/api/contact', null, { firstName: '' }), // 400 from the schema
      t.request('GET', '/api/v1/orders'), // 401 as an RFC 9457 problem
    ]);
    const ids = answers.map((a) => String(a.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const answer of answers.slice(2, 5)) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.json()).toMatchObject({ message: expect.any(String), requestId: answer.headers['x-request-id'] });
    }
    const problem = answers[5]!;
    expect(problem.statusCode).toBe(401);
    expect(problem.json()).toMatchObject({ status: 401, instance: `urn:request:${String(problem.headers['x-request-id'])}` });
  });

  it("takes the id from X-Request-Id only when the trusted proxy sends it, and only when it looks like an id", async () => {
    const fromProxy = await t.request('GET', '/api/no-such-route', null, undefined, {
      remoteAddress: '10.0.0.5',
      headers: { 'x-request-id': 'lb-7f3a.42:1' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a.42:1');
    expect(fromProxy.json()).toMatchObject({ requestId: 'lb-7f3a.42:1' });

    const fromClient = await t.request('GET', '/api/no-such-route', null, undefined, {
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(fromClient.headers['x-request-id']).toMatch(UUID);

    for (const hostile of ['a'.repeat(129), 'id with spaces', 'id\\u0000nul', '<script>', 'a/b?c']) {
      const answer = await t.request('GET', '/api/no-such-route', null, undefined, {
        remoteAddress: '10.0.0.5',
        headers: { 'x-request-id': hostile },
      });
      expect(answer.headers['x-request-id'], hostile).toMatch(UUID);
    }
  });
});
