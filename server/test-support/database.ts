import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client';

/** Tests run on PGlite by default and on a real PostgreSQL server when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function migrationsHash(): string {
  const dir = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  // The job runner's schema and queues are part of a migrated database too (server/jobs/boss.ts).
  hash.update(readFileSync(path.join(ROOT, 'server/jobs/queues.ts')));
  hash.update(readFileSync(path.join(ROOT, 'node_modules/pg-boss/package.json')));
  return hash.digest('hex').slice(0, 16);
}

export function templateName(): string {
  return `hp_template_${migrationsHash()}`;
}

function pgliteTemplateDir(): string {
  return path.join(ROOT, '.tmp', `pglite-template-${migrationsHash()}`);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Called once per test run: a migrated template that each test file copies (PGlite: 5 s → 1 s per file). */
export async function prepareTemplate(): Promise<void> {
  if (TEST_DATABASE_URL) {
    const name = templateName();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_build_${randomBytes(3).toString('hex')}`;
        await admin.query(`create database "${building}"`);
        const handle = await openDatabase({ databaseUrl: withDatabase(TEST_DATABASE_URL, building), dataDir: os.tmpdir() });
        await handle.close();
        await admin.query(`alter database "${building}" rename to "${name}"`).catch(async () => {
          await admin.query(`drop database if exists "${building}"`);
        });
      }
    } finally {
      await admin.end();
    }
    return;
  }
  const dir = pgliteTemplateDir();
  if (existsSync(path.join(dir, 'pglite', 'PG_VERSION'))) return;
  const building = `${dir}.build-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: building });
  await handle.close();
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** DATA_DIR to hand the app (holds the PGlite copy when embedded). */
  dataDir: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database for a server process a test starts itself: on PGlite a copy of the template in
 * `dataDir` (not opened here, so the process can take DATA_DIR's lock), on PostgreSQL a database of its own.
 */
export async function createTestDataDir(): Promise<Omit<TestDatabase, 'handle'>> {
  const dataDir = path.join(os.tmpdir(), `hp-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  if (TEST_DATABASE_URL) {
    const name = `hp_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateName()}"`);
    await admin.end();
    return {
      dataDir,
      databaseUrl: withDatabase(TEST_DATABASE_URL, name),
      drop: async () => {
        const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await again.connect();
        await again.query(`drop database if exists "${name}" with (force)`);
        await again.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  cpSync(pgliteTemplateDir(), dataDir, { recursive: true });
  return { dataDir, databaseUrl: undefined, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * The request guards (server/db/client.ts) are for production, where 3 s on a lock or 10 s on a statement means a
 * stuck request. On a loaded 2-core CI machine a 21,000-row seed or a 50-fold race can take that long, and a test
 * then failed with the guard's 503 rather than on what it checks. Tests keep guards against a hang, at the scale of
 * Vitest's own 60 s; server/db/timeouts.test.ts sets small ones to test the guards themselves.
 */
export const TEST_DATABASE_TIMEOUTS = { acquireMs: 30_000, lockMs: 30_000, statementMs: 50_000 } as const;

/** A fresh, migrated database of its own for one test file, opened. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const fresh = await createTestDataDir();
  const handle = fresh.databaseUrl
    ? await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir, migrate: false, timeouts: TEST_DATABASE_TIMEOUTS })
    : await openDatabase({ dataDir: fresh.dataDir, migrate: false });
  return {
    ...fresh,
    handle,
    drop: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}
