import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { DEAD_LETTER_QUEUE, JOBS_SCHEMA, QUEUE_OPTIONS } from './queues';

export type BossRole = 'install' | 'producer' | 'worker';

/**
 * A pg-boss instance on the app's database: on PGlite through the same embedded instance (pg-boss's own
 * adapter), on PostgreSQL with a small pool of its own (the worker keeps one connection for LISTEN).
 * - `install` creates or upgrades pg-boss's schema and the app's queues (runMigrations calls it);
 * - `producer` only sends jobs: no maintenance, no cron, no registry row;
 * - `worker` also supervises, runs cron schedules and takes jobs.
 */
export function createBoss(handle: DatabaseHandle, role: BossRole): PgBoss {
  const worker = role === 'worker';
  const options: ConstructorOptions = {
    schema: JOBS_SCHEMA,
    application_name: `humanproof-jobs-${role}`,
    migrate: role === 'install',
    createSchema: role === 'install',
    supervise: worker,
    schedule: worker,
    registerInstance: worker,
    useListenNotify: worker,
    persistWarnings: false,
    monitorVacuum: false,
    reindex: false,
  };
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('The embedded database handle has no PGlite instance for the job runner');
    return new PgBoss({ ...options, backend: 'pglite', db: fromPglite(handle.pglite) });
  }
  return new PgBoss({ ...options, connectionString: handle.databaseUrl, max: worker ? 3 : 2, connectionTimeoutMillis: 5_000 });
}

/** Creates pg-boss's tables (or brings them to this version) and every queue; safe to run again. */
export async function installJobSchema(handle: DatabaseHandle): Promise<void> {
  const boss = createBoss(handle, 'install');
  boss.on('error', () => undefined);
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    // The dead-letter queue first: the others name it.
    const names = [DEAD_LETTER_QUEUE, ...Object.keys(QUEUE_OPTIONS).filter((n) => n !== DEAD_LETTER_QUEUE)];
    for (const name of names) {
      const options = QUEUE_OPTIONS[name as keyof typeof QUEUE_OPTIONS];
      if (existing.has(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
    }
  } finally {
    // PGlite belongs to the app: pg-boss must not close it (it never does for an adapter it was handed).
    await boss.stop({ graceful: false, close: true });
  }
}
