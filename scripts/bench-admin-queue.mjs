// Admin queue benchmark: seeds 100,000 submissions (bulk insert with generate_series), then measures
// GET /api/admin/submissions with autocannon: the first page, a filtered page, a due-date-sorted page and a
// deep cursor page. PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database is
// created and dropped), else PGlite in a temporary folder.
//   npm run bench:admin    (BENCH_ROWS=100000 BENCH_DURATION=10 BENCH_CONNECTIONS=10; BENCH_KEEP=1 keeps the
//   PostgreSQL database for EXPLAIN)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const { loadConfig } = await import('../server/env.ts');
const { buildApp } = await import('../server/app.ts');
const { encodeCursor } = await import('../server/features/admin/queue-cursor.ts');
const { sql } = await import('drizzle-orm');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CUSTOMERS = 2_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serverUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '').trim();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hp-bench-'));
let databaseUrl;
let dbName;
if (serverUrl) {
  dbName = `hp_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}

const ADMIN = 'bench-admin@humanproof.test';
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://127.0.0.1:0',
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  ADMIN_EMAILS: ADMIN,
  AUTH_RATE_LIMIT_MAX: '100000',
  MAIL_WORKER: 'off',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp({ config, clientDir: null, logger: false });
await app.ready();

async function cleanup() {
  // Let autocannon's last sockets finish before the pool closes.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await app.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName && process.env.BENCH_KEEP === '1') {
    console.log(`Kept database ${databaseUrl}`);
  } else if (dbName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

try {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    payload: { email: ADMIN, password: 'bench-password-long-enough', name: 'Bench Admin', firstName: 'Bench', lastName: 'Admin' },
  });
  if (signUp.statusCode !== 200) throw new Error(`admin sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const raw = signUp.headers['set-cookie'];
  const cookie = (Array.isArray(raw) ? raw : [raw]).map((c) => c.split(';')[0]).join('; ');

  const started = Date.now();
  await app.db.execute(sql`
    insert into users (id, name, email, first_name, last_name)
    select 'bench-user-' || i, 'Customer ' || i, 'customer' || i || '@bench.example', 'Customer', 'No ' || i
    from generate_series(1, ${CUSTOMERS}) as i`);
  // Statuses: 10% new (no due date), 20% paid, 20% in-review, 50% completed; one order a minute, newest first.
  await app.db.execute(sql`
    insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence,
      contact_name, contact_email, content, created_at, updated_at, paid_at, due_date, completed_at)
    select 'B' || lpad(i::text, 9, '0'),
      'bench-user-' || (1 + i % ${CUSTOMERS}),
      'Order ' || i,
      s.status,
      (array['fact-checked', 'polished', 'rewritten'])[1 + i % 3],
      'blog-post',
      100 + i % 2900,
      500 + i % 10000,
      'Customer ' || (1 + i % ${CUSTOMERS}),
      'contact' || (1 + i % ${CUSTOMERS}) || '@bench.example',
      'Benchmark content number ' || i || ' with a few words to review.',
      c.created, c.created,
      case when s.status = 'new' then null else c.created + interval '5 minutes' end,
      case when s.status = 'new' then null else c.created + interval '3 days' + (i % 97) * interval '1 minute' end,
      case when s.status = 'completed' then c.created + interval '2 days' else null end
    from generate_series(1, ${ROWS}) as i
    cross join lateral (select now() - i * interval '1 minute' as created) c
    cross join lateral (select case when i % 10 = 0 then 'new' when i % 10 < 3 then 'paid'
                                    when i % 10 < 5 then 'in-review' else 'completed' end as status) s`);
  await app.db.execute(sql`analyze`);
  console.log(`Seeded ${ROWS.toLocaleString('en-GB')} submissions (${CUSTOMERS} customers) on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // A cursor 80% of the way down the newest-first list.
  const deepOffset = Math.floor(ROWS * 0.8);
  const deep = await app.db.execute(sql`
    select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from submissions order by created_at desc, id asc offset ${deepOffset} limit 1`);
  const deepRow = (deep.rows ?? deep)[0];
  const deepCursor = encodeCursor({ sort: 'created', at: deepRow.at, id: deepRow.id });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const scenarios = [
    ['baseline: GET /api/auth/user (session lookup only)', '/api/auth/user'],
    ['first page (newest 50)', '/api/admin/submissions'],
    ['filtered page (status=paid)', '/api/admin/submissions?status=paid'],
    ['due-date-sorted page (status=in-review&sort=due)', '/api/admin/submissions?status=in-review&sort=due'],
    ['due-date-sorted page (all, sort=due)', '/api/admin/submissions?sort=due'],
    [`deep cursor page (row ${deepOffset.toLocaleString('en-GB')})`, `/api/admin/submissions?cursor=${encodeURIComponent(deepCursor)}`],
    ['search (e-mail prefix, 50 matches)', '/api/admin/submissions?q=contact1234%40bench'],
    ['search (broad prefix, 5,550 matches)', '/api/admin/submissions?q=contact17'],
  ];
  const results = [];
  for (const [name, url] of scenarios) {
    const check = await fetch(`${address}${url}`, { headers: { cookie } });
    const body = await check.json();
    if (check.status !== 200 || (url.startsWith('/api/admin/') && !Array.isArray(body))) throw new Error(`${name}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
    const result = await autocannon({
      url: `${address}${url}`,
      headers: { cookie },
      connections: CONNECTIONS,
      duration: DURATION,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results.push({
      scenario: name,
      rows: Array.isArray(body) ? body.length : '-',
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
    });
    console.log(`${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
  }
  console.log(`\nautocannon -c ${CONNECTIONS} -d ${DURATION}s, ${os.cpus().length} CPUs, Node ${process.version}`);
  console.table(results);
} finally {
  await cleanup();
}
