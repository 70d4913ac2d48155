import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp } from '../test-support/test-app';
import { insertOrder } from '../test-support/mail';
import { reviewDeskOrders, submissions, users } from './schema';
import { prepareMapped, rowMapper } from './mapped-statement';

/**
 * A statement whose rows are mapped by a mapper compiled once (decision 085) reads exactly what Drizzle's own mapping
 * reads for the same selection: every kind of field the queue's list selects (the columns of two tables in one group,
 * a left-joined table's nulls, SQL with and without a decoder, JSON, text, an alias), on PGlite and on PostgreSQL.
 */
let t: TestApp;
const ids: string[] = [];

const { content: _content, ...orderColumns } = getTableColumns(submissions);
const selection = {
  row: {
    ...orderColumns,
    claimedAt: reviewDeskOrders.claimedAt,
    reviewEffortCounts: reviewDeskOrders.reviewEffortCounts,
    version: sql<number>`coalesce(${reviewDeskOrders.reviewVersion}, 0)`.mapWith(Number),
  },
  customer: { email: users.email, firstName: users.firstName, lastName: users.lastName },
  createdKey: sql<string>`to_char(${submissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  documents: sql<{ n: number }[]>`json_build_array(json_build_object('n', ${submissions.wordCount}))`,
  claimed: sql<boolean>`${reviewDeskOrders.claimedBy} is not null`,
  double: sql<number>`${submissions.wordCount} * 2`.mapWith(Number).as('double_words'),
  missing: sql<string | null>`null::text`,
};

const query = (where: ReturnType<typeof sql>) =>
  t.app.db
    .select(selection)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(reviewDeskOrders, eq(reviewDeskOrders.orderId, submissions.id))
    .where(where)
    .orderBy(asc(submissions.id));

beforeAll(async () => {
  t = await createTestApp();
  const customer = await signUp(t.app, { firstName: 'Zoë', lastName: "O'Neill", email: 'zoe.mapped@example.com' });
  const claimer = await signUp(t.app, { email: 'claimer.mapped@example.com' });
  const claimed = await insertOrder(t.app.db, customer.id, {
    claimedBy: claimer.id,
    claimedAt: new Date('2026-11-20T09:30:00.123456Z'),
    reviewVersion: 3,
  });
  const plain = await insertOrder(t.app.db, customer.id, { dueDate: null, paidAt: null, status: 'new', title: 'Emoji 🚀 and "quotes"' });
  ids.push(claimed.id, plain.id);
});

afterAll(async () => {
  await t?.close();
});

describe('prepareMapped', () => {
  it('reads every row as Drizzle maps it', async () => {
    const drizzleRows = await query(inArray(submissions.id, ids));
    const statement = prepareMapped<(typeof drizzleRows)[number]>(
      t.app.db,
      query(sql`${submissions.id} = any(${sql.placeholder('ids')}::text[])`),
      'mapped_statement_test',
    );
    const mapped = await statement.execute({ ids });
    expect(drizzleRows).toHaveLength(2);
    expect(mapped).toEqual(drizzleRows);
    // The values are decoded, not passed through: dates as dates, a mapWith as a number, JSON as objects.
    const claimedRow = mapped.find((r) => r.row.id === ids[0])!;
    expect(claimedRow.row.claimedAt).toBeInstanceOf(Date);
    expect(claimedRow.row.version).toBe(3);
    expect(claimedRow.documents).toEqual([{ n: 1234 }]);
    expect(mapped.find((r) => r.row.id === ids[1])!.row.claimedAt).toBeNull();
    // Executed again (the prepared plan), with other values.
    expect(await statement.execute({ ids: [ids[1]] })).toEqual(drizzleRows.filter((r) => r.row.id === ids[1]));
  });

  it('refuses a field that is neither a column nor SQL', () => {
    expect(() => rowMapper({ row: { id: submissions.id, odd: 'text' as never } })).toThrow(/row\.odd is neither a column nor SQL/);
  });
});
