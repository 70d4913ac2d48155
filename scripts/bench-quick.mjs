// Runs every benchmark (scripts/bench-*.mjs) in its quick mode (BENCH_QUICK=1: tiny data, a few seconds each), one
// after another, so that CI fails when a change breaks a benchmark: each one checks its own answers and exits
// non-zero on a wrong one. The figures printed are for reading, not for judging (the machines are shared and noisy).
//
//   npm run bench:quick        (.ci/run calls it; BENCH_DATABASE_URL / TEST_DATABASE_URL pick PostgreSQL)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const TIMEOUT_MS = Number(process.env.BENCH_QUICK_TIMEOUT_MS ?? 300_000);
const here = import.meta.dirname;
const self = path.basename(import.meta.filename);
const scripts = readdirSync(here)
  .filter((name) => /^bench-.+\.mjs$/.test(name) && name !== self)
  .sort();

const results = [];
for (const name of scripts) {
  const started = Date.now();
  console.log(`\n=== ${name} (BENCH_QUICK=1)`);
  const run = spawnSync(process.execPath, [path.join(here, name)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_QUICK: '1' },
    // A quick run takes seconds: one that hangs (a handle left open) fails here instead of stalling CI.
    timeout: TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  results.push({ name, ok: run.status === 0 && !run.error, seconds: Math.round((Date.now() - started) / 1000), status: run.error ? `timed out after ${TIMEOUT_MS / 1000} s` : (run.status ?? run.signal) });
}

console.log('\nbenchmarks in quick mode:');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds} s)${r.ok ? '' : `: exit ${r.status}`}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
