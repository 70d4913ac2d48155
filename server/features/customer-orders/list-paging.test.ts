import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUBMISSIONS_DEFAULT_LIMIT, SUBMISSIONS_MAX_LIMIT, submissionListSchema, submissionSummarySchema } from '../../../shared/submission.schema';
import { createOrder } from '../../test-support/orders';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { INVALID_CURSOR } from './list-cursor';
import { ownOrdersQuery } from './find-orders';

/** 1,000 orders for one customer: copies of a real one, many sharing a created_at (to the microsecond) or a millisecond. */
const ORDERS = 1_000;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

let t: TestApp;
let busy: SignedInUser;
let other: SignedInUser;
/** Every id of the busy customer's orders, in the list's order (created_at desc, id asc). */
let expected: string[];

beforeAll(async () => {
  t = await createTestApp();
  [busy, other] = [await signUp(t.app), await signUp(t.app)];
  const seed = await createOrder(t.app, busy);
  await createOrder(t.app, other);
  // Groups of 7 share one created_at exactly; neighbouring groups differ by a microsecond, so a cursor that kept only
  // milliseconds (a JavaScript Date) would skip or repeat rows.
  const columns = (
    await t.app.db.execute<{ name: string }>(sql`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'submissions' and is_generated = 'NEVER'`)
  ).rows.map((r) => `"${r.name}"`);
  await t.app.db.execute(sql`
    insert into submissions (${sql.raw(columns.join(', '))})
    select ${sql.raw(columns.map((c) => `r.${c}`).join(', '))}
    from submissions s, generate_series(1, ${ORDERS - 1}) g,
      jsonb_populate_record(null::submissions, to_jsonb(s) || jsonb_build_object(
        'id', 'PAGE' || lpad(g::text, 6, '0'),
        'created_at', timestamptz '2026-01-01 12:00:00+00' + (g / 7) * interval '1 microsecond',
        'status', case when g % 3 = 0 then 'completed' when g % 3 = 1 then 'in-review' else 'paid' end
      )) r
    where s.id = ${seed}`);
  const rows = await t.app.db.execute<{ id: string }>(
    sql`select id from submissions where user_id = ${busy.id} order by created_at desc, id asc`,
  );
  expected = rows.rows.map((r) => r.id);
  expect(expected).toHaveLength(ORDERS);
});
afterAll(async () => t?.close());

const get = (url: string, who: SignedInUser) => t.request('GET', url, who);

/** Follows the Link headers from `first` to the end: every page's ids, and how many pages it took. */
async function walk(first: string, who: SignedInUser): Promise<{ ids: string[]; pages: number; sizes: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let url: string | null = first;
  while (url) {
    const response = await get(url, who);
    expect(response.statusCode, response.body).toBe(200);
    const page = submissionListSchema.parse(response.json());
    ids.push(...page.map((s) => s.id));
    sizes.push(page.length);
    const link = response.headers.link as string | undefined;
    url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    expect(sizes.length).toBeLessThanOrEqual(ORDERS);
  }
  return { ids, pages: sizes.length, sizes };
}

describe('GET /api/submissions, paged (issue 26, decision 037)', () => {
  it(`pages through ${ORDERS} orders ${SUBMISSIONS_DEFAULT_LIMIT} at a time by default, newest first, without a repeat or a gap`, async () => {
    const { ids, pages, sizes } = await walk('/api/submissions', busy);
    expect(ids).toEqual(expected);
    expect(pages).toBe(ORDERS / SUBMISSIONS_DEFAULT_LIMIT);
    expect(new Set(sizes)).toEqual(new Set([SUBMISSIONS_DEFAULT_LIMIT]));
  });

  it(`takes limit up to ${SUBMISSIONS_MAX_LIMIT}, and odd page sizes meet the end exactly`, async () => {
    expect((await walk(`/api/submissions?limit=${SUBMISSIONS_MAX_LIMIT}`, busy)).ids).toEqual(expected);
    const odd = await walk('/api/submissions?limit=33', busy);
    expect(odd.ids).toEqual(expected);
    expect(odd.sizes.at(-1)).toBe(ORDERS % 33);
  });

  it('a customer with fewer orders than a page gets one page and no Link', async () => {
    const response = await get('/api/submissions', other);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
    expect(response.headers.link).toBeUndefined();
  });

  it("refuses a cursor made for another customer, a tampered one and nonsense with 400 'Invalid cursor'", async () => {
    const first = await get('/api/submissions?limit=5', busy);
    const next = /^<([^>]+)>/.exec(first.headers.link as string)![1]!;
    const cursor = decodeURIComponent(new URL(next, 'http://x').searchParams.get('cursor')!);
    const [body, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['2099-01-01T00:00:00.000000Z', 'x'])).toString('base64url');
    for (const [who, bad] of [
      [other, cursor],
      [busy, `${forged}.${mac}`],
      [busy, `${body}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`],
      // The same 16 bytes spelt with other unused bits in the last character: not a cursor this server wrote.
      [busy, `${body}.${mac.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(mac.at(-1)!) + 1]}`],
      [busy, 'nonsense'],
      [busy, '%00'],
      [busy, 'x'.repeat(600)],
    ] as const) {
      const response = await get(`/api/submissions?cursor=${encodeURIComponent(bad)}`, who);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toMatch(/cursor/i);
    }
    const mine = await get(`/api/submissions?cursor=${encodeURIComponent('nonsense')}`, busy);
    expect(mine.json().message).toBe(INVALID_CURSOR);
  });

  it('refuses a limit outside 1 to 100 with a message', async () => {
    for (const limit of ['0', '101', '-1', '2.5', 'abc', '1e9']) {
      const response = await get(`/api/submissions?limit=${limit}`, busy);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message).toContain(`from 1 to ${SUBMISSIONS_MAX_LIMIT}`);
    }
  });

  it("reads the first page from an index alone, however many orders the customer has, in the statement's generic plan", async () => {
    // The list is a prepared statement: after five runs PostgreSQL may keep a generic plan, made without knowing whose
    // list it is. It once read all of a busy customer's orders through submissions_user_created_idx and sorted them.
    await t.app.db.execute(sql`analyze submissions`);
    const { sql: text, params } = ownOrdersQuery(t.app.db).toSQL();
    // Each use of a placeholder is a parameter of its own: userId (an id of letters and digits) and limit.
    const values: Record<string, string> = { userId: `'${busy.id}'`, limit: '21' };
    const args = params.map((p) => values[(p as { name: string }).name]!).join(', ');
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare own_list_plan as ${text}`));
      try {
        const explained = await tx.execute<Record<string, string>>(sql.raw(`explain (costs off) execute own_list_plan(${args})`));
        return explained.rows.map((r) => Object.values(r)[0]).join('\n');
      } finally {
        await tx.execute(sql`deallocate own_list_plan`);
      }
    });
    expect(plan).toMatch(/Index (Only )?Scan using submissions_own_created_idx on submissions s\b/);
    expect(plan).not.toMatch(/Bitmap Heap Scan on submissions s\b/);
  });

  it('counts every order in one aggregate, whatever the page', async () => {
    const response = await get('/api/submissions/summary', busy);
    expect(response.statusCode).toBe(200);
    const summary = submissionSummarySchema.parse(response.json());
    const byStatus = await t.app.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from submissions where user_id = ${busy.id} group by status`,
    );
    const count = (status: string) => Number(byStatus.rows.find((r) => r.status === status)?.n ?? 0);
    expect(summary).toEqual({ total: ORDERS, inReview: count('in-review'), completed: count('completed') });
    expect(summary.inReview).toBeGreaterThan(300);
    expect((await get('/api/submissions/summary', other)).json()).toEqual({ total: 1, inReview: 0, completed: 0 });
    expect((await t.request('GET', '/api/submissions/summary', null)).statusCode).toBe(401);
  });
});
