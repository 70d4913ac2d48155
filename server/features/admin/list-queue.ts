import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { CLAIM_LAPSE_MS, type AdminQueueQuery } from '../../../shared/review.schema';
import { RECORD_ID_PATTERN } from '../../../shared/ids';
import { QUEUE_PREVIEW_CHARACTERS, type AdminQueueItem } from '../../../shared/submission.schema';
import type { Executor } from '../../db/client';
import { submissions, users } from '../../db/schema';
import { customerColumns, toAdminQueueItem, type QueueRow } from './serialize';
import { decodeCursor, encodeCursor, type QueueCursor } from './queue-cursor';
import { refundedPenceOfOrder } from '../payments';
import { documentsColumn, toDocument, type SubmissionDocumentRow } from '../submissions';
import { claimantColumn, toClaimInfo } from './order-claims';

/** Most revision requests listed on top of the first page (decision 018); there are never many at once. */
const MAX_FLAGGED = 100;

export interface QueuePage {
  items: AdminQueueItem[];
  nextCursor: string | null;
}

/** Who asks (the "My work" view) and when (claim lapse, due flags); tests pass their own clock. */
export interface QueueViewer {
  id: string;
}

/** Timestamps at full (microsecond) precision, so a keyset cursor never skips rows created in the same ms. */
const microsIso = (column: typeof submissions.createdAt | typeof submissions.dueDate) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The smallest string greater than every string starting with `prefix` (code point order); null past U+10FFFF. */
function prefixUpperBound(prefix: string): string | null {
  const last = prefix.codePointAt(prefix.length - 1)!;
  if (last >= 0x10ffff) return null;
  return prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1);
}

/** pg_trgm can only use its index when the text has a run of three letters or digits (a whole trigram). */
const TRIGRAM_SEARCHABLE = /[\p{L}\p{N}]{3}/u;

/**
 * The search (decision 022), as separate arms, each a condition one index answers:
 *  - the order id, exactly (primary key);
 *  - three or more letters: anywhere in the order's contact name or e-mail (pg_trgm GIN on
 *    lower(contact_name || ' ' || contact_email)), or in the account's name or e-mail (pg_trgm GIN on users);
 *    shorter text: the start of the contact or account e-mail (b-tree ranges);
 *  - words of the content (full-text: search_vector GIN, English stemming).
 * Each arm is run on its own (searchPage): a rare term is read through its index, a common one by walking the
 * sort index until a page is full; no plan ever sorts every match.
 * The SQL fragments spell the index expressions exactly (the ' ' literals inline) so the planner can match them.
 */
interface SearchArm {
  where: SQL;
  /** The probe's order, when the arm's index is a b-tree that gives it: the probe then stops after its LIMIT. */
  probeOrder?: SQL;
  /**
   * For an arm through the account (`user_id in (select … from users u where account)`): the condition on users
   * alone. The planner estimates such a join at a fixed 100 rows whatever matches; from the users' own statistics
   * (the trigram index's expression) it estimates the accounts well, and searchPage scales that to orders.
   */
  account?: SQL;
  /**
   * The condition as the sort-index walk should test it. For an arm through the account, `(… in (select …)) is true`:
   * not a join the planner can pull up, so it runs the accounts' query once into a hash (a "hashed SubPlan") and
   * tests each order it walks against it. As a semi-join, estimated at 100 accounts, it looked up the account of
   * every order it walked instead: 20.9 ms against 2.3 ms for "smith" at 1M orders.
   */
  walkWhere?: SQL;
}

function searchArms(q: string): SearchArm[] {
  const arms: SearchArm[] = [];
  const arm = (where: SQL, probeOrder?: SQL) => arms.push(probeOrder ? { where, probeOrder } : { where });
  const accountArm = (account: SQL) => {
    const matches = sql`${submissions.userId} in (select u.id from ${users} u where ${account})`;
    arms.push({ where: matches, account, walkWhere: sql`(${matches}) is true` });
  };
  if (RECORD_ID_PATTERN.test(q)) arm(sql`${submissions.id} = ${q.toUpperCase()}`);
  const lower = q.toLowerCase();
  if (TRIGRAM_SEARCHABLE.test(lower)) {
    const like = `%${escapeLike(lower)}%`;
    arm(sql`lower(${submissions.contactName} || ' ' || ${submissions.contactEmail}) like ${like}`);
    const account = sql`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.name || ' ' || u.email) like ${like}`;
    accountArm(account);
  } else {
    const like = `${escapeLike(lower)}%`;
    const upper = prefixUpperBound(lower);
    const contact = sql`lower(${submissions.contactEmail})`;
    arm(upper === null ? sql`${contact} like ${like}` : sql`${contact} >= ${lower} and ${contact} < ${upper} and ${contact} like ${like}`, contact);
    // Account e-mails are stored in lower case (better-auth), so the column itself is compared: its statistics
    // give the planner a true count, where lower(u.email) had none.
    const account = upper === null ? sql`u.email like ${like}` : sql`u.email >= ${lower} and u.email < ${upper} and u.email like ${like}`;
    accountArm(account);
  }
  // plainto_tsquery never fails on odd input (no operators); stop words alone make an empty query: no match.
  arm(sql`${submissions}.search_vector @@ plainto_tsquery('english', ${q})`);
  return arms;
}

function filters(query: AdminQueueQuery, viewer: QueueViewer, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(submissions.status, query.status));
  const lapsedBefore = new Date(now.getTime() - CLAIM_LAPSE_MS);
  if (query.view === 'mine') {
    where.push(eq(submissions.claimedBy, viewer.id), gt(submissions.claimActiveAt, lapsedBefore));
  } else if (query.view === 'unclaimed') {
    where.push(or(isNull(submissions.claimedBy), isNull(submissions.claimActiveAt), lte(submissions.claimActiveAt, lapsedBefore))!);
  }
  return where;
}

/**
 * Every column but the two long texts (up to 40,000 characters each, decision 013): the list answers a preview of
 * the original (decision 037), cut in SQL so the text never leaves the database. left() counts code points, so
 * previewOf then trims to QUEUE_PREVIEW_CHARACTERS UTF-16 units.
 */
const { content: _content, reviewedContent: _reviewedContent, ...listedColumns } = getTableColumns(submissions);
const selection = {
  row: { ...listedColumns, preview: sql<string>`left(${submissions.content}, ${sql.raw(String(QUEUE_PREVIEW_CHARACTERS))})` },
  customer: customerColumns,
  createdKey: microsIso(submissions.createdAt),
  dueKey: microsIso(submissions.dueDate),
  // What used to be three more queries per page (documents, refunds, live claim): correlated subqueries of the
  // page's own rows, one round trip in all. They are evaluated for the rows the LIMIT lets through, never for every
  // match: a sort (search pages, read by id) is under a hundred rows, and the planner computes costly output
  // columns after a sort with a LIMIT.
  documents: documentsColumn,
  refundedPence: refundedPenceOfOrder(),
  claimant: claimantColumn,
};

type Row = {
  row: QueueRow;
  customer: { firstName: string | null; lastName: string | null; name: string; email: string };
  createdKey: string | null;
  dueKey: string | null;
  documents: SubmissionDocumentRow[];
  refundedPence: number;
  claimant: { id: string; firstName: string | null; lastName: string | null; name: string; email: string } | null;
};

/** The three orders the queue runs in (decision 022). */
type OrderKind = 'created' | 'due' | 'undated';

const ORDERS: Record<OrderKind, SQL[]> = {
  // "desc nulls last" spells the index's own order (created_at is never null), so the planner walks the index.
  created: [sql`${submissions.createdAt} desc nulls last`, asc(submissions.id)],
  due: [asc(submissions.dueDate), asc(submissions.queuePriority), asc(submissions.id)],
  undated: [asc(submissions.queuePriority), asc(submissions.id)],
};

/** An arm's candidate: its id and sort key (microsecond ISO time, or null), to merge the arms in code. */
interface Candidate {
  id: string;
  k: string | null;
  p: number;
}

/** The same orders in code. Ids are readable ids (digits and capitals), which sort alike in every collation. */
const byId = (a: Candidate, b: Candidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byKey = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
const COMPARE: Record<OrderKind, (a: Candidate, b: Candidate) => number> = {
  created: (a, b) => byKey(b.k, a.k) || byId(a, b),
  due: (a, b) => byKey(a.k, b.k) || a.p - b.p || byId(a, b),
  undated: (a, b) => a.p - b.p || byId(a, b),
};

/**
 * How many matches an arm may have and still count as rare. Up to this many, the arm's matches are read through
 * its own index and sorted in full; beyond, they are dense enough (0.2% of 1M rows) that walking the sort index
 * finds a page after a few thousand rows.
 */
const SPARSE_LIMIT = 2_000;

/**
 * The planner's estimate from which an arm is taken as dense without a probe: five times SPARSE_LIMIT (so an estimate
 * off by half still means more matches than a probe takes), and at least 1% of the table. Its estimates of LIKE
 * patterns come from the expression indexes' histograms, which hold 1,000 bounds (migration 0021): each bound a
 * pattern matches counts 0.1% of the table, so 1% means ten bounds matched, which a pattern with a few hundred orders
 * does not do by chance (at the default 100 bounds one chance match read as 1%: 9,316 for a name with 400 orders).
 * The full-text arm's estimates come from the search vector's own statistics. An arm taken as dense wrongly would
 * walk the sort index far.
 */
const DENSE_ESTIMATE = 5 * SPARSE_LIMIT;
const DENSE_FRACTION = 0.01;

/** The planner's estimate of how many rows `query` answers (EXPLAIN: planned, never run). */
async function plannedRows(tx: Executor, query: SQL): Promise<number> {
  const result = await tx.execute<Record<string, unknown>>(sql`explain (format json) ${query}`);
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** The table sizes the statistics hold (reltuples; -1 before the first ANALYZE counts as 0). */
async function tableRows(tx: Executor): Promise<{ orders: number; accounts: number }> {
  const [row] = (
    await tx.execute<{ orders: number; accounts: number }>(sql`select
      greatest((select reltuples from pg_class where oid = 'submissions'::regclass), 0)::float8 as orders,
      greatest((select reltuples from pg_class where oid = 'users'::regclass), 0)::float8 as accounts`)
  ).rows;
  return { orders: Number(row?.orders ?? 0), accounts: Number(row?.accounts ?? 0) };
}

interface ArmEstimate {
  /** Orders the arm matches among those `conds` keep. */
  orders: number;
  /** For an arm through the account: the accounts it matches. */
  accounts?: number;
}

/**
 * The planner's estimate of the orders an arm matches among those `conds` keep. An arm through the account is
 * estimated as (its share of accounts) × (the orders `conds` keep), taking orders as spread evenly over accounts.
 */
async function estimateArm(tx: Executor, conds: SQL[], arm: SearchArm, sizes: { orders: number; accounts: number }): Promise<ArmEstimate> {
  if (!arm.account || sizes.accounts <= 0) return { orders: await plannedRows(tx, sql`select 1 from ${submissions} where ${and(...conds, arm.where)}`) };
  const accounts = Math.min(await plannedRows(tx, sql`select 1 from ${users} u where ${arm.account}`), sizes.accounts);
  const kept = conds.length > 0 ? await plannedRows(tx, sql`select 1 from ${submissions} where ${and(...conds)}`) : sizes.orders;
  return { orders: (accounts / sizes.accounts) * kept, accounts };
}

/**
 * Whether the walk of an arm through the account tests each order against a hash of the matching accounts (built
 * once, one entry per account) rather than looking up each walked order's account (one index lookup per order,
 * about 8 µs at 1M orders, against about 1 µs per account to build the hash). The walk reads about
 * take × orders / matches rows.
 */
function hashAccounts(estimate: ArmEstimate, take: number, orders: number): boolean {
  if (estimate.accounts === undefined) return false;
  const walked = (take * orders) / Math.max(estimate.orders, 1);
  return estimate.accounts < 4 * walked;
}

/**
 * The ids of one page of a search (decision 022), without trusting the planner's guess of how many rows match:
 * its estimate for a word it has no statistics for is a fixed 0.5%, which made it walk the whole sort index
 * looking for a word that was not there (1.2 s at 1M rows), and a prefix filter without statistics made it fetch
 * and sort 160,000 orders (2.1 s). So each arm is first probed through its own index (sequential scans switched
 * off for the probe), at most SPARSE_LIMIT rows. Fewer: those are all its matches, sorted here. As many: the term
 * is common, and the arm runs with the page's ORDER BY and LIMIT with sorting switched off, which leaves the
 * planner one plan: walk the sort index and stop after a page. Candidates of all arms are merged and sorted here.
 */
async function searchPage(db: Executor, conds: SQL[], arms: SearchArm[], kind: OrderKind, take: number): Promise<string[]> {
  const key = kind === 'created' ? microsIso(submissions.createdAt) : microsIso(submissions.dueDate);
  const pick = sql`select ${submissions.id} as id, ${key} as k, ${submissions.queuePriority} as p from ${submissions}`;
  type Probed = Candidate & { arm: number; n: number };
  return db.transaction(async (tx) => {
    // Short queries: compiling them (JIT) or starting parallel workers costs more than running them.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
      set_config('enable_seqscan', 'off', true)`);
    // An arm the planner expects to match far more than SPARSE_LIMIT rows is dense without a probe: its probe would
    // build a bitmap of every match (53,000 for "oli" at 1M rows) to learn only that. The estimate is trusted only
    // that far above the limit: a term the planner has no statistics for gets a small fixed guess and is probed.
    const sizes = await tableRows(tx);
    const denseFrom = Math.max(DENSE_ESTIMATE, DENSE_FRACTION * sizes.orders);
    const dense = new Set<number>();
    const estimates: ArmEstimate[] = [];
    for (const [i, arm] of arms.entries()) {
      estimates[i] = await estimateArm(tx, conds, arm, sizes);
      if (estimates[i]!.orders >= denseFrom) dense.add(i);
    }
    // Every other arm's probe in one statement: its rows when it has fewer than SPARSE_LIMIT, else one row (n).
    const probes = arms.flatMap((arm, i) => {
      if (dense.has(i)) return [];
      const where = and(...conds, arm.where);
      const inner = arm.probeOrder ? sql`${pick} where ${where} order by ${arm.probeOrder} limit ${SPARSE_LIMIT}` : sql`${pick} where ${where} limit ${SPARSE_LIMIT}`;
      return [sql`(select ${i}::int as arm, c.id, c.k, c.p, count(*) over ()::int as n, row_number() over ()::int as r from (${inner}) c)`];
    });
    const probed =
      probes.length === 0
        ? []
        : ((await tx.execute<Record<string, unknown>>(sql`select arm, id, k, p, n from (${sql.join(probes, sql` union all `)}) x
      where n < ${SPARSE_LIMIT} or r = 1`)).rows as unknown as Probed[]);
    const found = new Map<string, Candidate>();
    for (const row of probed) {
      if (Number(row.n) >= SPARSE_LIMIT) dense.add(Number(row.arm));
      else found.set(row.id, { id: row.id, k: row.k, p: Number(row.p) });
    }
    if (dense.size > 0) {
      await tx.execute(sql`select set_config('enable_seqscan', 'on', true), set_config('enable_sort', 'off', true)`);
      const walks = [...dense].map((i) => {
        const arm = arms[i]!;
        const where = arm.walkWhere && hashAccounts(estimates[i]!, take, sizes.orders) ? arm.walkWhere : arm.where;
        return sql`(${pick} where ${and(...conds, where)} order by ${sql.join(ORDERS[kind], sql`, `)} limit ${take})`;
      });
      const walked = (await tx.execute<Record<string, unknown>>(sql.join(walks, sql` union all `))).rows as unknown as Candidate[];
      for (const row of walked) found.set(row.id, { id: row.id, k: row.k, p: Number(row.p) });
    }
    return [...found.values()].sort(COMPARE[kind]).slice(0, take).map((c) => c.id);
  });
}

/**
 * One ordered run of the queue: the rows matching `where` and `extra`, in the order `kind`, at most `take`. With a
 * search, searchPage picks the page's ids first; the rows are then read by primary key.
 */
function segment(db: Executor, where: SQL[], arms: SearchArm[] | null, few = false) {
  return async (extra: (SQL | undefined)[], kind: OrderKind, take: number): Promise<Row[]> => {
    const conds = [...where, ...extra.filter((c): c is SQL => c !== undefined)];
    if (arms && few) {
      // Revision requests are few (their status index finds them): the arms are a plain filter.
      conds.push(or(...arms.map((a) => a.where))!);
    } else if (arms) {
      const ids = await searchPage(db, conds, arms, kind, take);
      if (ids.length === 0) return [];
      conds.push(inArray(submissions.id, ids));
    }
    return db
      .select(selection)
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(and(...conds))
      .orderBy(...ORDERS[kind])
      .limit(take) as unknown as Promise<Row[]>;
  };
}

type Run = ReturnType<typeof segment>;

/** Newest first: (created_at desc, id asc), which is exactly submissions_created_idx. */
async function byCreated(run: Run, take: number, cursor: QueueCursor | null): Promise<Row[]> {
  const after = cursor
    ? and(
        sql`${submissions.createdAt} <= ${cursor.at}::timestamptz`,
        or(sql`${submissions.createdAt} < ${cursor.at}::timestamptz`, gt(submissions.id, cursor.id)),
      )
    : undefined;
  return run([after], 'created', take);
}

/**
 * Due first (decision 022): dated rows by (due_date, queue_priority, id), so at the same due date a revision
 * request comes first, then fast turnaround, then the rest; then orders without a due date by (queue_priority, id).
 */
async function byDue(run: Run, take: number, cursor: QueueCursor | null): Promise<Row[]> {
  const rows: Row[] = [];
  if (!cursor || cursor.at !== null) {
    const after = cursor
      ? sql`(${submissions.dueDate}, ${submissions.queuePriority}, ${submissions.id}) > (${cursor.at}::timestamptz, ${cursor.priority}, ${cursor.id})`
      : undefined;
    rows.push(...(await run([isNotNull(submissions.dueDate), after], 'due', take)));
  }
  if (rows.length < take) {
    const after = cursor && cursor.at === null ? sql`(${submissions.queuePriority}, ${submissions.id}) > (${cursor.priority}, ${cursor.id})` : undefined;
    rows.push(...(await run([isNull(submissions.dueDate), after], 'undated', take - rows.length)));
  }
  return rows;
}

export async function listQueue(db: Executor, query: AdminQueueQuery, viewer: QueueViewer, now: Date = new Date()): Promise<QueuePage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const where = filters(query, viewer, now);
  const arms = query.q ? searchArms(query.q) : null;
  const take = query.limit + 1;
  // Revision requests go to the top of the unfiltered queue, flagged: listed first on the first page (soonest due
  // first) and left out of the paged rest, so no page repeats them.
  const flagged: Row[] = [];
  if (query.status === 'all') {
    if (!cursor) {
      const run = segment(db, [...where, eq(submissions.status, 'revision-requested')], arms, true);
      flagged.push(...(await run([], 'due', MAX_FLAGGED)));
    }
    where.push(ne(submissions.status, 'revision-requested'));
  }
  const run = segment(db, where, arms);
  const rows = query.sort === 'due' ? await byDue(run, take, cursor) : await byCreated(run, take, cursor);
  const paged = rows.slice(0, query.limit);
  const page = [...flagged, ...paged];
  const last = paged[paged.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(
          query.sort === 'due'
            ? { sort: 'due', at: last.dueKey, priority: last.row.queuePriority, id: last.row.id }
            : { sort: 'created', at: last.createdKey, priority: 0, id: last.row.id },
        )
      : null;
  return {
    items: page.map((r) =>
      toAdminQueueItem(
        r.row,
        r.customer,
        r.documents.map(toDocument),
        Number(r.refundedPence),
        r.claimant ? toClaimInfo(r.claimant.id, r.claimant, r.row.claimedAt, r.row.claimActiveAt) : null,
        now,
      ),
    ),
    nextCursor,
  };
}
