import { createHash } from 'node:crypto';
import { and, asc, type Column, eq, getTableColumns, gt, isNotNull, isNull, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { CLAIM_LAPSE_MS, QUEUE_CLOSED_STATUSES, type AdminQueueQuery } from '../../../shared/review.schema';
import { RECORD_ID_PATTERN } from '../../../shared/ids';
import { QUEUE_PREVIEW_CHARACTERS, type AdminQueueItem } from '../../../shared/submission.schema';
import type { Executor } from '../../db/client';
import { prepareBuilt, prepareMapped, type MappedStatement } from '../../db/mapped-statement';
import { messages, reviewDeskOrders, submissions, users } from '../../db/schema';
import { customerColumns, toAdminQueueItem, type QueueRow } from './serialize';
import { decodeCursor, encodeCursor, type QueueCursor } from './queue-cursor';
import { documentsColumn, refundedPenceOfOrder, toDocument, type OrderDocumentRow } from '../customer-orders';
import { claimantColumn, toClaimInfo } from './order-claims';
import { deskRowOfOrder, deskVersion } from './desk-state';
import { plannedRowsOf, searchCandidatesOf } from './search-functions';
import { hasOpenAudit } from '../ratings';
import { notBlockedFor, preferredFor } from '../reviewer-preferences';
import { awaitingSignOff, signOffPending } from '../sign-offs';

/** Most revision requests listed on top of the first page (decision 018); there are never many at once. */
const MAX_FLAGGED = 100;
/** Most orders of customers who prefer the viewer listed first in their unclaimed view (decision 074). */
const MAX_PREFERRED = 100;

export interface QueuePage {
  items: AdminQueueItem[];
  nextCursor: string | null;
}

/** Who asks (the "My work" view) and when (claim lapse, due flags); tests pass their own clock. */
export interface QueueViewer {
  id: string;
}

/** Timestamps at full (microsecond) precision, so a keyset cursor never skips rows created in the same ms. */
const microsIso = (time: typeof submissions.createdAt | typeof submissions.dueDate | SQL) =>
  sql<string | null>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
 *  - three or more letters: anywhere in the order's search text, its contact name and e-mail and its account's
 *    names and e-mail in lower case (pg_trgm GIN on search_text, kept by triggers, migration 0022; text of several
 *    words is probed through the word index of the same text instead, migration 0034: wordsQuery);
 *    shorter text: the start of the contact or account e-mail (b-tree ranges);
 *  - words of the content (full-text: search_vector GIN, English stemming).
 * Each arm is run on its own (searchPage): a rare term is read through its index, a common one by walking the
 * sort index until a page is full; no plan ever sorts every match. Every arm reads submissions alone: the account's
 * names and e-mail are copied onto its orders (decision 037), so no arm joins users.
 */
interface SearchArm {
  where: SQL;
  /** The probe's order, when the arm's index is a b-tree that gives it: the probe then stops after its LIMIT. */
  probeOrder?: SQL;
  /** At most one row (the order id): always probed, never estimated. */
  unique?: boolean;
  /**
   * The same condition for a walk of the sort index or a filter of few rows, where its index is not used: cheap to
   * plan. The planner matches a LIKE on search_text against 1,000 histogram bounds (about 0.6 ms) each time it plans
   * one; strpos it takes at a fixed guess.
   */
  filter?: SQL;
  /**
   * The same condition for the probe through its index, when a looser pattern reads the index faster: the probe keeps
   * the rows `filter` then confirms.
   */
  probeWhere?: SQL;
  /**
   * A condition the planner estimates cheaply that matches at least what `where` matches (the word index's query,
   * decision 084): while its estimate is below the dense line, so is the arm's, and `where` is not planned.
   */
  estimateWhere?: SQL;
}

/** Columns of the hand-written migrations, not declared in schema.ts (so no select of whole rows reads them). */
const searchText = sql`${submissions}.search_text`;
const accountEmail = sql`${submissions}.account_email`;

/** `column` starts with `prefix`, as a b-tree range where one exists (the LIKE keeps it exact in any collation). */
function startsWith(column: SQL, prefix: string): SQL {
  const like = `${escapeLike(prefix)}%`;
  const upper = prefixUpperBound(prefix);
  return upper === null ? sql`${column} like ${like}` : sql`${column} >= ${prefix} and ${column} < ${upper} and ${column} like ${like}`;
}

/**
 * The trigram index's pattern for the probe: the text's runs of letters and digits, in order, with anything between.
 * pg_trgm reads a word's edges as trigrams padded with spaces ("  s", "ia "), which nearly every row holds, so for
 * "olivia smith" the exact pattern read 10 posting lists with the two longest of all; this one reads the 7 inside the
 * words and half the index (7 ms against 4 ms at 1M orders, decision 037). It matches more, never less; strpos then
 * keeps the exact matches.
 */
function wordsPattern(lower: string): string {
  return `%${(lower.match(/[\p{L}\p{N}]+/gu) ?? []).join('%')}%`;
}

/** The shortest word the word index is asked for: a shorter one is in too many orders to narrow the candidates. */
const MIN_INDEXED_WORD = 3;
/** The longest start or end of a word the word index holds (migration 0034): a longer one is asked for by these. */
const WORD_EDGE = 4;

/**
 * The word index's query for the probe (migrations 0034 and 0036, decisions 072 and 084), or null when it cannot
 * narrow the search. The text typed is found inside search_text, which the index splits into runs of letters and runs
 * of digits. Split the same way, a run of the text that has a character after it ends where a word ends, one that has
 * a character before it starts where a word starts (that character is in search_text too, and the split falls there).
 * So the first run is the end of a word ("livia smith": a word ending in "livia"), the last the start of one (a word
 * starting with "smith"), those between are whole words; a lone run with nothing around it ("oli") can be anywhere in
 * a word, which only the trigram index answers. The index holds each word's first and last 3 and 4 characters, so a
 * longer start or end is asked for by its first or last 4. It also holds each two neighbouring words of 3 characters
 * or more as one pair, the first's last 4 and the second's first 4 ("ivia$^smit"): neighbouring runs whose edges are
 * known that far are asked for as their pair, one posting list where their edges were two long ones. Every match of
 * the text has these words and pairs, so the probe loses none; strpos then keeps the exact matches. Only printable
 * ASCII: how PostgreSQL and JavaScript class other characters could differ.
 */
export function wordsQuery(lower: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(lower)) return null;
  const runs = [...lower.matchAll(/[a-z]+|[0-9]+/g)].map((match) => {
    const word = match[0];
    const startsWord = match.index > 0;
    const endsWord = match.index + word.length < lower.length;
    const indexed = word.length >= MIN_INDEXED_WORD;
    return {
      word,
      startsWord,
      endsWord,
      indexed,
      // The word's last (first) 4 characters are known: the run holds them, or it is the whole word.
      knownEnd: indexed && endsWord && (word.length >= WORD_EDGE || startsWord),
      knownStart: indexed && startsWord && (word.length >= WORD_EDGE || endsWord),
      paired: false,
    };
  });
  const terms: string[] = [];
  for (let i = 0; i + 1 < runs.length; i++) {
    const [left, right] = [runs[i]!, runs[i + 1]!];
    if (!left.knownEnd || !right.knownStart) continue;
    terms.push(`'${left.word.slice(-WORD_EDGE)}$^${right.word.slice(0, WORD_EDGE)}'`);
    left.paired = right.paired = true;
  }
  for (const { word, startsWord, endsWord, indexed, paired } of runs) {
    if (!indexed || paired) continue;
    if (startsWord && endsWord) terms.push(`'${word}'`);
    else if (startsWord) terms.push(`'^${word.slice(0, WORD_EDGE)}'`);
    else if (endsWord) terms.push(`'${word.slice(-WORD_EDGE)}$'`);
  }
  return terms.length > 0 ? terms.join(' & ') : null;
}

function searchArms(q: string): SearchArm[] {
  const arms: SearchArm[] = [];
  const arm = (where: SQL, probeOrder?: SQL) => arms.push(probeOrder ? { where, probeOrder } : { where });
  if (RECORD_ID_PATTERN.test(q)) arms.push({ where: sql`${submissions.id} = ${q.toUpperCase()}`, unique: true });
  const lower = q.toLowerCase();
  if (TRIGRAM_SEARCHABLE.test(lower)) {
    const filter = sql`strpos(${searchText}, ${lower}) > 0`;
    const words = wordsQuery(lower);
    const where = sql`${searchText} like ${`%${escapeLike(lower)}%`}`;
    if (words) {
      const inIndex = sql`order_search_words(${searchText}) @@ ${words}::tsquery`;
      arms.push({ where, filter, probeWhere: sql`${inIndex} and ${filter}`, estimateWhere: inIndex });
    } else {
      arms.push({ where, filter, probeWhere: sql`${searchText} like ${wordsPattern(lower)} and ${filter}` });
    }
  } else {
    const contact = sql`lower(${submissions.contactEmail})`;
    arm(startsWith(contact, lower), contact);
    arm(startsWith(accountEmail, lower), accountEmail);
  }
  // plainto_tsquery never fails on odd input (no operators); stop words alone make an empty query: no match.
  arm(sql`${submissions}.search_vector @@ plainto_tsquery('english', ${q})`);
  return arms;
}

/** Claims with activity after this are live; older ones lapsed (decision 021). */
const lapsedBefore = (now: Date) => new Date(now.getTime() - CLAIM_LAPSE_MS);

/**
 * "My work" by due date without a search walks the viewer's claims in the desk's copy of the due order (decision
 * 082, claimsSegment): its conditions then leave the claim out, the walk holds it.
 */
const walksClaims = (query: AdminQueueQuery) => query.view === 'mine' && query.sort === 'due' && !query.q;

function filters(query: AdminQueueQuery, viewer: QueueViewer, now: Date): SQL[] {
  const where: SQL[] = [];
  // The "Audits" view (decision 068): delivered orders with an open audit, whatever the status filter says.
  if (query.view === 'audits') return [hasOpenAudit()];
  // The "Sign-off" view (decision 073): orders awaiting a sign-off the viewer may give, whatever the filter says; never
  // those of a customer who blocked the viewer (decision 074).
  if (query.view === 'sign-off') return [awaitingSignOff(viewer.id), notBlockedFor(viewer.id)];
  if (query.status === 'open') where.push(notInArray(submissions.status, [...QUEUE_CLOSED_STATUSES]));
  else if (query.status !== 'all') where.push(eq(submissions.status, query.status));
  // The claim is the desk's (review_desk_orders, decision 075), asked of the order's one row: every statement of the
  // queue, the search's too, reads submissions with these conditions and joins nothing for them.
  const liveClaim = (of: SQL) =>
    sql`exists (select 1 from ${reviewDeskOrders} where ${reviewDeskOrders.orderId} = ${submissions.id} and ${of} and ${gt(reviewDeskOrders.claimActiveAt, lapsedBefore(now))})`;
  if (query.view === 'mine') {
    if (!walksClaims(query)) where.push(liveClaim(eq(reviewDeskOrders.claimedBy, viewer.id)));
  } else if (query.view === 'unclaimed') {
    where.push(not(liveClaim(isNotNull(reviewDeskOrders.claimedBy))));
    // Never the orders of a customer who blocked the viewer (decision 074), nor a review awaiting its sign-off (073).
    where.push(notBlockedFor(viewer.id), not(signOffPending()));
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
  row: {
    ...listedColumns,
    preview: sql<string>`left(${submissions.content}, ${sql.raw(String(QUEUE_PREVIEW_CHARACTERS))})`,
    // The desk's row of the order (decision 075), joined by the one read of rows (rowsByIdQuery).
    claimedAt: reviewDeskOrders.claimedAt,
    claimActiveAt: reviewDeskOrders.claimActiveAt,
    reviewVersion: deskVersion,
  },
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
  // A customer's message no one on the team has read (issue 42): messages_submission_idx finds the order's few.
  unread: sql<boolean>`exists(select 1 from ${messages} where ${messages.submissionId} = ${submissions.id} and ${messages.isFromAdmin} = false and ${messages.readAt} is null)`,
};

type Row = {
  row: QueueRow;
  customer: { firstName: string | null; lastName: string | null; name: string; email: string };
  createdKey: string | null;
  dueKey: string | null;
  documents: OrderDocumentRow[];
  refundedPence: number;
  claimant: { id: string; firstName: string | null; lastName: string | null; name: string; email: string } | null;
  unread: boolean;
};

/** The three orders the queue runs in (decision 022). */
type OrderKind = 'created' | 'due' | 'undated';

/** The columns of the due order: the order's own, or the desk row's copies of them (decision 082). */
interface DueKeyColumns {
  dueDate: typeof submissions.dueDate | typeof reviewDeskOrders.dueDate;
  queuePriority: typeof submissions.queuePriority | typeof reviewDeskOrders.queuePriority;
  id: typeof submissions.id | typeof reviewDeskOrders.orderId;
}
const ORDER_DUE_KEY: DueKeyColumns = { dueDate: submissions.dueDate, queuePriority: submissions.queuePriority, id: submissions.id };
const DESK_DUE_KEY: DueKeyColumns = { dueDate: reviewDeskOrders.dueDate, queuePriority: reviewDeskOrders.queuePriority, id: reviewDeskOrders.orderId };

/** The due order over `key`'s columns: dated rows by (due date, priority, id), undated ones by (priority, id). */
const dueOrder = (key: DueKeyColumns, kind: 'due' | 'undated'): SQL[] =>
  (kind === 'due' ? [key.dueDate, key.queuePriority, key.id] : [key.queuePriority, key.id]).map((column) => asc(column));

const ORDERS: Record<OrderKind, SQL[]> = {
  // "desc nulls last" spells the index's own order (created_at is never null), so the planner walks the index.
  created: [sql`${submissions.createdAt} desc nulls last`, asc(submissions.id)],
  due: dueOrder(ORDER_DUE_KEY, 'due'),
  undated: dueOrder(ORDER_DUE_KEY, 'undated'),
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
 * The same orders over a probe's candidates (columns t, the sort key's time, p and id), so a probe sends only its
 * first `take`: ids in byte order ("C"), which is how the code compares them (ids are ASCII); times as times, which is
 * the order of their microsecond ISO text (k) the code compares. The text is written only for the rows sent: writing
 * it for each of a name's 1,000 candidates and ranking them by it took a third of the probe (decision 084).
 */
const RANK: Record<OrderKind, SQL> = {
  created: sql`c.t desc, c.id collate "C"`,
  due: sql`c.t nulls last, c.p, c.id collate "C"`,
  undated: sql`c.p, c.id collate "C"`,
};
/** The column whose time orders `kind` (undated: due_date, null in every row it reads). */
const sortTime = (kind: OrderKind) => (kind === 'created' ? submissions.createdAt : submissions.dueDate);

/**
 * How many matches an arm may have and still count as rare. Up to this many, the arm's matches are read through
 * its own index and ranked in full (RANK); beyond, they are dense enough (0.2% of 1M rows) that walking the sort
 * index finds a page after a few thousand rows.
 */
const SPARSE_LIMIT = 2_000;
/** The `n` of a walked row (searchPage): below SPARSE_LIMIT, so it passes the probes' filter. */
const WALKED = -1;

/**
 * The planner's estimate from which an arm is taken as dense without a probe: five times SPARSE_LIMIT (so an estimate
 * off by half still means more matches than a probe takes), and at least 1% of the table. Its estimates of LIKE
 * patterns come from the search columns' histograms, which hold 1,000 bounds (migrations 0021, 0022): each bound a
 * pattern matches counts 0.1% of the table, so 1% means ten bounds matched, which a pattern with a few hundred orders
 * does not do by chance (at the default 100 bounds one chance match read as 1%: 9,316 for a name with 400 orders).
 * The full-text arm's estimates come from the search vector's own statistics. An arm taken as dense wrongly would
 * walk the sort index far.
 */
const DENSE_ESTIMATE = 5 * SPARSE_LIMIT;
const DENSE_FRACTION = 0.01;
/**
 * The estimate from which an arm is dense, over the number of orders the statistics hold (pg_class.reltuples; -1
 * before the first ANALYZE counts as 0): computed in the estimates' statement, which both uses and returns it.
 */
const DENSE_LINE = sql.raw(`greatest(${DENSE_ESTIMATE}, ${DENSE_FRACTION} * greatest(pg_class.reltuples, 0))::float8`);

/**
 * The ids of one page of a search (decision 022), without trusting the planner's guess of how many rows match:
 * its estimate for a word it has no statistics for is a fixed 0.5%, which made it walk the whole sort index
 * looking for a word that was not there (1.2 s at 1M rows), and a prefix filter without statistics made it fetch
 * and sort 160,000 orders (2.1 s). So an arm is first probed through its own index, at most SPARSE_LIMIT rows.
 * Fewer: those are all its matches, ranked in SQL, and only the first `take` are sent. As many: the term is common,
 * and the arm is walked: it runs with the page's ORDER BY and LIMIT, which with sorting and sequential scans switched
 * off leaves the planner one plan: walk the sort index and stop after a page. An arm the planner expects to be
 * common is walked without a probe. Candidates of all arms are merged and sorted here.
 *
 * Round trips are the cost at ten searches at once (decision 037): one statement asks for every arm's estimate
 * (planned_rows) and, on a first page, the flagged revision requests' ids (`flagged`); one runs the probes with the
 * walks of the arms already known to be common (search_candidates, whose own settings switch sorts, sequential
 * scans, JIT and parallel workers off); only a probe that finds a common term costs a third.
 */
async function searchPage(
  db: Executor,
  conds: SQL[],
  arms: SearchArm[],
  kind: OrderKind,
  take: number,
  flagged: SQL | null,
): Promise<{ ids: string[]; flagged: string[] }> {
  const pick = sql`select ${submissions.id} as id, ${sortTime(kind)} as t, ${submissions.queuePriority} as p from ${submissions}`;
  const walk = (i: number) =>
    sql`(select ${i}::int as arm, w.id, w.t, w.p, ${WALKED}::int as n, 1 as r from (${pick} where ${and(...conds, arms[i]!.filter ?? arms[i]!.where)}
      order by ${sql.join(ORDERS[kind], sql`, `)} limit ${take}) w)`;
  const probe = (i: number) => {
    const arm = arms[i]!;
    const where = and(...conds, arm.probeWhere ?? arm.where);
    const inner = arm.probeOrder ? sql`${pick} where ${where} order by ${arm.probeOrder} limit ${SPARSE_LIMIT}` : sql`${pick} where ${where} limit ${SPARSE_LIMIT}`;
    return sql`(select ${i}::int as arm, c.id, c.t, c.p, count(*) over ()::int as n, row_number() over (order by ${RANK[kind]})::int as r from (${inner}) c)`;
  };
  /**
   * Walked rows, the first `take` probed rows (in the page's order) of an arm with fewer than SPARSE_LIMIT matches,
   * and one row (n) of a common arm.
   */
  const candidates = async (parts: SQL[]) =>
    parts.length === 0
      ? []
      : ((
          await db.execute<Record<string, unknown>>(
            searchCandidatesOf(
              sql`select arm, id, ${microsIso(sql`x.t`)} as k, p::int, n from (${sql.join(parts, sql` union all `)}) x where (n < ${SPARSE_LIMIT} and r <= ${take}) or r = 1`,
            ),
          )
        ).rows as unknown as (Candidate & { arm: number; n: number })[]);
  // The dense line (DENSE_LINE) and the planner's estimate of each arm, in one round trip.
  const estimateOf = (condition: SQL) => plannedRowsOf(sql`select 1 from ${submissions} where ${and(...conds, condition)}`);
  // An arm with a cheap estimate of its superset is planned as itself only when that superset is dense (the LIKE of
  // the trigram arm takes 1.6 ms to plan at 1,000,000 orders, the word index's query 0.2 ms).
  const estimateOfArm = (arm: SearchArm) =>
    arm.estimateWhere
      ? sql`(select case when w.e >= ${DENSE_LINE} then ${estimateOf(arm.where)} else w.e end from (select ${estimateOf(arm.estimateWhere)} as e) w)`
      : estimateOf(arm.where);
  const estimated = arms.flatMap((arm, i) => (arm.unique ? [] : [sql`, ${estimateOfArm(arm)} as ${sql.raw(`e${i}`)}`]));
  const [estimates] = (
    await db.execute<Record<string, unknown>>(
      sql`select ${DENSE_LINE} as dense${sql.join(estimated)}${flagged ? sql`, ${flagged} as flagged` : sql``} from pg_class where oid = 'submissions'::regclass`,
    )
  ).rows;
  // An arm the planner expects to match far more than SPARSE_LIMIT rows is dense without a probe: its probe would
  // build a bitmap of every match (53,000 for "oli" at 1M rows) to learn only that. The estimate is trusted only
  // that far above the limit: a term the planner has no statistics for gets a small fixed guess and is probed.
  const denseFrom = Number(estimates?.dense ?? DENSE_ESTIMATE);
  const common = new Set(arms.flatMap((arm, i) => (!arm.unique && Number(estimates?.[`e${i}`] ?? 0) >= denseFrom ? [i] : [])));
  const found = new Map<string, Candidate>();
  const keep = (row: Candidate) => found.set(row.id, { id: row.id, k: row.k, p: Number(row.p) });
  const probedCommon: number[] = [];
  for (const row of await candidates(arms.map((_, i) => (common.has(i) ? walk(i) : probe(i))))) {
    if (Number(row.n) >= SPARSE_LIMIT) probedCommon.push(Number(row.arm));
    else keep(row);
  }
  for (const row of await candidates(probedCommon.map(walk))) keep(row);
  return {
    ids: [...found.values()].sort(COMPARE[kind]).slice(0, take).map((c) => c.id),
    flagged: flagged ? idList(estimates?.flagged) : [],
  };
}

/** A text[] as the driver returns it: an array (node-postgres, PGlite). */
function idList(value: unknown): string[] {
  if (!Array.isArray(value)) throw new TypeError('the admin search expected an array of order ids');
  return value.map(String);
}

/** One ordered run of the queue: at most `take` of what matches `where` and `extra`, in the order `kind`. */
type Run<T> = (extra: (SQL | undefined)[], kind: OrderKind, take: number) => Promise<T[]>;

const defined = (conds: (SQL | undefined)[]) => conds.filter((c): c is SQL => c !== undefined);

/**
 * One ordered run of the queue as SQL: at most `take` of what matches its conditions and `extra`, in the order `kind`,
 * as the columns RANK orders by (id, t, p).
 */
type Pick = (extra: (SQL | undefined)[], kind: OrderKind, take: number) => SQL;

/**
 * At most `take` ids of what matches `where` in `from`, in `order`, with the columns RANK orders by (t: the sort key's
 * time, p: its priority). The page's size is written into the text: a generic plan (runPicks) that knew only "LIMIT
 * $n" would plan for a tenth of the table and could sort it.
 */
function orderedIds(from: SQL, key: { t: SQL | Column; p: Column }, where: SQL | undefined, order: SQL[], take: number): SQL {
  return sql`select ${submissions.id} as id, ${key.t} as t, ${key.p} as p from ${from}
    where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(take))}`;
}

/**
 * The queue without a search: the ids of one ordered run, from submissions alone; the rows are read once at the end,
 * by id (readRows), as a search's are.
 * - The page's ids are picked first and only those rows are joined and get their costly columns: in one statement
 *   the planner joined the account, the desk row and the correlated columns of every candidate before its sort ("My
 *   work" by due date: 1,667 claims, 166 ms at 1,000,000 orders; decision 072).
 * - Building the joined statement's SQL (its sixty columns and correlated subqueries) was a third of the app's CPU
 *   for a page: it is now built once per database (readRows), and only this small statement is built per request.
 */
function segment(where: SQL[]): Pick {
  return (extra, kind, take) =>
    orderedIds(sql`${submissions}`, { t: sortTime(kind), p: submissions.queuePriority }, and(...where, ...defined(extra)), ORDERS[kind], take);
}

/**
 * "My work" by due date (decision 082): the viewer's live claims walked in the due order of the desk's copies of the
 * key (review_desk_orders_claims_due_idx), each joined to its order for the other conditions, stopping after `take`.
 * Sorting every claim by the order's own key read each of them first (1,667 claims: 14 ms at 1,000,000 orders).
 * The due kinds only; `extra` is written on the desk's columns (byDue with DESK_DUE_KEY), and so are t and p, which
 * RANK then orders as the walk did.
 */
function claimsSegment(where: SQL[], viewerId: string, now: Date): Pick {
  return (extra, kind, take) => {
    if (kind === 'created') throw new Error('claimsSegment walks the due order only');
    const claims = [eq(reviewDeskOrders.claimedBy, viewerId), gt(reviewDeskOrders.claimActiveAt, lapsedBefore(now))];
    const from = sql`${reviewDeskOrders} inner join ${submissions} on ${eq(submissions.id, reviewDeskOrders.orderId)}`;
    const key = { t: reviewDeskOrders.dueDate, p: reviewDeskOrders.queuePriority };
    return orderedIds(from, key, and(...claims, ...where, ...defined(extra)), dueOrder(DESK_DUE_KEY, kind), take);
  };
}

/**
 * The ids of several runs, each in its order, in one round trip (decision 085): the first page of a view brings its
 * flagged revision requests and its preferred block with its page, where each was a statement of its own. One
 * statement also reads them in one snapshot. It is prepared, named after its text (its values are parameters, so a
 * view, filter and sort has one text whatever the viewer, clock or cursor): PostgreSQL spent more time planning the
 * queue's statements than running them, and keeps a prepared one's plan per connection.
 */
async function runPicks(db: Executor, picks: { sql: SQL; kind: OrderKind }[]): Promise<string[][]> {
  const parts = picks.map(
    (pick, i) => sql`(select ${sql.raw(String(i))} as s, row_number() over (order by ${RANK[pick.kind]}) as r, c.id from (${pick.sql}) c)`,
  );
  const built = db
    .select({ s: sql<number>`x.s`, id: sql<string>`x.id` })
    .from(sql`(${sql.join(parts, sql` union all `)}) x`)
    .orderBy(sql`x.s, x.r`)
    .toSQL();
  const rows = await prepareBuilt(db, built, statementName(built.sql), (raw) => raw as [number, string][]).execute();
  const ids = picks.map((): string[] => []);
  for (const [s, id] of rows) ids[Number(s)]!.push(id);
  return ids;
}

/**
 * The runs of a view without a search: the first brings the `leading` runs' ids (the flagged revision requests, the
 * preferred block) in its own statement (runPicks); `leading()` then holds them.
 */
function pickRuns(db: Executor, pick: Pick, leading: { sql: SQL; kind: OrderKind }[]) {
  let pending = leading;
  let leadingIds: string[][] = [];
  const run: Run<string> = async (extra, kind, take) => {
    const [ids, ...before] = (await runPicks(db, [{ sql: pick(extra, kind, take), kind }, ...pending])) as [string[], ...string[][]];
    if (pending.length > 0) leadingIds = before;
    pending = [];
    return ids;
  };
  return { run, leading: () => leadingIds };
}

/** A prepared statement's name from its text: the same text, the same name, on every connection. */
function statementName(text: string): string {
  return `admin_queue_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/**
 * The revision requests a search lists on top of its first page (decision 018), soonest due first, as an array of
 * ids: asked for within the search's first statement, so they cost no round trip of their own (decision 037). They
 * are few (their status index finds them): the arms are a plain filter.
 */
function flaggedIdsOf(where: SQL[], arms: SearchArm[]): SQL {
  const matches = or(...arms.map((a) => a.filter ?? a.where));
  return sql`array(select ${submissions.id} from ${submissions} where ${and(...where, matches)}
    order by ${sql.join(ORDERS.due, sql`, `)} limit ${MAX_FLAGGED})`;
}

/**
 * The queue with a search: each run picks its page's ids (searchPage); the rows are read once at the end, by id
 * (readRows). The first run also brings the flagged revision requests' ids when `flaggedWhere` is given.
 */
function searchRuns(db: Executor, where: SQL[], arms: SearchArm[], flaggedWhere: SQL[] | null) {
  let flaggedQuery = flaggedWhere ? flaggedIdsOf(flaggedWhere, arms) : null;
  let flagged: string[] = [];
  const run: Run<string> = async (extra, kind, take) => {
    const page = await searchPage(db, [...where, ...defined(extra)], arms, kind, take, flaggedQuery);
    if (flaggedQuery) flagged = page.flagged;
    flaggedQuery = null;
    return page.ids;
  };
  return { run, flagged: () => flagged };
}

/** Every listed column of the orders with these ids, by id: the same statement for every search, so it is prepared. */
function rowsByIdQuery(db: Executor) {
  return db
    .select(selection)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .leftJoin(reviewDeskOrders, deskRowOfOrder)
    .where(sql`${submissions.id} = any(${sql.placeholder('ids')}::text[])`);
}

// Prepared once per database (or transaction): no query building, and PostgreSQL keeps its plan per connection. Its
// rows are mapped by a mapper compiled once for the selection (decision 085).
const rowsByIdStatements = new WeakMap<Executor, MappedStatement<Row>>();

/**
 * The rows of these ids, by id. An order deleted since its id was picked is missing; one changed since is read as
 * it is now (the list is a snapshot either way, and the live stream brings the change).
 */
async function readRows(db: Executor, ids: string[]): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map();
  let statement = rowsByIdStatements.get(db);
  if (!statement) {
    statement = prepareMapped<Row>(db, rowsByIdQuery(db), 'admin_queue_rows_by_id');
    rowsByIdStatements.set(db, statement);
  }
  const rows = await statement.execute({ ids });
  return new Map(rows.map((r) => [r.row.id, r]));
}

/** Newest first: (created_at desc, id asc), which is exactly submissions_created_idx. */
async function byCreated<T>(run: Run<T>, take: number, cursor: QueueCursor | null): Promise<T[]> {
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
async function byDue<T>(run: Run<T>, take: number, cursor: QueueCursor | null, key: DueKeyColumns = ORDER_DUE_KEY): Promise<T[]> {
  const rows: T[] = [];
  if (!cursor || cursor.at !== null) {
    const after = cursor ? sql`(${key.dueDate}, ${key.queuePriority}, ${key.id}) > (${cursor.at}::timestamptz, ${cursor.priority}, ${cursor.id})` : undefined;
    rows.push(...(await run([isNotNull(key.dueDate), after], 'due', take)));
  }
  if (rows.length < take) {
    const after = cursor && cursor.at === null ? sql`(${key.queuePriority}, ${key.id}) > (${cursor.priority}, ${cursor.id})` : undefined;
    rows.push(...(await run([isNull(key.dueDate), after], 'undated', take - rows.length)));
  }
  return rows;
}

export async function listQueue(db: Executor, query: AdminQueueQuery, viewer: QueueViewer, now: Date = new Date()): Promise<QueuePage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const where = filters(query, viewer, now);
  const arms = query.q ? searchArms(query.q) : null;
  const take = query.limit + 1;
  // Revision requests go to the top of the unfiltered (or open-work) queue, flagged: listed first on the first page (soonest due
  // first) and left out of the paged rest, so no page repeats them.
  const flagging = query.status === 'all' || query.status === 'open';
  const flaggedWhere = flagging && !cursor ? [...where, eq(submissions.status, 'revision-requested')] : null;
  if (flagging) where.push(ne(submissions.status, 'revision-requested'));
  // A customer's preferred reviewer sees their new orders first, in a leading block of the first page (decision 074).
  const preferred = query.view === 'unclaimed' && !arms ? preferredFor(viewer.id, now) : null;
  const preferredWhere = preferred && !cursor ? [...where, preferred] : null;
  if (preferred) where.push(not(preferred));
  // Each run picks its page's ids; every row is then read once, by id. Whether a row follows the page is read from
  // the ids: a row deleted meanwhile loses no page.
  let flaggedIds: string[];
  let ids: string[];
  if (arms) {
    const search = searchRuns(db, where, arms, flaggedWhere);
    ids = query.sort === 'due' ? await byDue(search.run, take, cursor) : await byCreated(search.run, take, cursor);
    flaggedIds = search.flagged();
  } else {
    const claims = walksClaims(query);
    const pickOf = (conds: SQL[]) => (claims ? claimsSegment(conds, viewer.id, now) : segment(conds));
    const leading = [
      ...(flaggedWhere ? [{ sql: pickOf(flaggedWhere)([], 'due', MAX_FLAGGED), kind: 'due' as const }] : []),
      ...(preferredWhere ? [{ sql: segment(preferredWhere)([], 'due', MAX_PREFERRED), kind: 'due' as const }] : []),
    ];
    const runs = pickRuns(db, pickOf(where), leading);
    ids = query.sort === 'due' ? await byDue(runs.run, take, cursor, claims ? DESK_DUE_KEY : ORDER_DUE_KEY) : await byCreated(runs.run, take, cursor);
    flaggedIds = runs.leading().flat();
  }
  const read = await readRows(db, [...flaggedIds, ...ids]);
  const flagged = flaggedIds.flatMap((id) => read.get(id) ?? []);
  // An order whose status moved between the statements is listed once, flagged.
  const onTop = new Set(flaggedIds);
  const rows = ids.flatMap((id) => (onTop.has(id) ? [] : (read.get(id) ?? [])));
  const more = ids.length > query.limit;
  const paged = rows.slice(0, query.limit);
  const page = [...flagged, ...paged];
  const last = paged[paged.length - 1];
  const nextCursor =
    more && last
      ? encodeCursor(
          query.sort === 'due'
            ? { sort: 'due', at: last.dueKey, priority: last.row.queuePriority, id: last.row.id }
            : { sort: 'created', at: last.createdKey, priority: 0, id: last.row.id },
        )
      : null;
  return {
    items: page.map((r) => ({
      ...toAdminQueueItem(
        r.row,
        r.customer,
        r.documents.map(toDocument),
        Number(r.refundedPence),
        r.claimant ? toClaimInfo(r.claimant.id, r.claimant, r.row.claimedAt, r.row.claimActiveAt) : null,
        now,
      ),
      unreadMessages: r.unread === true,
    })),
    nextCursor,
  };
}
