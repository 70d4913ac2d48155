// Benchmark: authenticated GET /api/submissions (a customer with 50 submissions) through the real app, against a
// bare node:http server that runs the same session SQL and calls the same list function on the same database,
// in the same run. Prints req/s and p99 for both and their ratio (goal: the app reaches 0.5 of bare or more).
//
//   npm run bench                                   embedded PGlite in a temporary folder
//   BENCH_DATABASE_URL=postgres://... npm run bench  a fresh database on that server (TEST_DATABASE_URL works too)
//   BENCH_DURATION=10 BENCH_ROUNDS=5                 seconds per server, split into alternating rounds
//   BENCH_CONNECTIONS=10                            concurrent connections
//   BENCH_QUICK=1                                   a few seconds (CI): same checks, fewer and shorter rounds
//   BENCH_MIN_RATIO=0.5                             exit 1 when the ratio is below it (off by default: machines are noisy)
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { benchDatabase, benchEnvironment } from './lib/bench-database.mjs';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { openDatabase } = await load('server/db/client.ts');
const { buildApp } = await load('server/app.ts');
const { loadConfig } = await load('server/env.ts');
const { listOwnSubmissions } = await load('server/features/submissions/find-submissions.ts');
const { currentUserQuery } = await load('server/plugins/session-lookup.ts');

// BENCH_QUICK=1: a few seconds, for CI: it still checks that both servers give the same answer, and prints the ratio.
const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SUBMISSIONS = 50;
const GOAL = 0.5;

// --- A fresh database of its own ---------------------------------------------------------------------------
const benchDb = benchDatabase('hp-bench-');
await benchDb.create();
const { dataDir, databaseUrl } = benchDb;
const database = await openDatabase({ databaseUrl, dataDir });
const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';

// --- The real app, and a customer with 50 submissions ------------------------------------------------------
const config = loadConfig(benchEnvironment(benchDb, { LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:5000' }));
const app = await buildApp({ config, database, clientDir: null, logger: false });
await app.ready();

const signUp = await app.inject({
  method: 'POST',
  url: '/api/identity/sign-up/email',
  payload: {
    email: `bench-${Date.now()}@example.com`,
    password: 'correct-horse-battery',
    name: 'Bench Customer',
    firstName: 'Bench',
    lastName: 'Customer',
  },
});
if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
const setCookie = [signUp.headers['set-cookie']].flat().filter(Boolean);
const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');

const paragraph = 'Our team reviewed the quarterly figures and found that revenue grew steadily across regions. ';
for (let i = 0; i < SUBMISSIONS; i += 1) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie },
    payload: {
      content: `Submission ${i + 1}. ${paragraph.repeat(10)}`,
      serviceTier: ['fact-checked', 'polished', 'rewritten'][i % 3],
      category: 'blog-post',
      fastTurnaround: i % 4 === 0,
      contactName: 'Bench Customer',
      contactEmail: 'bench@example.com',
    },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
}

// --- The bare server: the same SQL on the same database, nothing else ------------------------------------------
const client = database.db.$client; // pg.Pool or the PGlite instance: both answer query(text, params) → { rows }
// The app's session lookup (session by token joined to its user, one query) and its list query.
const SESSION_SQL = currentUserQuery(database.db).toSQL().sql;

function sessionToken(header) {
  const match = /(?:^|;\s*)(?:__Secure-)?hp\.session_token=([^;]+)/.exec(header ?? '');
  if (!match) return null;
  const value = decodeURIComponent(match[1]);
  return value.slice(0, value.lastIndexOf('.')) || value;
}

const bare = createServer(async (request, response) => {
  try {
    const token = sessionToken(request.headers.cookie);
    const session = token ? (await client.query(SESSION_SQL, [token, 1])).rows[0] : undefined;
    const user = session && new Date(session.expires_at) > new Date() ? session : undefined;
    if (!user) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Authentication required"}');
      return;
    }
    // The list itself comes from the very function the route calls (its SQL and its serialisation), so this
    // baseline cannot drift from the app again: what differs is only Fastify (routing, hooks, the access guard,
    // the response contract, compression).
    const body = await listOwnSubmissions(database.db, user.id);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  } catch (err) {
    response.writeHead(500).end(String(err));
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
const appUrl = `http://127.0.0.1:${app.server.address().port}/api/submissions`;
const bareUrl = `http://127.0.0.1:${bare.address().port}/api/submissions`;

// Both must answer the same thing, or the comparison means nothing.
const [fromApp, fromBare] = await Promise.all(
  [appUrl, bareUrl].map(async (url) => {
    const r = await fetch(url, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}: ${await r.text()}`);
    return r.json();
  }),
);
// Compared as values: the order of an object's keys is not part of the answer (the app serialises by its schema).
const canonical = (value) =>
  JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
if (fromApp.length !== SUBMISSIONS || canonical(fromApp) !== canonical(fromBare)) {
  const first = Object.keys(fromApp[0] ?? {}).find((k) => canonical(fromApp[0][k]) !== canonical(fromBare[0]?.[k]));
  throw new Error(`the app and the bare server answer differently (${fromApp.length} vs ${fromBare.length} rows; first field: ${first})`);
}

function run(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * The machine is shared and its load changes from second to second, so the two servers are measured in
 * alternating short rounds (bare, app, app, bare, ...) and each one's figures are the medians of its rounds.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (QUICK ? 2 : 5)));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function measureBoth() {
  const servers = [
    { label: 'bare node:http', url: bareUrl, rounds: [] },
    { label: 'HumanProof app', url: appUrl, rounds: [] },
  ];
  for (const server of servers) await run(server.url, QUICK ? 1 : 2); // warm-up: JIT, connection pool, caches
  const roundSeconds = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const cpuBefore = process.cpuUsage();
      const result = await run(server.url, roundSeconds);
      const cpu = process.cpuUsage(cpuBefore);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${server.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      server.rounds.push({
        rps: result.requests.average,
        p99: result.latency.p99,
        cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
      });
    }
  }
  return servers.map((s) => ({
    label: s.label,
    rps: median(s.rounds.map((r) => r.rps)),
    p99: median(s.rounds.map((r) => r.p99)),
    cpuUs: median(s.rounds.map((r) => r.cpuUs)),
    ratios: s.rounds.map((r) => r.rps),
  }));
}

console.log(
  `GET /api/submissions, ${SUBMISSIONS} submissions (${JSON.stringify(fromApp).length} bytes), ${CONNECTIONS} connections, ` +
    `${ROUNDS} alternating rounds of ${Math.max(1, Math.round(DURATION / ROUNDS))} s each, ${kind}, Node ${process.version}, ` +
    `${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
);
const [bareResult, appResult] = await measureBoth();
const roundRatios = appResult.ratios.map((rps, i) => rps / bareResult.ratios[i]);
const ratio = appResult.rps / bareResult.rps;

const pad = (s, n) => String(s).padEnd(n);
// CPU time of this process per request (server + load generator) is steadier than req/s on a busy machine.
console.log(`${pad('server', 18)}${pad('req/s', 10)}${pad('p99 (ms)', 10)}CPU ms/req   (medians of the rounds)`);
for (const r of [bareResult, appResult]) {
  console.log(`${pad(r.label, 18)}${pad(r.rps.toFixed(0), 10)}${pad(r.p99, 10)}${(r.cpuUs / 1000).toFixed(2)}`);
}
console.log(`ratio per round: ${roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(`ratio app/bare: ${ratio.toFixed(2)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'OK' : 'BELOW GOAL'}`);

await app.close();
await new Promise((resolve) => bare.close(resolve));
await database.close();
await benchDb.drop();

const minRatio = process.env.BENCH_MIN_RATIO ? Number(process.env.BENCH_MIN_RATIO) : null;
if (minRatio !== null && ratio < minRatio) process.exit(1);
