/** Test-only helpers for issue 46 (SDK, command line, MCP): a listening app, customers with keys and credit, reviews. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiScope } from '../../shared/api-v1.schema';
import { buyCredit, createKey } from './api';
import { saveReviewAs } from './orders';
import { createTestApp, request, signUp, signUpAdmin, type SignedInUser, type TestApp } from './test-app';

export interface RunningApp {
  t: TestApp;
  /** http://127.0.0.1:<port>: what HUMANPROOF_URL names. */
  baseUrl: string;
  admin: SignedInUser;
  close: () => Promise<void>;
}

/** The real app on its own database (PostgreSQL with TEST_DATABASE_URL), listening on a loopback port. */
export async function startRunningApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const admin = await signUpAdmin(t.app);
  return { t, baseUrl: `http://127.0.0.1:${port}`, admin, close: () => t.close() };
}

export interface Customer {
  user: SignedInUser;
  key: string;
}

/** A customer with an API key and, unless `credit` is 0, a £50 credit pack. */
export async function customerWithKey(run: RunningApp, options: { credit?: 0 | 5000 | 20000 | 100000; scopes?: ApiScope[] } = {}): Promise<Customer> {
  const user = await signUp(run.t.app, { email: `agent-${randomUUID().slice(0, 8)}@example.com` });
  const { key } = await createKey(run.t.app, user, options.scopes ?? ['orders:read', 'orders:write']);
  const credit = options.credit ?? 5000;
  if (credit !== 0) await buyCredit(run.t.app, user, credit);
  return { user, key };
}

/** The review team starts the review (status in-review), as the admin API does. */
export async function startReview(run: RunningApp, orderId: string): Promise<void> {
  const started = await request(run.t.app, 'PATCH', `/api/admin/submissions/${orderId}/status`, run.admin, { status: 'in-review' });
  expect(started.statusCode, started.body).toBe(200);
}

/** The review team delivers `reviewedContent` (claim, then save complete), which issues the certificate. */
export async function completeReview(run: RunningApp, orderId: string, reviewedContent: string): Promise<void> {
  const done = await saveReviewAs(run.t.app, run.admin, orderId, { attachmentMode: 'text', reviewedContent, reviewerNotes: 'Checked every figure.', complete: true });
  expect(done.statusCode, done.body).toBe(200);
}

/** A text of `n` words that count as n (decision 005). */
export const words = (n: number, stem = 'word') => Array.from({ length: n }, (_, i) => `${stem}${i}`).join(' ');
