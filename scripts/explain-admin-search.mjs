// EXPLAIN ANALYZE of the admin queue's SQL for each kind of search (decision 022), on a database kept by
// `BENCH_KEEP=1 npm run bench:admin`:  node scripts/explain-admin-search.mjs postgres://…/hp_bench_xxxx [q …]
// Prints, per query the queue runs, the plan's execution time and its top lines (BENCH_EXPLAIN_FULL=1: whole plans).
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const { drizzle } = await import('drizzle-orm/node-postgres');
const schema = await import('../server/db/schema.ts');
const { listQueue } = await import('../server/features/review-desk/list-queue.ts');
const { adminQueueQuerySchema } = await import('../shared/review.schema.ts');

const [url, ...queries] = process.argv.slice(2);
if (!url) throw new Error('usage: node scripts/explain-admin-search.mjs <database url> [query string …]');
const pool = new pg.Pool({ connectionString: url, max: 2 });
const logged = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => logged.push({ query, params }) } });
const viewer = (await pool.query(`select id from users where email = 'bench-admin@humanproof.test'`)).rows[0] ?? { id: 'x' };
const cases = queries.length
  ? queries
  : ['q=b000333333', 'q=olivia.smith', 'q=a', 'q=a&sort=due', 'q=oli', 'q=smith', 'q=strategy', 'q=quasar', 'q=zeppelin', 'q=zxqvj', 'view=mine&sort=due', 'view=unclaimed&sort=due'];
for (const qs of cases) {
  const query = adminQueueQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  logged.length = 0;
  await listQueue(db, query, viewer);
  const runs = [...logged];
  console.log(`\n### ${qs}`);
  // Replayed in order on one connection. The search's candidates run inside search_candidates, whose SET clauses
  // switch sorts, sequential scans, JIT and parallel workers off: the replay sets the same for its EXPLAIN ANALYZE.
  const client = await pool.connect();
  await client.query('begin');
  for (const { query: text, params } of runs) {
    // The planner's estimates searchPage asks for (planned_rows: EXPLAIN, never run), with the arm each estimates.
    if (/planned_rows\(/.test(text)) {
      const started = performance.now();
      const answer = (await client.query(text, params)).rows[0] ?? {};
      const estimates = Object.entries(answer).filter(([column]) => /^e\d+$/.test(column));
      console.log(`- ${estimates.length} estimate(s) in ${(performance.now() - started).toFixed(1)} ms`);
      for (const [i, [column, rows]] of estimates.entries()) {
        console.log(`  - ${column}: ${rows} rows  ${String(params[i] ?? '').replace(/\s+/g, ' ').slice(0, 110)}…`);
      }
      continue;
    }
    const candidates = /search_candidates\(/.test(text);
    if (!candidates && (!/from "submissions"/.test(text) || /review_documents|refunds/.test(text))) continue;
    if (candidates) {
      await client.query(`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
        set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`);
    }
    const [shownText, shownParams] = candidates ? [String(params[0]), []] : [text, params];
    const plan = (await client.query(`explain (analyze, buffers) ${shownText}`, shownParams)).rows.map((r) => r['QUERY PLAN']);
    if (candidates) await client.query(`select set_config('enable_seqscan', 'on', true), set_config('enable_sort', 'on', true)`);
    const time = plan.find((l) => l.startsWith('Execution Time')) ?? '';
    console.log(`- ${time}  ${candidates ? 'search_candidates: ' : ''}${shownText.replace(/\s+/g, ' ').slice(0, 60)}… [${shownParams.slice(0, 3).join(', ')}]`);
    const shown = process.env.BENCH_EXPLAIN_FULL === '1' ? plan : plan.filter((l) => /Scan|Limit|Sort|Join|Append|Nested/.test(l)).slice(0, 14);
    for (const line of shown) console.log(`    ${line}`);
  }
  await client.query('commit');
  client.release();
}
await pool.end();
