// What the app benchmarks share: a fresh database of their own (embedded PGlite in a temporary folder, or a new
// database on BENCH_DATABASE_URL / TEST_DATABASE_URL), the app's configuration for a benchmark, and the clean-up
// that drops the database again unless BENCH_KEEP=1 asks to keep it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

async function onServer(serverUrl, statement) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A data folder and, on a PostgreSQL server, a new empty database (created when `create()` is called, so a script
 * can set up its clean-up first). `reuse` names a database kept by an earlier BENCH_KEEP=1 run.
 */
export function benchDatabase(prefix, { reuse = '' } = {}) {
  const serverUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '').trim();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const name = !reuse && serverUrl ? `hp_bench_${randomBytes(4).toString('hex')}` : null;
  let databaseUrl = reuse || undefined;
  if (name) {
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  let created = false;
  return {
    dataDir,
    databaseUrl,
    async create() {
      if (name && !created) await onServer(serverUrl, `create database "${name}"`);
      created = true;
    },
    /** Removes the data folder and drops the database, or keeps it (BENCH_KEEP=1, or one being reused). */
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (reuse || (name && process.env.BENCH_KEEP === '1')) console.log(`Kept database ${databaseUrl}`);
      else if (name && created) await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The environment a benchmark's app runs with: production mode, no mail worker, on the benchmark's database. */
export function benchEnvironment(database, extra = {}) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://127.0.0.1:0',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    AUTH_RATE_LIMIT_MAX: '100000',
    MAIL_WORKER: 'off',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...extra,
  };
}
