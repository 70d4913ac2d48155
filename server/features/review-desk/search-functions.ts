import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The admin search's two database functions (migration 0022, decision 037), which take a query as text:
 * planned_rows (the planner's estimate: EXPLAIN, never run) and search_candidates (the probes and walks, run with
 * the planner settings they need). So a search costs two round trips where it took eight (a transaction, its
 * settings, one EXPLAIN per arm). The text is sent as a parameter; its own values are written into it as literals
 * here, and the functions refuse a text with a semicolon or a backslash outside its literals, and any write.
 */
const dialect = new PgDialect();

/** A value as an SQL literal (standard_conforming_strings, which both functions set: a quote is doubled, nothing else). */
function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : value;
  // PostgreSQL text cannot hold NUL (the search refuses it before this).
  if (typeof text === 'string' && !text.includes('\u0000')) return `'${text.replaceAll("'", "''")}'`;
  throw new TypeError(`the admin search cannot write a ${typeof value} as a literal`);
}

/** The query as one text with its values as literals. Our SQL has no `$` of its own: every `$n` is a parameter. */
export function inlineValues(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new RangeError(`the admin search has no value for $${n}`);
    return literal(params[index]);
  });
}

/** `planned_rows(…)` of a query, to select beside other columns. */
export function plannedRowsOf(query: SQL): SQL<number> {
  return sql<number>`planned_rows(${inlineValues(query)})`;
}

/** The rows of `query` (columns arm, id, k, p, n), run by search_candidates with the search's planner settings. */
export function searchCandidatesOf(query: SQL): SQL {
  return sql`select arm, id, k, p, n from search_candidates(${inlineValues(query)})`;
}
