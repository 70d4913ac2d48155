import { Column, is, SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** A selection as `db.select(...)` takes it: columns and SQL, in objects one level deep at most. */
export type FlatSelection = Record<string, Column | SQL | SQL.Aliased | Record<string, Column | SQL | SQL.Aliased>>;

interface Leaf {
  /** The nested object the value goes in (`row`, `customer`), or null for a top-level field. */
  group: string | null;
  key: string;
  decoder: { mapFromDriverValue(value: unknown): unknown };
}

/** The decoder `mapWith` set on an SQL field (a field Drizzle keeps internal; its mapping reads it the same way). */
const decoderOf = (field: SQL): Leaf['decoder'] => (field as unknown as { decoder: Leaf['decoder'] }).decoder;

function leafOf(group: string | null, key: string, field: unknown): Leaf {
  if (is(field, Column)) return { group, key, decoder: field };
  if (is(field, SQL)) return { group, key, decoder: decoderOf(field) };
  if (is(field, SQL.Aliased)) return { group, key, decoder: decoderOf(field.sql) };
  throw new TypeError(`mapped statement: ${group ? `${group}.` : ''}${key} is neither a column nor SQL`);
}

/**
 * The fields of `selection` in the order Drizzle selects them (depth first, in key order: its orderSelectedFields),
 * each with the decoder Drizzle's mapResultRow would use.
 */
function selectionLeaves(selection: FlatSelection): Leaf[] {
  const leaves: Leaf[] = [];
  for (const [key, field] of Object.entries(selection)) {
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) leaves.push(leafOf(null, key, field));
    else for (const [inner, innerField] of Object.entries(field)) leaves.push(leafOf(key, inner, innerField));
  }
  return leaves;
}

/**
 * Rows in array mode into objects of the selection's shape, as Drizzle's own mapping gives them (mapped-statement.test
 * holds the two equal). Drizzle's mapResultRow works out each field's kind (is(): a walk of its class chain) for every
 * value of every row; a page of the queue is a hundred rows of sixty fields, and that was a quarter of the list's CPU
 * (decision 085). Here the kinds are worked out once. Drizzle also sets a left-joined group to null when all its
 * columns are null: a selection that needs that is not for this mapper (each group here is one table inner-joined,
 * or mixes tables).
 */
export function rowMapper<T>(selection: FlatSelection): (rows: unknown[][]) => T[] {
  const leaves = selectionLeaves(selection);
  const groups = [...new Set(leaves.flatMap((leaf) => (leaf.group === null ? [] : [leaf.group])))];
  return (rows) =>
    rows.map((raw) => {
      const out: Record<string, unknown> = {};
      for (const group of groups) out[group] = {};
      for (let i = 0; i < leaves.length; i++) {
        const { group, key, decoder } = leaves[i]!;
        const value = raw[i];
        const target = group === null ? out : (out[group] as Record<string, unknown>);
        target[key] = value === null ? null : decoder.mapFromDriverValue(value);
      }
      return out as T;
    });
}

/** A statement prepared once, executed with its placeholders' values. */
export interface MappedStatement<T> {
  execute(values?: Record<string, unknown>): Promise<T[]>;
}

/**
 * A built statement (`toSQL()` of a query) prepared as `name` on this database or transaction, its rows (in array
 * mode) mapped by `mapRows`. Through the session's own prepareQuery: the driver, its type parsers, placeholders and
 * tracing are Drizzle's as for any statement. A query builder's own prepare() builds its SQL again, which a statement
 * named after its text had already built once.
 */
export function prepareBuilt<T>(
  db: Executor,
  built: { sql: string; params: unknown[] },
  name: string,
  mapRows: (rows: unknown[][]) => T[],
): MappedStatement<T> {
  const prepared = db._.session.prepareQuery<{ execute: T[]; all: unknown; values: unknown }>(built, undefined, name, true, mapRows);
  return { execute: (values: Record<string, unknown> = {}) => prepared.execute(values) as Promise<T[]> };
}

/**
 * A select prepared as `name`, its rows mapped by rowMapper over the select's own selection (`_.selectedFields`, the
 * object given to `db.select`), so the mapper cannot drift from the statement.
 */
export function prepareMapped<T>(
  db: Executor,
  query: { readonly _: { readonly selectedFields: unknown }; toSQL(): { sql: string; params: unknown[] } },
  name: string,
): MappedStatement<T> {
  // Typed by Drizzle as the select seen as a subquery; at run time it is the selection object as given.
  return prepareBuilt(db, query.toSQL(), name, rowMapper<T>(query._.selectedFields as FlatSelection));
}
