import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services take `Database | Transaction` so they compose inside one transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
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

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  onPoolError?: (err: Error) => void;
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onPoolError)
    : await openPglite(path.join(options.dataDir, 'pglite'));
  if (options.migrate !== false) await runMigrations(handle, options.databaseUrl);
  return handle;
}

async function openPostgres(url: string, onPoolError?: (err: Error) => void): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', (err) => onPoolError?.(err));
  const db = drizzle({ client: pool, schema });
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle({ client, schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Applies committed migrations; on PostgreSQL under an advisory lock so instances starting together take turns. */
export async function runMigrations(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
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
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
