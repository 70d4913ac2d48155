import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { CLAIM_LAPSE_MS, NEXT_CURSOR_HEADER } from '../../../shared/review.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { emailOutbox, reviewDeskOrders, submissions, users } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { insertOrder, type OrderSeed } from '../../test-support/mail';
import { sweepDueSoon } from './due-soon';
import { newDeskRows } from './desk-state';

/** Issue 14, sections 3 and 5 (decision 022): queue views, due sort, flags, search, the due-soon e-mail. */
let t: TestApp;
let admin: SignedInUser;
let other: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;

const HOUR = 3_600_000;
const now = Date.now();
/** A due date on a whole minute, shared by several orders to test ties. */
const tie = new Date(Math.floor((now + 30 * HOUR) / 60_000) * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  other = await signUpAdmin(t.app);
  alice = await signUp(t.app, { firstName: 'Alice', lastName: 'Zephyrine' });
  bob = await signUp(t.app, { firstName: 'Bob', lastName: 'Quillfeather' });
});
afterAll(async () => t.close());

async function list(query: string, as: SignedInUser = admin) {
  const response = await t.request('GET', `/api/admin/submissions${query}`, as);
  const items = response.statusCode === 200 ? (response.json() as AdminSubmission[]) : [];
  return { response, items, ids: items.map((s) => s.id), next: response.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined };
}

type QueueSort = 'created' | 'due';

/** The first 120 orders whose id starts with `prefix`, as SQL orders them for the queue's sort (no revision requests). */
async function inSqlOrder(prefix: string, sort: QueueSort): Promise<string[]> {
  const order = sort === 'created' ? 'created_at desc, id' : 'due_date, queue_priority, id';
  const result = await t.app.db.execute(
    sql.raw(`select id from submissions where id like '${prefix}%' and status <> 'revision-requested' order by ${order} limit 120`),
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** The ids starting with `prefix` on the first three pages of 40 of a search, following the cursor. */
async function searchedPages(q: string, sort: QueueSort, prefix: string): Promise<string[]> {
  const got: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 3; page += 1) {
    const { ids, next } = await list(`?q=${q}&sort=${sort}&limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    got.push(...ids.filter((id) => id.startsWith(prefix)));
    cursor = next;
  }
  return got;
}

/** Every page of a query, following the cursor. */
async function walk(query: string, limit: number, as: SignedInUser = admin): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page += 1) {
    const sep = query.includes('?') ? '&' : '?';
    const { response, ids, next } = await list(`${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, as);
    expect(response.statusCode, response.body).toBe(200);
    seen.push(...ids);
    cursor = next;
    if (!cursor) return seen;
  }
  throw new Error('too many pages');
}

describe('views, due sort and flags', () => {
  // Orders of their own user, so other describe blocks' orders never mix in (each view test filters by q).
  let owner: SignedInUser;
  const ids = {
    standard: 'QDSTANDARD1',
    fast: 'QDFAST00001',
    revision: 'QDREVISION1',
    standard2: 'QDSTANDARD2',
    overdue: 'QDOVERDUE01',
    soon: 'QDSOON00001',
    later: 'QDLATER0001',
    doneLate: 'QDDONELATE1',
    cancelled: 'QDCANCELLED',
    undated: 'QDUNDATED01',
    mine: 'QDMINE00001',
    mineLapsed: 'QDMINELAPSE',
    theirs: 'QDTHEIRS001',
  };
  beforeAll(async () => {
    owner = await signUp(t.app, { firstName: 'Vera', lastName: 'Viewtester' });
    const db = t.app.db;
    const at = (h: number) => new Date(now + h * HOUR);
    const claim = (by: string, activeAgoMs: number) => ({ claimedBy: by, claimedAt: new Date(now - activeAgoMs), claimActiveAt: new Date(now - activeAgoMs) });
    const plan: [string, OrderSeed][] = [
      [ids.standard, { status: 'paid', dueDate: tie }],
      [ids.fast, { status: 'in-review', dueDate: tie, fastTurnaround: true }],
      [ids.revision, { status: 'revision-requested', dueDate: tie }],
      [ids.standard2, { status: 'in-review', dueDate: tie }],
      [ids.overdue, { status: 'in-review', dueDate: at(-2) }],
      [ids.soon, { status: 'paid', dueDate: at(3) }],
      [ids.later, { status: 'paid', dueDate: at(5) }],
      [ids.doneLate, { status: 'completed', dueDate: at(-30), completedAt: at(-31) }],
      [ids.cancelled, { status: 'cancelled', dueDate: at(1) }],
      [ids.undated, { status: 'new', dueDate: null, paidAt: null }],
      [ids.mine, { status: 'in-review', dueDate: at(40), ...claim(admin.id, 10 * 60_000) }],
      [ids.mineLapsed, { status: 'in-review', dueDate: at(41), ...claim(admin.id, CLAIM_LAPSE_MS + 60_000) }],
      [ids.theirs, { status: 'paid', dueDate: at(42), ...claim(other.id, 60_000) }],
    ];
    for (const [id, overrides] of plan) {
      await insertOrder(db, owner.id, { id, contactName: 'Vera Viewtester', contactEmail: 'vera.viewtester@example.org', ...overrides });
    }
  });

  const q = '&q=vera.viewtester';

  it('sorts by due date; at the same due date a revision, then fast turnaround, then the rest (by id)', async () => {
    const { ids: got } = await list(`?sort=due&status=all${q}`);
    // Revision requests are listed first on the first page (decision 018), the rest by the due key.
    expect(got[0]).toBe(ids.revision);
    const rest = got.slice(1);
    expect(rest).toEqual([
      ids.doneLate,
      ids.overdue,
      ids.cancelled,
      ids.soon,
      ids.later,
      ids.fast,
      ids.standard,
      ids.standard2,
      ids.mine,
      ids.mineLapsed,
      ids.theirs,
      ids.undated,
    ]);
    // Filtered by status the revision is not lifted out: it still leads its tie on its own.
    const inReview = (await list(`?sort=due&status=in-review${q}`)).ids;
    expect(inReview.indexOf(ids.fast)).toBeLessThan(inReview.indexOf(ids.standard2));
    // The priority is a generated column: changing status or speed moves the order without anyone setting it.
    const [row] = await t.app.db.select({ p: submissions.queuePriority }).from(submissions).where(eq(submissions.id, ids.revision));
    expect(row!.p).toBe(0);
  });

  it('pages the due sort with the new key without repeats or gaps, at every page size', async () => {
    for (const limit of [1, 2, 3, 5]) {
      for (const query of [`?sort=due${q}`, `?sort=due&status=in-review${q}`, `?sort=due&view=unclaimed${q}`, `?sort=created${q}`]) {
        const all = (await list(query)).ids;
        const paged = await walk(query, limit);
        expect(paged, `${query} limit ${limit}`).toEqual(all);
        expect(new Set(paged).size).toBe(paged.length);
      }
    }
  });

  it('flags overdue and due-within-4-hours work, never finished work', async () => {
    const byId = new Map((await list(`?sort=due${q}`)).items.map((s) => [s.id, s.dueFlag]));
    expect(byId.get(ids.overdue)).toBe('overdue');
    expect(byId.get(ids.soon)).toBe('due-soon');
    expect(byId.get(ids.later)).toBeNull();
    expect(byId.get(ids.doneLate)).toBeNull();
    expect(byId.get(ids.cancelled)).toBeNull();
    expect(byId.get(ids.undated)).toBeNull();
    // One order's answer carries the flag too.
    const one = await t.request('GET', `/api/admin/submissions/${ids.overdue}`, admin);
    expect(one.json().dueFlag).toBe('overdue');
  });

  it('"My work" is my live claims; "Unclaimed" is nobody\'s or a lapsed claim; "All" is everything', async () => {
    expect((await list(`?view=mine&sort=due${q}`)).ids).toEqual([ids.mine]);
    expect((await list(`?view=mine&sort=due${q}`, other)).ids).toEqual([ids.theirs]);
    const unclaimed = (await list(`?view=unclaimed&sort=due${q}`)).ids;
    expect(unclaimed).toContain(ids.mineLapsed);
    expect(unclaimed).not.toContain(ids.mine);
    expect(unclaimed).not.toContain(ids.theirs);
    expect(unclaimed).toHaveLength(Object.keys(ids).length - 2);
    expect((await list(`?view=all${q}`)).ids).toHaveLength(Object.keys(ids).length);
    expect((await list(`?view=mine&status=paid${q}`)).ids).toEqual([]);
    for (const bad of ['?view=theirs', '?view=', '?view=MINE', '?view=mine&view=unclaimed']) {
      const { response } = await list(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses forged due cursors (bad priority, wrong length, other sort) with 400', async () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const at = '2026-01-01T00:00:00.000000Z';
    for (const cursor of [
      enc(['due', at, 'QDSOON00001']),
      enc(['due', at, -1, 'QDSOON00001']),
      enc(['due', at, 1.5, 'QDSOON00001']),
      enc(['due', at, '1', 'QDSOON00001']),
      enc(['due', at, 99999, 'QDSOON00001']),
      enc(['created', at, 0, 'QDSOON00001']),
    ]) {
      expect((await list(`?sort=due&cursor=${cursor}`)).response.statusCode, cursor).toBe(400);
    }
    expect((await list(`?sort=due&cursor=${enc(['due', null, 2, 'QDSOON00001'])}`)).response.statusCode).toBe(200);
  });
});

describe('"My work" by due date, walked in the desk\'s copy of the due key (decision 082)', () => {
  let reviewer: SignedInUser;
  let owner: SignedInUser;
  const at = (h: number) => new Date(Math.floor((now + h * HOUR) / 60_000) * 60_000);
  const live = () => ({ claimedAt: new Date(now - 60_000), claimActiveAt: new Date(now - 60_000) });
  beforeAll(async () => {
    reviewer = await signUpAdmin(t.app);
    owner = await signUp(t.app, { firstName: 'Walt', lastName: 'Walker' });
    const mine = { claimedBy: reviewer.id, ...live() };
    const plan: [string, OrderSeed][] = [
      ['MWPAID00001', { status: 'paid', dueDate: at(10), ...mine }],
      ['MWREVIEW001', { status: 'in-review', dueDate: at(20), ...mine }],
      ['MWTIEFAST01', { status: 'in-review', dueDate: at(30), fastTurnaround: true, ...mine }],
      ['MWTIESTD001', { status: 'in-review', dueDate: at(30), ...mine }],
      ['MWTIESTD002', { status: 'paid', dueDate: at(30), ...mine }],
      ['MWREVISION1', { status: 'revision-requested', dueDate: at(50), ...mine }],
      ['MWDONE00001', { status: 'completed', dueDate: at(-5), completedAt: at(-6), ...mine }],
      ['MWUNDATED01', { status: 'new', dueDate: null, paidAt: null, ...mine }],
      ['MWUNDATED02', { status: 'new', dueDate: null, paidAt: null, fastTurnaround: true, ...mine }],
      ['MWLAPSED001', { status: 'in-review', dueDate: at(1), claimedBy: reviewer.id, claimedAt: at(-5), claimActiveAt: new Date(now - CLAIM_LAPSE_MS - 60_000) }],
      ['MWTHEIRS001', { status: 'paid', dueDate: at(2), claimedBy: admin.id, ...live() }],
      ['MWNOCLAIM01', { status: 'paid', dueDate: at(3) }],
    ];
    for (const [id, seed] of plan) await insertOrder(t.app.db, owner.id, { id, ...seed });
  });

  /** The reviewer's live claims as SQL orders them by the orders' own columns: revision requests first, then the rest. */
  async function expected(): Promise<string[]> {
    const result = await t.app.db.execute(sql`select s.id from submissions s join review_desk_orders d on d.order_id = s.id
      where d.claimed_by = ${reviewer.id} and d.claim_active_at > ${new Date(Date.now() - CLAIM_LAPSE_MS).toISOString()}::timestamptz
      order by s.status <> 'revision-requested', s.due_date, s.queue_priority, s.id`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }

  /** Desk rows whose copy differs from their order's key: none, ever. */
  async function staleCopies(): Promise<number> {
    const result = await t.app.db.execute(sql`select count(*)::int as n from review_desk_orders d join submissions s on s.id = d.order_id
      where d.due_date is distinct from s.due_date or d.queue_priority is distinct from s.queue_priority`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }

  it('lists the live claims in the queue\'s due order, a revision request on top, and pages them without repeats or gaps', async () => {
    const want = await expected();
    expect(want).toHaveLength(9);
    expect(want[0]).toBe('MWREVISION1');
    expect(want.slice(1, 7)).toEqual(['MWDONE00001', 'MWPAID00001', 'MWREVIEW001', 'MWTIEFAST01', 'MWTIESTD001', 'MWTIESTD002']);
    expect((await list('?view=mine&sort=due', reviewer)).ids).toEqual(want);
    for (const limit of [1, 2, 3, 4]) expect(await walk('?view=mine&sort=due', limit, reviewer), `limit ${limit}`).toEqual(want);
    expect(await staleCopies()).toBe(0);
  });

  it('follows an order whose due date, status or speed changes, without the app writing the copy', async () => {
    // Written as the lifecycle writes the order: its own row only.
    await t.app.db.update(submissions).set({ dueDate: at(5) }).where(eq(submissions.id, 'MWREVIEW001'));
    await t.app.db.update(submissions).set({ fastTurnaround: true }).where(eq(submissions.id, 'MWTIESTD002'));
    await t.app.db.update(submissions).set({ status: 'revision-requested', dueDate: at(60) }).where(eq(submissions.id, 'MWPAID00001'));
    await t.app.db.update(submissions).set({ status: 'paid', dueDate: at(7), paidAt: at(-1) }).where(eq(submissions.id, 'MWUNDATED01'));
    expect(await staleCopies()).toBe(0);
    const want = await expected();
    expect(want.slice(0, 2)).toEqual(['MWREVISION1', 'MWPAID00001']);
    expect(want.indexOf('MWREVIEW001')).toBeLessThan(want.indexOf('MWUNDATED01'));
    expect(want.indexOf('MWTIESTD002')).toBeLessThan(want.indexOf('MWTIESTD001'));
    expect((await list('?view=mine&sort=due', reviewer)).ids).toEqual(want);
    for (const limit of [1, 3]) expect(await walk('?view=mine&sort=due', limit, reviewer), `limit ${limit}`).toEqual(want);
    // A claim taken through the desk copies the key of an order that had no desk row.
    expect((await t.request('POST', '/api/admin/submissions/MWNOCLAIM01/claim', reviewer)).statusCode).toBe(200);
    expect(await staleCopies()).toBe(0);
    expect((await list('?view=mine&sort=due', reviewer)).ids).toEqual(await expected());
  });
});

describe('search', () => {
  const ids = { a: 'QSALICE0001', b: 'QSALICE0002', c: 'QSBOB000001', d: 'QSCONTACT01' };
  beforeAll(async () => {
    const db = t.app.db;
    await insertOrder(db, alice.id, { id: ids.a, contactName: 'Alice Zephyrine', contactEmail: alice.email, content: 'The quarterly reviews mention zeppelins over Bristol.' });
    await insertOrder(db, alice.id, { id: ids.b, contactName: 'Alice Zephyrine', contactEmail: alice.email, content: 'A recipe for sourdough bread with rye.' });
    await insertOrder(db, bob.id, { id: ids.c, contactName: 'Bob Quillfeather', contactEmail: bob.email, content: 'Notes on café culture in Zürich — naïve résumé 😀.' });
    // The contact is someone else than the account holder.
    await insertOrder(db, bob.id, { id: ids.d, contactName: 'Marguerite Oakhampton', contactEmail: 'press.office@oakhampton-media.example', content: 'Press release draft.' });
  });

  const found = async (q: string, extra = '') => {
    const { response, ids: got } = await list(`?q=${encodeURIComponent(q)}${extra}`);
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    return got.filter((id) => id.startsWith('QS')).sort();
  };

  it('finds an order by its id, in any case', async () => {
    expect(await found(ids.c.toLowerCase())).toEqual([ids.c]);
    expect(await found(ids.c)).toEqual([ids.c]);
  });

  it('finds by e-mail: the account address and the contact address, anywhere in them from 3 letters, by prefix below', async () => {
    expect(await found(alice.email)).toEqual([ids.a, ids.b]);
    expect(await found(alice.email.toUpperCase())).toEqual([ids.a, ids.b]);
    expect(await found('press.office')).toEqual([ids.d]);
    expect(await found('oakhampton-media')).toEqual([ids.d]);
    expect(await found('@oakhampton-media.example')).toEqual([ids.d]);
    // Two characters: the start of an e-mail only.
    expect(await found('pr')).toEqual([ids.d]);
    expect(await found('ss')).toEqual([]);
  });

  it('finds by customer name: the contact name and the account name, any part of it', async () => {
    expect(await found('zephyrine')).toEqual([ids.a, ids.b]);
    expect(await found('Alice Zeph')).toEqual([ids.a, ids.b]);
    expect(await found('quillfeather')).toEqual([ids.c, ids.d]);
    expect(await found('Marguerite')).toEqual([ids.d]);
    expect(await found('oakhampton', '&status=completed')).toEqual([]);
  });

  it("keeps each order's copy of its account's names and e-mail and its contact current (triggers, migration 0022)", async () => {
    const db = t.app.db;
    const carol = await signUp(t.app, { firstName: 'Carol', lastName: 'Brackenridge' });
    const mine = ['QSCAROL0001', 'QSCAROL0002'];
    for (const id of mine) await insertOrder(db, carol.id, { id, contactName: 'Someone Different', contactEmail: 'different@elsewhere.example' });
    expect(await found('brackenridge')).toEqual(mine);
    // The account is renamed and moves address: its orders follow, the old name and address no longer find them.
    await db.update(users).set({ lastName: 'Fernsworth', name: 'Carol Fernsworth', email: 'zy.carol@fern.example' }).where(eq(users.id, carol.id));
    expect(await found('brackenridge')).toEqual([]);
    expect(await found(carol.email)).toEqual([]);
    expect(await found('fernsworth')).toEqual(mine);
    expect(await found('zy.carol@fern')).toEqual(mine);
    expect(await found('zy')).toEqual(mine);
    // One order's contact changes: that order alone.
    await db.update(submissions).set({ contactName: 'Wilhelmina Stone' }).where(eq(submissions.id, mine[0]!));
    expect(await found('wilhelmina')).toEqual([mine[0]]);
    expect(await found('someone different')).toEqual([mine[1]]);
    // A write to the copy itself is rebuilt from its sources.
    await db.execute(sql`update submissions set search_text = 'forgedtext', account_email = 'forged@x.example' where id = ${mine[1]}`);
    expect(await found('forgedtext')).toEqual([]);
    expect(await found('fo')).toEqual([]);
    expect(await found('fernsworth')).toEqual(mine);
    // Other accounts' orders are untouched.
    expect(await found('zephyrine')).toEqual([ids.a, ids.b]);
  });

  it('finds the text as typed: the probe reads the words apart, the answer holds only exact matches (decision 037)', async () => {
    const db = t.app.db;
    await insertOrder(db, alice.id, { id: 'QSWENNA0001', contactName: 'Wenna Pellow', contactEmail: 'wp1@pellow.example' });
    await insertOrder(db, alice.id, { id: 'QSWENNA0002', contactName: 'Wenna Trask-Pellow', contactEmail: 'wtp@pellow.example' });
    await insertOrder(db, alice.id, { id: 'QSWENNA0003', contactName: 'Pellow Wenna', contactEmail: 'pw@pellow.example' });
    expect(await found('wenna pellow')).toEqual(['QSWENNA0001']);
    expect(await found('Trask-Pellow')).toEqual(['QSWENNA0002']);
    expect(await found('trask pellow')).toEqual([]);
    expect(await found('pellow wenna')).toEqual(['QSWENNA0003']);
    expect(await found('wp1@pellow.example')).toEqual(['QSWENNA0001']);
    expect(await found('@pellow.example')).toEqual(['QSWENNA0001', 'QSWENNA0002', 'QSWENNA0003']);
  });

  it('finds by words of the content, with English stemming', async () => {
    expect(await found('zeppelin')).toEqual([ids.a]);
    expect(await found('review')).toEqual([ids.a]);
    expect(await found('sourdough rye')).toEqual([ids.b]);
    expect(await found('sourdough zeppelin')).toEqual([]);
    expect(await found('café')).toEqual([ids.c]);
    expect(await found('zürich')).toEqual([ids.c]);
  });

  it('finds nothing for text nobody wrote', async () => {
    expect(await found('xqzvw')).toEqual([]);
    expect(await found('itself')).toEqual([]);
  });

  it('pages a search with the cursor, both sorts', async () => {
    for (const sort of ['created', 'due']) {
      const query = `?q=quillfeather&sort=${sort}`;
      const all = (await list(query)).ids;
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(await walk(query, 1)).toEqual(all);
    }
  });

  it('answers odd input with 200 or 400, never 500', async () => {
    const inputs = [
      '%', '%%%', '_', '___', '\\', '\\\\\\', "'", "'; drop table submissions; --", '"', '*', ':*', '!', '&|!', '-', '<->',
      'a:*', '(', ')', 'x'.repeat(254), 'x'.repeat(255), 'é'.repeat(200), '😀', '😀😀😀', '\u{10FFFF}', 'a\u{10FFFF}',
      'ab\u{10FFFF}c', '\u202Eevil', 'e\u0301', '\u0000', 'a\u0000b', '\u0001\u0002\u0003', '\t\n', ' ', '%25', '[a-z]',
      '.*', '$1', '?', '#', '\uFFFD', 'ÅÄÖ', 'İstanbul', 'ß', 'ﬁ', '中文字', 'مرحبا', 'A'.repeat(64), `${ids.a}%`,
    ];
    for (const input of inputs) {
      for (const extra of ['', '&sort=due', '&view=unclaimed&status=paid']) {
        const { response } = await list(`?q=${encodeURIComponent(input)}${extra}`);
        expect([200, 400], `${JSON.stringify(input)}${extra}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json().message).toEqual(expect.any(String));
      }
    }
    // Wildcards are literal: they never match everything.
    expect(await found('%')).toEqual([]);
    expect(await found('___')).toEqual([]);
    expect((await list(`?q=${encodeURIComponent('a\u0000b')}`)).response.statusCode).toBe(400);
    expect((await list(`?q=${'x'.repeat(255)}`)).response.statusCode).toBe(400);
    // A raw invalid percent-encoding in the query string.
    expect([200, 400]).toContain((await t.request('GET', '/api/admin/submissions?q=%E0%A4%A', admin)).statusCode);
    expect([200, 400]).toContain((await t.request('GET', '/api/admin/submissions?q=%ED%A0%80', admin)).statusCode);
  });

  it('pages a common term (more matches than the rare-term probe takes) exactly as SQL orders it', async () => {
    // 2,100 orders share a contact name and a word, so every arm but the id takes the dense path (searchPage).
    await t.app.db.execute(sql`
      insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence, fast_turnaround,
        contact_name, contact_email, content, created_at, paid_at, due_date)
      select 'QX' || lpad(i::text, 6, '0'), ${bob.id}, 'Dense ' || i, (array['paid', 'in-review', 'completed'])[1 + i % 3],
        'polished', 'blog-post', 100, 600, i % 4 = 0, 'Densetest Person', 'densetest' || i || '@dense.example',
        'A note about marmalade number ' || i, now() - (i % 700) * interval '1 minute', now(),
        date_trunc('hour', now()) + (i % 50) * interval '1 hour'
      from generate_series(1, 2100) as i`);
    const want = { created: await inSqlOrder('QX', 'created'), due: await inSqlOrder('QX', 'due') };
    for (const q of ['densetest', 'marmalade', 'de']) {
      for (const sort of ['created', 'due'] as const) {
        expect(await searchedPages(q, sort, 'QX'), `${q} ${sort}`).toEqual(want[sort]);
      }
    }
  });

  it('pages a term with more matches than a page and fewer than the probe takes exactly as SQL orders it', async () => {
    // 150 orders: each arm is probed and sends only its first page, ranked in SQL (decision 037). Many share a
    // creation time, a due date and a priority, so the id decides; a third have no due date (listed after the rest).
    await t.app.db.execute(sql`
      insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence, fast_turnaround,
        contact_name, contact_email, content, created_at, paid_at, due_date)
      select 'QV' || lpad(((i * 37) % 151)::text, 6, '0'), ${bob.id}, 'Probed ' || i, case when i % 3 = 0 then 'new' else 'paid' end,
        'polished', 'blog-post', 100, 600, i % 4 = 0, 'Verbenaprobe Person', 'verbenaprobe' || i || '@probe.example',
        'A note about pomegranate number ' || i, now() - (i % 9) * interval '1 minute' - interval '2 days', now(),
        case when i % 3 = 0 then null else date_trunc('hour', now()) + (i % 7) * interval '1 hour' end
      from generate_series(1, 150) as i`);
    const want = { created: await inSqlOrder('QV', 'created'), due: await inSqlOrder('QV', 'due') };
    expect(want.due).toHaveLength(120);
    for (const q of ['verbenaprobe', 'pomegranate']) {
      for (const sort of ['created', 'due'] as const) {
        expect(await searchedPages(q, sort, 'QV'), `${q} ${sort}`).toEqual(want[sort]);
      }
    }
  });

  it('pages a term the planner knows is common (no probe, decision 037) exactly as SQL orders it', async () => {
    // 21,000 orders and fresh statistics: the planner expects more than DENSE_ESTIMATE (10,000) matches for each
    // arm, so searchPage walks the sort index without probing first.
    await t.app.db.execute(sql`
      insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence, fast_turnaround,
        contact_name, contact_email, content, created_at, paid_at, due_date)
      select 'QY' || lpad(i::text, 6, '0'), ${bob.id}, 'Common ' || i, (array['paid', 'in-review', 'completed'])[1 + i % 3],
        'polished', 'blog-post', 100, 600, i % 4 = 0, 'Quincecommon Person', 'quincecommon' || i || '@common.example',
        'A note about quince jelly number ' || i, now() - (i % 900) * interval '1 minute' - interval '1 day', now(),
        date_trunc('hour', now()) + (i % 70) * interval '1 hour'
      from generate_series(1, 21000) as i`);
    await t.app.db.execute(sql`analyze submissions`);
    const estimate = await t.app.db.execute(sql`explain (format json) select 1 from submissions where search_text like '%quincecommon%'`);
    const raw = Object.values((estimate.rows as Record<string, unknown>[])[0]!)[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    expect(plan[0]!.Plan['Plan Rows']).toBeGreaterThanOrEqual(20_000);
    const want = { created: await inSqlOrder('QY', 'created'), due: await inSqlOrder('QY', 'due') };
    for (const q of ['quincecommon', 'quince']) {
      for (const sort of ['created', 'due'] as const) {
        expect(await searchedPages(q, sort, 'QY'), `${q} ${sort}`).toEqual(want[sort]);
      }
    }
  });

  /**
   * `accounts` accounts named `first last` with `orders` orders spread over them, ids `${tag}000001`…, whose contacts
   * are someone else: only the account's copy on each order (migration 0022) holds the surname. Statistics fresh.
   */
  async function seedSurname(o: { tag: string; first: string; last: string; accounts: number; orders: number; minutes: number; days: number; dueHours: number }) {
    const user = `${o.tag.toLowerCase()}-user-`;
    await t.app.db.execute(sql`
      insert into users (id, name, email, first_name, last_name)
      select ${user} || i, ${`${o.first} ${o.last}`}, ${o.first.toLowerCase()} || i || ${`@${o.tag.toLowerCase()}.example`}, ${o.first}, ${o.last}
      from generate_series(1, ${o.accounts}::int) as i`);
    await t.app.db.execute(sql`
      insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence, fast_turnaround,
        contact_name, contact_email, content, created_at, paid_at, due_date)
      select ${o.tag} || lpad(i::text, 6, '0'), ${user} || (1 + i % ${o.accounts}::int), 'Order ' || i, (array['paid', 'in-review', 'completed'])[1 + i % 3],
        'polished', 'blog-post', 100, 600, i % 4 = 0, 'Someone Else', 'else' || i || '@orders.example',
        'A note number ' || i, now() - (i % ${o.minutes}::int) * interval '1 minute' - ${o.days}::int * interval '1 day', now(),
        date_trunc('hour', now()) + (i % ${o.dueHours}::int) * interval '1 hour'
      from generate_series(1, ${o.orders}::int) as i`);
    await t.app.db.execute(sql`analyze users`);
    await t.app.db.execute(sql`analyze submissions`);
  }

  it('pages a surname many accounts share (no probe) exactly as SQL orders it', async () => {
    // 300 accounts with 70 orders each: the statistics make the arm dense (decision 037), so searchPage walks the
    // sort index at once.
    await seedSurname({ tag: 'QZ', first: 'Pat', last: 'Plumtree', accounts: 300, orders: 21_000, minutes: 800, days: 2, dueHours: 60 });
    for (const sort of ['created', 'due'] as const) {
      expect(await searchedPages('plumtree', sort, 'QZ'), sort).toEqual(await inSqlOrder('QZ', sort));
    }
  });

  it('pages a surname of few accounts with many orders (probed, then walked) exactly as SQL orders it', async () => {
    // 30 accounts with 100 orders each: fewer than the planner calls common, more than the probe takes, so the arm
    // is probed and then walked.
    await seedSurname({ tag: 'QW', first: 'Kit', last: 'Larkspurwick', accounts: 30, orders: 3_000, minutes: 600, days: 3, dueHours: 40 });
    for (const sort of ['created', 'due'] as const) {
      expect(await searchedPages('larkspurwick', sort, 'QW'), sort).toEqual(await inSqlOrder('QW', sort));
    }
  });

  it('keeps 1,000 histogram bounds for the search text, so a 1% estimate means a common term (migration 0022)', async () => {
    const result = await t.app.db.execute(sql`select a.attstattarget::int as target from pg_attribute a
      where a.attrelid = 'submissions'::regclass and a.attname = 'search_text'`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ target: 1000 }]);
  });

  it('uses the pg_trgm extension (PGlite loads it too)', async () => {
    const result = await t.app.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });
});

describe('revision requests on top of a search (decision 018)', () => {
  // Asked for within the search's first statement (decision 037): soonest due first, once, on the first page only.
  let owner: SignedInUser;
  const at = (h: number) => new Date(now + h * HOUR);
  const revisions = { soonest: 'QRREVSOON01', middle: 'QRREVMID001', latest: 'QRREVLATE01' };
  beforeAll(async () => {
    owner = await signUp(t.app, { firstName: 'Rhoswen', lastName: 'Revisionova' });
    const order = (id: string, overrides: Partial<typeof submissions.$inferInsert>) =>
      insertOrder(t.app.db, owner.id, { id, contactName: 'Rhoswen Revisionova', contactEmail: owner.email, ...overrides });
    await order(revisions.latest, { status: 'revision-requested', dueDate: at(30) });
    await order(revisions.soonest, { status: 'revision-requested', dueDate: at(-5) });
    await order(revisions.middle, { status: 'revision-requested', dueDate: at(2), content: 'Nothing here names anyone in particular.' });
    for (let i = 0; i < 6; i += 1) await order(`QRPAID0000${i}`, { status: 'paid', dueDate: at(i - 3) });
  });

  it('lists every matching revision request first, soonest due first, on the first page of either sort', async () => {
    for (const sort of ['created', 'due']) {
      const first = await list(`?q=revisionova&sort=${sort}&limit=2`);
      expect(first.ids.slice(0, 3), sort).toEqual([revisions.soonest, revisions.middle, revisions.latest]);
      expect(first.ids).toHaveLength(5);
      expect(first.items.slice(0, 3).every((s) => s.status === 'revision-requested')).toBe(true);
      // Later pages never repeat them, and every other order is listed once.
      const rest: string[] = [];
      let cursor = first.next;
      while (cursor) {
        const page = await list(`?q=revisionova&sort=${sort}&limit=2&cursor=${encodeURIComponent(cursor)}`);
        rest.push(...page.ids);
        cursor = page.next;
      }
      const all = [...first.ids.slice(3), ...rest];
      expect(all.filter((id) => id.startsWith('QRREV')), sort).toEqual([]);
      expect(new Set(all).size, sort).toBe(6);
      expect(all).toHaveLength(6);
    }
  });

  it('lifts only the revision requests the search matches, and none when filtered by status', async () => {
    // A word of one order's content: only that revision request is on top, and no other order matches.
    expect((await list('?q=particular')).ids).toEqual([revisions.middle]);
    expect((await list('?q=QRREVLATE01')).ids).toEqual([revisions.latest]);
    const filtered = await list('?q=revisionova&status=revision-requested&sort=due');
    expect(filtered.ids).toEqual([revisions.soonest, revisions.middle, revisions.latest]);
    expect((await list('?q=revisionova&status=paid')).ids).toHaveLength(6);
  });
});

describe('the due-soon e-mail', () => {
  let reviewer: SignedInUser;
  let customer: SignedInUser;
  const ids = { soon: 'QMSOON00001', claimed: 'QMCLAIMED01', lapsed: 'QMLAPSED001', done: 'QMDONE00001', late: 'QMLATE00001', far: 'QMFAR000001' };
  beforeAll(async () => {
    customer = await signUp(t.app, { firstName: 'Mail', lastName: 'Customer' });
    reviewer = await signUp(t.app, { firstName: 'Rita', lastName: 'Reviewer' });
    const db = t.app.db;
    const at = (h: number) => new Date(Date.now() + h * HOUR);
    await insertOrder(db, customer.id, { id: ids.soon, status: 'paid', dueDate: at(10) });
    await insertOrder(db, customer.id, { id: ids.claimed, status: 'in-review', dueDate: at(10), claimedBy: reviewer.id, claimedAt: new Date(), claimActiveAt: new Date() });
    const old = new Date(Date.now() - CLAIM_LAPSE_MS - 60_000);
    await insertOrder(db, customer.id, { id: ids.lapsed, status: 'in-review', dueDate: at(10), claimedBy: reviewer.id, claimedAt: old, claimActiveAt: old });
    await insertOrder(db, customer.id, { id: ids.done, status: 'completed', dueDate: at(10) });
    await insertOrder(db, customer.id, { id: ids.late, status: 'paid', dueDate: at(10) });
    await insertOrder(db, customer.id, { id: ids.far, status: 'paid', dueDate: at(10) });
    // Only this block's orders are due soon: the others in this database are moved far away.
    await db
      .insert(reviewDeskOrders)
      .select(newDeskRows(sql`${submissions.id} not like 'QM%'`, { dueSoonNotifiedFor: sql`${submissions.dueDate}` }))
      .onConflictDoUpdate({ target: reviewDeskOrders.orderId, set: { dueSoonNotifiedFor: sql`excluded.due_soon_notified_for` } });
  });

  const dueSoonMail = async () =>
    (await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'due-soon'))).map((r) => ({ to: r.toAddress, subject: r.subject, text: r.textBody }));
  const teamSize = async () => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).length;

  it('goes out once per order and due date, to the team and the live claimant, for unfinished orders 4 hours from due', async () => {
    const db = t.app.db;
    // Due dates set in SQL: 3 h ahead (due soon), 5 h ahead (not yet), 1 h ago (overdue: too late for "due soon").
    await db.update(submissions).set({ dueDate: sql`now() + interval '3 hours'` }).where(inArray(submissions.id, [ids.soon, ids.claimed, ids.lapsed, ids.done]));
    await db.update(submissions).set({ dueDate: sql`now() - interval '1 hour'` }).where(eq(submissions.id, ids.late));
    await db.update(submissions).set({ dueDate: sql`now() + interval '5 hours'` }).where(eq(submissions.id, ids.far));

    // Two sweeps at once (two instances) and then a third: each order once.
    const counts = await Promise.all([sweepDueSoon(db, t.app.mail), sweepDueSoon(db, t.app.mail)]);
    expect(counts[0]! + counts[1]!).toBe(3);
    expect(await sweepDueSoon(db, t.app.mail)).toBe(0);

    const team = await teamSize();
    const mail = await dueSoonMail();
    const about = (id: string) => mail.filter((m) => m.subject.includes(id));
    expect(about(ids.soon)).toHaveLength(team);
    expect(about(ids.claimed).map((m) => m.to)).toContain(reviewer.email.toLowerCase());
    expect(about(ids.claimed)).toHaveLength(team + 1);
    expect(about(ids.claimed)[0]!.text).toContain('Rita');
    expect(about(ids.lapsed).map((m) => m.to)).not.toContain(reviewer.email.toLowerCase());
    expect(about(ids.lapsed)[0]!.text).toContain('Nobody has claimed it');
    expect(about(ids.done)).toEqual([]);
    expect(about(ids.late)).toEqual([]);
    expect(about(ids.far)).toEqual([]);
    expect(mail.every((m) => m.subject.startsWith('Due within 4 hours'))).toBe(true);

    // Later the 5-hour order comes within 4 hours: its e-mail goes out then, once.
    expect(await sweepDueSoon(db, t.app.mail, new Date(Date.now() + 1.5 * HOUR))).toBe(1);
    expect(await sweepDueSoon(db, t.app.mail, new Date(Date.now() + 1.5 * HOUR))).toBe(0);
    expect((await dueSoonMail()).filter((m) => m.subject.includes(ids.far))).toHaveLength(team);

    // A new due date (a revision, a fix by hand) is a new event: one more e-mail, once.
    await db.update(submissions).set({ dueDate: sql`now() + interval '2 hours'` }).where(eq(submissions.id, ids.soon));
    expect(await sweepDueSoon(db, t.app.mail)).toBe(1);
    expect(await sweepDueSoon(db, t.app.mail)).toBe(0);
    expect((await dueSoonMail()).filter((m) => m.subject.includes(ids.soon))).toHaveLength(2 * team);
  });
});
