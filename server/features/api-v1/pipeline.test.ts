import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { runPipeline } from '../../../examples/pipeline';

/**
 * The examples/pipeline.ts script, in CI: plain fetch against a listening app (quote, order from credit, the admin
 * completes the review, the webhook arrives and verifies, the result is fetched), with the real webhook worker.
 */
const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.com`;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: adminEmail, WEBHOOK_WORKER: 'on', WEBHOOKS_ALLOW_LOOPBACK: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t.close());

describe('examples/pipeline.ts', () => {
  it('runs the whole pipeline: key, credit, three drafts, webhooks, reviewed results', async () => {
    const lines: string[] = [];
    const result = await runPipeline({ baseUrl, admin: { email: adminEmail, password: 'admin-password-123' }, origin: t.config.PUBLIC_URL, log: (l) => lines.push(l), timeoutMs: 30_000 });
    expect(result.orders).toHaveLength(3);
    for (const order of result.orders) {
      expect(order.status).toBe('completed');
      expect(order.reviewedContent).toMatch(/^Reviewed: /);
      expect(order.diffParts).toBeGreaterThan(0);
    }
    for (const order of result.orders) {
      for (const type of ['order.paid', 'order.in_review', 'order.completed']) {
        expect(result.webhooks.filter((w) => w.orderId === order.id && w.type === type), `${type} ${order.id}`).toHaveLength(1);
      }
    }
    expect(result.webhooks.every((w) => w.verified)).toBe(true);
    const spent = result.orders.reduce((sum, o) => sum + o.pricePence, 0);
    expect(result.balancePence).toBe(5000 - spent);
    expect(lines.length).toBeGreaterThan(5);
  }, 60_000);
});
