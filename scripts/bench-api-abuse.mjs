// Load test (issue 29): one account calls its completed orders (GET /api/v1/orders/:id, each a 3,000-word rewrite)
// at its full API limit, spread over several keys, while a monitor reads /healthz. Before the stored diff, /healthz
// took 6.7 s (median) at 2 requests/s; the goal is a /healthz p99 under 200 ms. Also checks every answer: the orders
// answer 200 with their stored diff (or 429 past the account's limit), /healthz answers 200.
//
//   npm run bench:api-abuse               30 s of load, p99 goal enforced
//   BENCH_QUICK=1 npm run bench:api-abuse 3 s, 300-word orders: answers checked, figures printed, no goal
//   BENCH_DURATION=60                     seconds of load
//   TEST_DATABASE_URL=postgres://...      on PostgreSQL (a database of its own) instead of PGlite
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { createTestApp, signUp, signUpAdmin } = await load('server/test-support/test-app.ts');
const { bearer, buyCredit, createKey } = await load('server/test-support/api.ts');
const { saveReviewAs } = await load('server/test-support/orders.ts');
const { prepareTemplate } = await load('server/test-support/database.ts');
// The migrated template each test app copies (Vitest's global setup makes it too; this may run first, as in CI).
await prepareTemplate();

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION_S = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 30));
const WORDS = QUICK ? 300 : 3000;
const ORDERS = 3;
const KEYS = 4;
const PER_KEY_PER_MINUTE = 120;
const PER_ACCOUNT_PER_MINUTE = 240;
const HEALTH_EVERY_MS = 50;
const GOAL_P99_MS = 200;

const t = await createTestApp({
  NODE_ENV: 'production',
  API_RATE_LIMIT_PER_MINUTE: String(PER_KEY_PER_MINUTE),
  API_ACCOUNT_RATE_LIMIT_PER_MINUTE: String(PER_ACCOUNT_PER_MINUTE),
});
let failed = false;
const fail = (message) => {
  console.error(`WRONG ${message}`);
  failed = true;
};
try {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${t.app.server.address().port}`;

  // --- One account with completed 3,000-word rewrites ------------------------------------------------------
  const admin = await signUpAdmin(t.app);
  const customer = await signUp(t.app);
  await buyCredit(t.app, customer, 100000);
  const setupKey = await createKey(t.app, customer);
  const original = Array.from({ length: WORDS }, (_, i) => `word${i}`).join(' ');
  const reviewed = Array.from({ length: WORDS }, (_, i) => (i % 3 === 0 ? `rewritten${i}` : `word${i}`)).reverse().join(' ');
  const ids = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const order = await bearer(t.app, setupKey.key, 'POST', '/api/v1/orders', { content: original, serviceTier: 'rewritten', category: 'blog-post' }, { 'idempotency-key': randomUUID() });
    if (order.statusCode !== 201) throw new Error(`order: ${order.statusCode} ${order.body}`);
    const id = order.json().id;
    const saved = await saveReviewAs(t.app, admin, id, { id, reviewerNotes: '', attachmentMode: 'text', reviewedContent: reviewed, complete: true });
    if (saved.statusCode !== 200) throw new Error(`review: ${saved.statusCode} ${saved.body}`);
    ids.push(id);
  }
  const keys = [];
  for (let i = 0; i < KEYS; i += 1) keys.push((await createKey(t.app, customer, ['orders:read'])).key);

  // --- Load: the account at twice its limit (so it is always at the limit), and the monitor ------------------
  const statuses = new Map();
  let diffChecked = 0;
  const end = performance.now() + DURATION_S * 1000;
  const intervalMs = 60_000 / PER_ACCOUNT_PER_MINUTE / 2;
  const inFlight = new Set();
  let n = 0;
  const attacker = (async () => {
    while (performance.now() < end) {
      const key = keys[n % KEYS];
      const id = ids[n % ORDERS];
      n += 1;
      const request = fetch(`${base}/api/v1/orders/${id}`, { headers: { authorization: `Bearer ${key}` } }).then(async (response) => {
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const body = await response.json();
        if (response.status === 200) {
          if (!Array.isArray(body.result?.diff) || body.result.diff.length < 2) fail(`order ${id} answered without its diff`);
          else diffChecked += 1;
        } else if (response.status !== 429) fail(`order ${id} answered ${response.status}`);
      });
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  const health = [];
  while (performance.now() < end) {
    const start = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    health.push(performance.now() - start);
    if (response.status !== 200) fail(`/healthz answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  await attacker;
  await Promise.all(inFlight);

  health.sort((a, b) => a - b);
  const pct = (p) => health[Math.min(health.length - 1, Math.floor((p / 100) * health.length))];
  const ok = statuses.get(200) ?? 0;
  const limited = statuses.get(429) ?? 0;
  console.log(`${t.database.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${DURATION_S} s, ${WORDS}-word orders, ${KEYS} keys of one account`);
  console.log(`orders: ${n} requests, ${ok} answered 200 (diff checked ${diffChecked}), ${limited} answered 429`);
  console.log(`/healthz: ${health.length} requests, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${health.at(-1).toFixed(1)} ms (goal p99 < ${GOAL_P99_MS} ms)`);
  const allowed = Math.ceil((PER_ACCOUNT_PER_MINUTE * Math.max(1, DURATION_S)) / 60) + PER_ACCOUNT_PER_MINUTE;
  if (ok === 0) fail('no order answered 200');
  if (ok > allowed) fail(`${ok} answers passed an account limit of ${PER_ACCOUNT_PER_MINUTE}/min`);
  if (!QUICK && pct(99) >= GOAL_P99_MS) fail(`/healthz p99 ${pct(99).toFixed(1)} ms is over ${GOAL_P99_MS} ms`);
} finally {
  await t.close();
}
if (failed) {
  console.error('bench-api-abuse: FAILED');
  process.exit(1);
}
console.log('bench-api-abuse: ok');
// A handle left by the worker thread or a pooled connection must not keep a finished benchmark (and CI) waiting.
process.exit(0);
