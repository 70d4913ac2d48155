/**
 * drizzle-kit generates the next migration from the newest snapshot, and refuses when two snapshots name the same
 * parent. Migrations written on parallel branches leave exactly that behind (it happened with 0027, 0028 and 0030):
 * each snapshot must follow the one before it in the journal, and the journal's times must only grow (the migrator
 * skips a migration older than the last one applied).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

const meta = join(import.meta.dirname, 'migrations', 'meta');
const journal = JSON.parse(readFileSync(join(meta, '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string; when: number }[] };
const snapshotOf = (tag: string) =>
  JSON.parse(readFileSync(join(meta, `${tag.slice(0, 4)}_snapshot.json`), 'utf8')) as { id: string; prevId: string; tables: Record<string, unknown> };

describe('the migration journal and snapshots', () => {
  it('chains each snapshot to the one before it, in the journal’s order', () => {
    const broken: string[] = [];
    journal.entries.forEach((entry, i) => {
      if (i === 0) return;
      const previous = journal.entries[i - 1]!;
      if (snapshotOf(entry.tag).prevId !== snapshotOf(previous.tag).id) broken.push(`${entry.tag} does not follow ${previous.tag}`);
    });
    expect(broken).toEqual([]);
  });

  it('gives every migration a later time than the one before it, and its own number', () => {
    const times = journal.entries.map((e) => e.when);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    expect(journal.entries.map((e) => e.tag.slice(0, 4))).toEqual(journal.entries.map((e) => String(e.idx).padStart(4, '0')));
  });

  it('keeps in the newest snapshot every table the schema declares', () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => `public.${getTableConfig(table).name}`);
    const newest = snapshotOf(journal.entries.at(-1)!.tag);
    expect(declared.filter((name) => !(name in newest.tables))).toEqual([]);
  });
});
