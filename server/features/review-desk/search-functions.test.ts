import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signUp, signUpAdmin, type TestApp } from '../../test-support/test-app';
import { insertOrder } from '../../test-support/mail';
import { inlineValues, plannedRowsOf, searchCandidatesOf } from './search-functions';

/** The admin search's database functions (decision 037): values written as literals, the query run in the database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function explainedRows(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf(await t.app.db.execute(sql`explain (format json) ${query}`));
  const raw = Object.values(row!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return plan[0]!.Plan['Plan Rows'];
}

describe('the admin search functions', () => {
  const hostile = ["o'brien", "'; drop table users; --", "\\'; select 1; --", '$1', 'a\\', "''", '😀 ünïcode'];

  it('writes values as literals: quotes doubled, dates as ISO, numbers and booleans bare', () => {
    const at = new Date('2026-11-26T10:00:00.123Z');
    expect(inlineValues(sql`select ${"it's"}, ${at}, ${42}, ${true}, ${null}`)).toBe(
      "select 'it''s', '2026-11-26T10:00:00.123Z', 42, true, null",
    );
    expect(() => inlineValues(sql`select ${'a\u0000b'}`)).toThrow(TypeError);
    expect(() => inlineValues(sql`select ${{ a: 1 }}`)).toThrow(TypeError);
    expect(() => inlineValues(sql`select ${Number.NaN}`)).toThrow(TypeError);
  });

  it('estimates as EXPLAIN does, whatever the values hold, and runs nothing of them', async () => {
    const customer = await signUp(t.app, { firstName: 'Plan', lastName: 'Rows' });
    await insertOrder(t.app.db, customer.id, { id: 'QPLANROWS01', contactName: "Orla O'Brien; drop", contactEmail: 'orla@plan.example' });
    await t.app.db.execute(sql`analyze submissions`);
    for (const value of hostile) {
      const query = sql`select 1 from submissions where search_text like ${`%${value}%`} and status <> ${'new'}`;
      const [row] = rowsOf(await t.app.db.execute(sql`select ${plannedRowsOf(query)} as estimate`));
      expect(Number(row!.estimate), value).toBe(await explainedRows(query));
    }
    // The tables are all still there, and the order with a quote and a semicolon in its name is found by them.
    const [count] = rowsOf(await t.app.db.execute(sql`select count(*)::int as n from users where id = ${customer.id}`));
    expect(count!.n).toBe(1);
    const found = await t.request('GET', `/api/admin/submissions?q=${encodeURIComponent("o'brien; drop")}`, await signUpAdmin(t.app));
    expect(found.statusCode).toBe(200);
    expect((found.json() as { id: string }[]).map((s) => s.id)).toEqual(['QPLANROWS01']);
  });

  it('refuses a text that holds a second statement or a backslash outside its literals, and any write', async () => {
    const one = "select 1::int as arm, 'X' as id, 'k' as k, 2 as p, 0 as n";
    for (const text of ['select 1; select 2', "select 1 from users where name = 'a'; delete from users", 'select 1 as "a\\b"']) {
      await expect(t.app.db.execute(sql`select planned_rows(${text})`), text).rejects.toThrow();
      await expect(t.app.db.execute(sql`select * from search_candidates(${text})`), text).rejects.toThrow();
    }
    const write = `with gone as (delete from users returning 1) ${one}`;
    await expect(t.app.db.execute(sql`select * from search_candidates(${write})`)).rejects.toThrow();
    const [users] = rowsOf(await t.app.db.execute(sql`select count(*)::int as n from users`));
    expect(users!.n).toBeGreaterThan(0);
    expect(rowsOf(await t.app.db.execute(searchCandidatesOf(sql.raw(one))))).toEqual([{ arm: 1, id: 'X', k: 'k', p: 2, n: 0 }]);
    // Inside a literal, both are only text.
    const [row] = rowsOf(await t.app.db.execute(sql`select planned_rows(${"select 1 from users where name = 'a; b \\ c'"}) as estimate`));
    expect(Number(row!.estimate)).toBeGreaterThanOrEqual(0);
  });
});
