import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as PgModule from 'pg';
import { ensurePrivateDir, PRIVATE_DIR_MODE, tightenTree } from '../lib/private-files';
import { acquireDataDirLock } from './data-dir-lock';
import { describeConnectError, DatabaseStartupError } from './errors';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services take `Database | Transaction` so they compose inside one transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded instance itself (PGlite only): the job runner works through it too (server/jobs). */
  pglite?: PGlite;
  /** The server's address (PostgreSQL only): the job runner opens its own small pool there (server/jobs). */
  databaseUrl?: string;
  /** PostgreSQL only: how many requests wait for a pooled connection now (the metrics read it). */
  poolWaiting?: () => number;
  close: () => Promise<void>;
}

const MIGRATION_LOCK_ID = 742_001;

/** `migrations/` beside this file in the source tree, or beside the bundle in dist/server. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * How long a request may wait on PostgreSQL before it gets a 503 (server/plugins/errors.ts) instead of hanging:
 * for a free pooled connection (or a new one), for a row or table lock, and for any one statement. A transaction
 * left idle (a bug, or a stuck client) is ended so it cannot hold locks for long.
 */
export interface DatabaseTimeouts {
  acquireMs: number;
  lockMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  acquireMs: 5_000,
  lockMs: 3_000,
  statementMs: 10_000,
  idleInTransactionMs: 60_000,
};

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  onPoolError?: (err: Error) => void;
  migrate?: boolean;
  /** PostgreSQL only: overrides of DEFAULT_DATABASE_TIMEOUTS and the pool size (tests make them small). */
  timeouts?: Partial<DatabaseTimeouts>;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options)
    : await openPglite(options.dataDir);
  if (options.migrate !== false) {
    try {
      await runMigrations(handle, options.databaseUrl);
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }
  return handle;
}

async function openPostgres(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  // Through `require` (pg is CommonJS): there the OpenTelemetry pg instrumentation can patch it (lib/tracing.ts).
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // Bounds both opening a connection and waiting for a free one when all are busy.
    connectionTimeoutMillis: timeouts.acquireMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', (err) => options.onPoolError?.(err));
  const db = drizzle({ client: pool, schema });
  return { db, kind: 'postgres', databaseUrl: options.databaseUrl, poolWaiting: () => pool.waitingCount, close: () => pool.end() };
}

/**
 * PGlite in DATA_DIR/pglite, for this process alone (data-dir-lock.ts). It runs queries one at a time on the
 * main thread, so PostgreSQL's timeouts do not apply: see docs/decisions/012-shutdown-and-locking.md.
 */
async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'pglite');
  // DATA_DIR itself may be the operator's folder: created owner-only, never chmod-ed here (see data-dir.ts).
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const release = acquireDataDirLock(dataDir);
  try {
    ensurePrivateDir(dir);
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    // pg_trgm backs the admin search's name and e-mail indexes (decision 022); the migration creates it.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = new PGlite(dir, { extensions: { pg_trgm } });
    try {
      await client.waitReady;
    } catch (err) {
      throw new DatabaseStartupError(
        `DATA_DIR ${dataDir}: the embedded database in ${dir} could not be opened (${(err as Error).message})`,
        { cause: err },
      );
    }
    tightenTree(dir);
    const db = drizzle({ client, schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      pglite: client,
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Applies committed migrations, then installs the job runner's schema and queues (pg-boss versions its own
 * tables; server/jobs/boss.ts). On PostgreSQL the app's migrations run under an advisory lock so instances
 * starting together take turns; pg-boss takes its own.
 */
export async function runMigrations(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  await runAppMigrations(handle, databaseUrl);
  const { installJobSchema } = await import('../jobs/boss');
  await installJobSchema(handle);
}

async function runAppMigrations(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: migrationsDir });
    return;
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new DatabaseStartupError(describeConnectError(err, databaseUrl ?? ''), { cause: err });
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
