import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminQueueQuery } from '../../../shared/review.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import type { Executor } from '../../db/client';
import { submissions, users } from '../../db/schema';
import { customerColumns, loadDocuments, toAdminSubmission } from './serialize';
import { decodeCursor, encodeCursor, type QueueCursor } from './queue-cursor';
import { refundedBySubmission } from '../payments';
import { claimsBySubmission } from './order-claims';

/** Most revision requests listed on top of the first page (decision 018); there are never many at once. */
const MAX_FLAGGED = 100;

export interface QueuePage {
  items: AdminSubmission[];
  nextCursor: string | null;
}

/** Timestamps at full (microsecond) precision, so a keyset cursor never skips rows created in the same ms. */
const microsIso = (column: typeof submissions.createdAt | typeof submissions.dueDate) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The smallest string greater than every string starting with `prefix` (code point order). */
function prefixUpperBound(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1)) + String.fromCodePoint(last + 1);
}

/**
 * Search: an exact submission id, or the start of the contact or account e-mail. Each arm is its own indexed
 * lookup (primary key, lower(contact_email), users' e-mail then submissions by user), united before sorting.
 */
function searchCondition(q: string): SQL {
  const lower = q.toLowerCase();
  const like = likePrefix(lower);
  const upper = prefixUpperBound(lower);
  return sql`${submissions.id} in (
    select ${submissions.id} from ${submissions} where ${submissions.id} = ${q.toUpperCase()}
    union
    select ${submissions.id} from ${submissions}
      where lower(${submissions.contactEmail}) >= ${lower} and lower(${submissions.contactEmail}) < ${upper}
        and lower(${submissions.contactEmail}) like ${like}
    union
    select s2.id from ${submissions} s2 join ${users} u2 on u2.id = s2.user_id
      where u2.email >= ${lower} and u2.email < ${upper} and lower(u2.email) like ${like}
  )`;
}

function filters(query: AdminQueueQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(submissions.status, query.status));
  if (query.q) where.push(searchCondition(query.q));
  return where;
}

const selection = {
  row: submissions,
  customer: customerColumns,
  createdKey: microsIso(submissions.createdAt),
  dueKey: microsIso(submissions.dueDate),
};

type Row = {
  row: typeof submissions.$inferSelect;
  customer: { firstName: string | null; lastName: string | null; name: string; email: string };
  createdKey: string | null;
  dueKey: string | null;
};

function base(db: Executor, where: SQL[], take: number) {
  return {
    run: (extra: (SQL | undefined)[], order: SQL[]) =>
      db
        .select(selection)
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.userId))
        .where(and(...where, ...extra))
        .orderBy(...order)
        .limit(take) as unknown as Promise<Row[]>,
  };
}

/** Newest first: (created_at desc, id asc), which is exactly submissions_created_idx. */
async function byCreated(db: Executor, where: SQL[], take: number, cursor: QueueCursor | null): Promise<Row[]> {
  const after = cursor
    ? and(
        sql`${submissions.createdAt} <= ${cursor.at}::timestamptz`,
        or(sql`${submissions.createdAt} < ${cursor.at}::timestamptz`, gt(submissions.id, cursor.id)),
      )
    : undefined;
  // "desc nulls last" spells the index's own order (created_at is never null), so the planner walks the index.
  return base(db, where, take).run([after], [sql`${submissions.createdAt} desc nulls last`, asc(submissions.id)]);
}

/** Due first, orders without a due date last: dated rows by (due_date, id), then undated rows by id. */
async function byDue(db: Executor, where: SQL[], take: number, cursor: QueueCursor | null): Promise<Row[]> {
  const q = base(db, where, take);
  const rows: Row[] = [];
  if (!cursor || cursor.at !== null) {
    const after = cursor ? sql`(${submissions.dueDate}, ${submissions.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    rows.push(...(await q.run([isNotNull(submissions.dueDate), after], [asc(submissions.dueDate), asc(submissions.id)])));
  }
  if (rows.length < take) {
    const after = cursor && cursor.at === null ? gt(submissions.id, cursor.id) : undefined;
    const rest = await base(db, where, take - rows.length).run([isNull(submissions.dueDate), after], [asc(submissions.id)]);
    rows.push(...rest);
  }
  return rows;
}

export async function listQueue(db: Executor, query: AdminQueueQuery): Promise<QueuePage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const where = filters(query);
  const take = query.limit + 1;
  // Revision requests go to the top of the unfiltered queue, flagged: listed first on the first page (soonest due
  // first) and left out of the paged rest, so no page repeats them.
  const flagged: Row[] = [];
  if (query.status === 'all') {
    if (!cursor) {
      flagged.push(
        ...(await base(db, [...where, eq(submissions.status, 'revision-requested')], MAX_FLAGGED).run([], [asc(submissions.dueDate), asc(submissions.id)])),
      );
    }
    where.push(ne(submissions.status, 'revision-requested'));
  }
  const rows = query.sort === 'due' ? await byDue(db, where, take, cursor) : await byCreated(db, where, take, cursor);
  const paged = rows.slice(0, query.limit);
  const page = [...flagged, ...paged];
  const last = paged[paged.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, at: query.sort === 'due' ? last.dueKey : last.createdKey, id: last.row.id })
      : null;
  const docs = await loadDocuments(
    db,
    page.map((r) => r.row.id),
  );
  const refunded = await refundedBySubmission(
    db,
    page.map((r) => r.row.id),
  );
  const claims = await claimsBySubmission(
    db,
    page.map((r) => r.row.id),
  );
  return {
    items: page.map((r) =>
      toAdminSubmission(r.row, r.customer, docs.get(r.row.id) ?? [], refunded.get(r.row.id) ?? 0, claims.get(r.row.id) ?? null),
    ),
    nextCursor,
  };
}
