// Benchmark: authenticated GET /api/submissions, the dashboard's first page (20 orders; decision 037), in one run:
//  1. the real app against a bare node:http server that runs the same session SQL and calls the same list function
//     on the same database (goal: the app reaches 0.9 of bare's req/s or more; issue 47);
//  2. a customer with 1,000 orders against one with 10, both through the app (issue 26 goal: the busy customer's
//     p99 at most 1.5x the other's, since a page reads 21 index entries whatever the customer holds), and against one
//     with exactly a page of 20, whose answer is as long as the busy customer's (10 orders answer half as much).
// Each table is printed with the machine's load average beside it.
//
//   npm run bench                                   embedded PGlite in a temporary folder
//   BENCH_DATABASE_URL=postgres://... npm run bench  a fresh database on that server (TEST_DATABASE_URL works too)
//   BENCH_DURATION=10 BENCH_ROUNDS=5                 seconds per server, split into alternating rounds
//   BENCH_CONNECTIONS=10                            concurrent connections
//   BENCH_QUICK=1                                   a few seconds (CI): same checks, fewer orders and shorter rounds
//   BENCH_MIN_RATIO=0.9                             exit 1 when the app/bare ratio is below it (off by default: noisy)
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
const { listOwnOrders } = await load('server/features/customer-orders/find-orders.ts');
const { currentUserQuery } = await load('server/plugins/session-lookup.ts');

// BENCH_QUICK=1: a few seconds, for CI: it still checks that both servers give the same answer, and prints the ratio.
const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOAL = 0.9;
/** Issue 26: the busy customer's first page at most this many times the p99 of a customer with a few orders. */
const PAGED_GOAL = 1.5;

// --- A fresh database of its own ---------------------------------------------------------------------------
const benchDb = benchDatabase('hp-bench-');
await benchDb.create();
const { dataDir, databaseUrl } = benchDb;
// The seed (20,000 copied orders through their triggers) is not measured: on a loaded machine it may take longer than
// the app's 10 s statement guard.
const database = await openDatabase({ databaseUrl, dataDir, timeouts: { statementMs: 300_000 } });
const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';

// --- The real app, and two customers: a few orders and many --------------------------------------------------
const config = loadConfig(benchEnvironment(benchDb, { LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:5000' }));
const app = await buildApp({ config, database, clientDir: null, logger: false });
await app.ready();

/** The columns of submissions an insert may set (not the generated ones), quoted: for copies of a real order. */
async function insertableColumns() {
  const { rows } = await database.db.$client.query(
    `select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'submissions' and is_generated = 'NEVER'`,
  );
  return rows.map((r) => `"${r.name}"`);
}

async function customerWith(orders, label) {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    payload: { email: `bench-${label}-${Date.now()}@example.com`, password: 'correct-horse-battery', name: 'Bench Customer', firstName: 'Bench', lastName: 'Customer' },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const cookie = [signUp.headers['set-cookie']].flat().filter(Boolean).map((c) => c.split(';')[0]).join('; ');
  const paragraph = 'Our team reviewed the quarterly figures and found that revenue grew steadily across regions. ';
  const created = await app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: { cookie },
    payload: { content: `Submission 1. ${paragraph.repeat(10)}`, serviceTier: 'polished', category: 'blog-post', contactName: 'Bench Customer', contactEmail: 'bench@example.com' },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  // The rest are copies of that real order (fast at 1,000), one second apart, tiers and statuses varied.
  const columns = await insertableColumns();
  await database.db.$client.query(
    `insert into submissions (${columns.join(', ')})
     select ${columns.map((c) => `r.${c}`).join(', ')}
     from submissions s, generate_series(2, $2::int) g,
       jsonb_populate_record(null::submissions, to_jsonb(s) || jsonb_build_object(
         'id', 'B' || upper(substr(md5($3 || g::text), 1, 9)),
         'created_at', s.created_at - g * interval '1 second',
         'service_tier', (array['fact-checked', 'polished', 'rewritten'])[1 + g % 3],
         'status', (array['new', 'paid', 'in-review', 'completed'])[1 + g % 4])) r
     where s.id = $1`,
    [created.json().id, orders, label],
  );
  return { cookie, orders };
}

const SUBMISSIONS_FEW = 10;
const SUBMISSIONS_MANY = QUICK ? 100 : 1_000;
const PAGE = 20;
const few = await customerWith(SUBMISSIONS_FEW, 'few');
// A full first page: against it, only the size of the history differs (10 orders make a page half as long).
const full = await customerWith(PAGE, 'full');
const many = await customerWith(SUBMISSIONS_MANY, 'many');
// Other customers' orders around them (2,000 accounts with 10 each), then statistics, as autovacuum keeps them on a
// live database. With the three customers alone the table is so small that the planner's choice of index follows
// its guesses: without statistics it read all 1,000 orders of the busy one through a bitmap and sorted them; with
// them it walked the whole table's creation index to find the 10 of the other.
const BACKGROUND_ACCOUNTS = QUICK ? 100 : 2_000;
await database.db.$client.query(
  `insert into users (id, name, email, first_name, last_name)
   select 'bench-other-' || i, 'Other Customer', 'bench-other-' || i || '@example.com', 'Other', 'Customer'
   from generate_series(1, $1::int) as i`,
  [BACKGROUND_ACCOUNTS],
);
const columnsOf = await insertableColumns();
await database.db.$client.query(
  `insert into submissions (${columnsOf.join(', ')})
   select ${columnsOf.map((c) => `r.${c}`).join(', ')}
   from (select * from submissions order by created_at desc limit 1) s, generate_series(1, $1::int * 10) g,
     jsonb_populate_record(null::submissions, to_jsonb(s) || jsonb_build_object(
       'id', 'O' || upper(substr(md5('other' || g::text), 1, 9)),
       'user_id', 'bench-other-' || (1 + g % $1::int),
       'created_at', s.created_at - g * interval '7 seconds')) r`,
  [BACKGROUND_ACCOUNTS],
);
await database.db.$client.query('analyze');

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
    const page = await listOwnOrders(database.db, user.id, { limit: PAGE });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(page.items));
  } catch (err) {
    response.writeHead(500).end(String(err));
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
const appUrl = `http://127.0.0.1:${app.server.address().port}/api/submissions`;
const bareUrl = `http://127.0.0.1:${bare.address().port}/api/submissions`;

// Both must answer the same thing, or the comparison means nothing.
const canonical = (value) =>
  JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
let firstPageBytes = 0;
for (const who of [few, full, many]) {
  const [fromApp, fromBare] = await Promise.all(
    [appUrl, bareUrl].map(async (url) => {
      const r = await fetch(url, { headers: { cookie: who.cookie } });
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}: ${await r.text()}`);
      return { body: await r.json(), link: r.headers.get('link') };
    }),
  );
  const expected = Math.min(PAGE, who.orders);
  // Compared as values: the order of an object's keys is not part of the answer (the app serialises by its schema).
  if (fromApp.body.length !== expected || canonical(fromApp.body) !== canonical(fromBare.body)) {
    const first = Object.keys(fromApp.body[0] ?? {}).find((k) => canonical(fromApp.body[0][k]) !== canonical(fromBare.body[0]?.[k]));
    throw new Error(`the app and the bare server answer differently (${fromApp.body.length} vs ${fromBare.body.length} rows; first field: ${first})`);
  }
  if ((who.orders > PAGE) !== /rel="next"/.test(fromApp.link ?? '')) throw new Error(`the Link header is wrong for ${who.orders} orders: ${fromApp.link}`);
  firstPageBytes = Math.max(firstPageBytes, JSON.stringify(fromApp.body).length);
}

function run(url, cookie, duration) {
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

/** Measures the servers in alternating rounds; each one's figures are the medians of its rounds. */
async function measure(servers) {
  for (const server of servers) {
    server.rounds = [];
    await run(server.url, server.cookie, QUICK ? 1 : 2); // warm-up: JIT, connection pool, caches
  }
  const roundSeconds = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const cpuBefore = process.cpuUsage();
      const result = await run(server.url, server.cookie, roundSeconds);
      const cpu = process.cpuUsage(cpuBefore);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${server.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      server.rounds.push({ rps: result.requests.average, p99: result.latency.p99, cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total) });
    }
  }
  return servers.map((s) => ({
    label: s.label,
    rps: median(s.rounds.map((r) => r.rps)),
    p99: median(s.rounds.map((r) => r.p99)),
    cpuUs: median(s.rounds.map((r) => r.cpuUs)),
    perRound: s.rounds,
  }));
}

const pad = (s, n) => String(s).padEnd(n);
const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;
function table(title, results) {
  console.log(`\n${title}  [${loadAverage()}]`);
  // CPU time of this process per request (server + load generator) is steadier than req/s on a busy machine.
  console.log(`${pad('server', 30)}${pad('req/s', 10)}${pad('p99 (ms)', 10)}CPU ms/req   (medians of the rounds)`);
  for (const r of results) console.log(`${pad(r.label, 30)}${pad(r.rps.toFixed(0), 10)}${pad(r.p99, 10)}${(r.cpuUs / 1000).toFixed(2)}`);
}

console.log(
  `GET /api/submissions, first page of ${PAGE} (${firstPageBytes} bytes), ${CONNECTIONS} connections, ` +
    `${ROUNDS} alternating rounds of ${Math.max(1, Math.round(DURATION / ROUNDS))} s each, ${kind}, Node ${process.version}, ${os.cpus().length} CPUs`,
);

// 1. The app against the bare server, for the busy customer.
const [bareResult, appResult] = await measure([
  { label: `bare node:http, ${SUBMISSIONS_MANY} orders`, url: bareUrl, cookie: many.cookie },
  { label: `HumanProof app, ${SUBMISSIONS_MANY} orders`, url: appUrl, cookie: many.cookie },
]);
table('The app against a bare server running the same SQL', [bareResult, appResult]);
const roundRatios = appResult.perRound.map((r, i) => r.rps / bareResult.perRound[i].rps);
const ratio = appResult.rps / bareResult.rps;
console.log(`ratio per round: ${roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(`ratio app/bare: ${ratio.toFixed(2)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'OK' : 'BELOW GOAL'}`);

// 2. Many orders against few, through the app: paging keeps the first page's cost flat.
const [fewResult, fullResult, manyResult] = await measure([
  { label: `app, ${SUBMISSIONS_FEW} orders`, url: appUrl, cookie: few.cookie },
  { label: `app, ${PAGE} orders (a full page)`, url: appUrl, cookie: full.cookie },
  { label: `app, ${SUBMISSIONS_MANY} orders`, url: appUrl, cookie: many.cookie },
]);
table(`The dashboard's first page: ${SUBMISSIONS_MANY} orders against ${SUBMISSIONS_FEW} and ${PAGE}`, [fewResult, fullResult, manyResult]);
const p99Ratio = manyResult.p99 / Math.max(1, fewResult.p99);
console.log(`p99 ratio ${SUBMISSIONS_MANY}/${SUBMISSIONS_FEW} orders: ${p99Ratio.toFixed(2)} (goal ≤ ${PAGED_GOAL}) ${p99Ratio <= PAGED_GOAL ? 'OK' : 'ABOVE GOAL'}`);
const fullRatio = manyResult.p99 / Math.max(1, fullResult.p99);
console.log(`p99 ratio ${SUBMISSIONS_MANY}/${PAGE} orders (the same page of ${PAGE}, only the history differs): ${fullRatio.toFixed(2)}`);

await app.close();
await new Promise((resolve) => bare.close(resolve));
await database.close();
await benchDb.drop();

const minRatio = process.env.BENCH_MIN_RATIO ? Number(process.env.BENCH_MIN_RATIO) : null;
// Exits at once: a timer or handle left by the app (its job runner, a pool) must not hold the run open, and
// `node --cpu-prof` writes its profile on exit.
process.exit(minRatio !== null && ratio < minRatio ? 1 : 0);
