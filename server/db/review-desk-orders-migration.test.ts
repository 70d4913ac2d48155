/**
 * Migration 0033 (decision 075): the review desk's columns move from `submissions` to `review_desk_orders` with their
 * data. A database is migrated up to 0030 as a live one would be, given orders with claims, drafts, running effort and
 * due-soon marks in the old columns, then migrated to the end; on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';
import { TEST_DATABASE_URL } from '../test-support/database';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The committed migrations up to `last` (by number), as a folder of their own. */
function migrationsUpTo(last: number): string {
  const source = migrationsFolder();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as Journal;
  const kept = journal.entries.filter((e) => e.idx <= last);
  for (const entry of kept) cpSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  cpSync(path.join(source, 'meta'), path.join(dir, 'meta'), { recursive: true });
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}

/** A database of its own, run through drizzle's migrator: PGlite in memory, or a fresh PostgreSQL database. */
interface MigratingDatabase {
  migrate: (folder: string) => Promise<void>;
  query: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}

async function openDatabase(): Promise<MigratingDatabase> {
  if (TEST_DATABASE_URL) {
    const name = `hp_migration_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    return {
      migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
      query: async (text, params) => (await client.query(text, params)).rows,
      close: async () => {
        await client.end();
        const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await again.connect();
        await again.query(`drop database if exists "${name}" with (force)`);
        await again.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite({ extensions: { pg_trgm } });
  return {
    migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
    query: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

const DESK_COLUMNS = ['claimed_by', 'claimed_at', 'claim_active_at', 'review_version', 'review_active_seconds', 'review_effort_saved_at', 'review_effort_counts', 'due_soon_notified_for'];

let db: MigratingDatabase;
let before: string;

beforeAll(async () => {
  db = await openDatabase();
  before = migrationsUpTo(30);
  await db.migrate(before);
  await db.query(`insert into users (id, name, email) values ('u-customer', 'Casey Customer', 'casey@example.com'), ('u-ana', 'Ana Reviewer', 'ana@example.com')`);
  const order = (id: string, extra: string, values: string) =>
    db.query(`insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence, contact_name, contact_email, content, due_date${extra})
      values ('${id}', 'u-customer', 'Order ${id}', 'in-review', 'polished', 'blog-post', 100, 600, 'Casey', 'casey@example.com', 'Text.', '2026-11-30 12:00:00.123456+00'${values})`);
  // Claimed and half reviewed, its due-soon e-mail sent (a due date with microseconds, which the mark must keep).
  await order(
    'ORDERCLAIMED',
    ', claimed_by, claimed_at, claim_active_at, review_version, review_active_seconds, review_effort_saved_at, review_effort_counts, due_soon_notified_for',
    `, 'u-ana', '2026-11-28 08:00:00.000001+00', '2026-11-28 09:30:00+00', 7, 420, '2026-11-28 09:30:00+00',
       '{"suggestionsAccepted":2,"suggestionsIgnored":1,"findingsByCategory":{"spelling":1}}', '2026-11-30 12:00:00.123456+00'`,
  );
  // Only a draft version and a lapsed claim given back; only effort counts; nothing at all.
  await order('ORDERVERSION', ', review_version', ', 3');
  await order('ORDERCOUNTS', ', review_effort_counts', `, '{"suggestionsAccepted":0,"suggestionsIgnored":4,"findingsByCategory":{}}'`);
  await order('ORDERPLAIN', '', '');
  await db.migrate(migrationsFolder());
});

afterAll(async () => {
  await db?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('migration 0033: the review desk columns move to review_desk_orders (decision 075)', () => {
  it('copies every order whose desk state is not the default, value for value', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select order_id, claimed_by, to_char(claimed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as claimed_at,
        to_char(claim_active_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as claim_active_at, review_version,
        review_active_seconds, to_char(review_effort_saved_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as review_effort_saved_at,
        review_effort_counts, due_soon_notified_for = s.due_date as due_soon_matches
       from review_desk_orders d join submissions s on s.id = d.order_id order by order_id`,
    );
    expect(rows).toEqual([
      {
        order_id: 'ORDERCLAIMED',
        claimed_by: 'u-ana',
        claimed_at: '2026-11-28 08:00:00.000001',
        claim_active_at: '2026-11-28 09:30:00',
        review_version: 7,
        review_active_seconds: 420,
        review_effort_saved_at: '2026-11-28 09:30:00',
        review_effort_counts: { suggestionsAccepted: 2, suggestionsIgnored: 1, findingsByCategory: { spelling: 1 } },
        due_soon_matches: true,
      },
      {
        order_id: 'ORDERCOUNTS',
        claimed_by: null,
        claimed_at: null,
        claim_active_at: null,
        review_version: 0,
        review_active_seconds: 0,
        review_effort_saved_at: null,
        review_effort_counts: { suggestionsAccepted: 0, suggestionsIgnored: 4, findingsByCategory: {} },
        due_soon_matches: null,
      },
      {
        order_id: 'ORDERVERSION',
        claimed_by: null,
        claimed_at: null,
        claim_active_at: null,
        review_version: 3,
        review_active_seconds: 0,
        review_effort_saved_at: null,
        review_effort_counts: { suggestionsAccepted: 0, suggestionsIgnored: 0, findingsByCategory: {} },
        due_soon_matches: null,
      },
    ]);
    // The order the desk never touched has no row: it reads as the defaults it had.
    expect(await db.query(`select order_id from review_desk_orders where order_id = 'ORDERPLAIN'`)).toEqual([]);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from submissions`))[0]!.n).toBe(4);
  });

  it('drops the old columns and their index; the new table has its own, and follows its order and its claimant', async () => {
    const left = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'submissions' and column_name = any($1::text[])`,
      [DESK_COLUMNS],
    );
    expect(left).toEqual([]);
    // The claims' one index, since migration 0035 (decision 082).
    const indexes = (await db.query<{ indexname: string }>(`select indexname from pg_indexes where indexdef like '%claimed_by%' order by indexname`)).map((r) => r.indexname);
    expect(indexes).toEqual(['review_desk_orders_claims_due_idx']);
    // A reviewer's account deleted: the claim goes, the row stays; an order deleted: its desk row goes with it.
    await db.query(`delete from users where id = 'u-ana'`);
    expect(await db.query(`select claimed_by from review_desk_orders where order_id = 'ORDERCLAIMED'`)).toEqual([{ claimed_by: null }]);
    await db.query(`delete from submissions where id = 'ORDERVERSION'`);
    expect(await db.query(`select order_id from review_desk_orders where order_id = 'ORDERVERSION'`)).toEqual([]);
  });
});
