import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { isStaff, type CurrentUser } from '../../../shared/auth.schema';
import type { Submission, SubmissionSummary } from '../../../shared/submission.schema';
import type { Database, Executor } from '../../db/client';
import { refunds, reviewDocuments, submissions, users, type SubmissionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { documentPath } from '../../../shared/review.schema';
import { toCustomerOrder, type OrderDocument } from './serialize';
import type { ListCursor } from './list-cursor';
import { customerCanSee, customerOrderHalves } from './customer-access';
import { refundedPenceOfOrder } from './refunded-pence';
import { ORDER_NOT_FOUND } from '../orders';

/**
 * The viewer the review desk reads orders as: a reviewer or admin may open any order there (decision 021). Use it
 * only on `staff` routes and the message thread; customer routes keep `user`, so a reviewer's own-data rule holds.
 */
export function reviewDeskViewer(user: Pick<CurrentUser, 'id' | 'role'>): Pick<CurrentUser, 'id' | 'isAdmin'> {
  return { id: user.id, isAdmin: isStaff(user) };
}

/**
 * The submission when `user` may see it as a customer (customerCanSee, decision 047: their own order, or an order
 * of the organisation they are a member of now) or is an admin; otherwise 404 (never 403, so ids cannot be probed).
 */
export async function getAccessibleOrder(
  db: Executor,
  id: string,
  user: Pick<CurrentUser, 'id' | 'isAdmin'>,
): Promise<SubmissionRow> {
  const where = user.isAdmin ? eq(submissions.id, id) : and(eq(submissions.id, id), customerCanSee(user.id));
  const [row] = await db.select().from(submissions).where(where).limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** Who placed an order, shown on an organisation's orders only (a lone account's orders are all its own). */
export interface PlacedBy {
  name: string;
  email: string;
}

/** The placer of `row` when it is an organisation's order; undefined otherwise (the field is then absent). */
export async function placedByOf(db: Executor, row: Pick<SubmissionRow, 'organisationId' | 'userId'>): Promise<PlacedBy | undefined> {
  if (!row.organisationId) return undefined;
  const [placer] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
  return placer ?? undefined;
}

export function toDocument(row: { id: string; fileName: string | null }): OrderDocument {
  return { id: row.id, fileName: row.fileName ?? 'document', url: documentPath(row.id) };
}

/** Uploaded review documents of each submission, keyed by submission id (one query for any number). */
export async function documentsByOrder(
  db: Executor,
  submissionIds: string[],
): Promise<Map<string, OrderDocument[]>> {
  const byId = new Map<string, OrderDocument[]>();
  if (submissionIds.length === 0) return byId;
  const rows = await db
    .select({ id: reviewDocuments.id, submissionId: reviewDocuments.submissionId, fileName: reviewDocuments.fileName })
    .from(reviewDocuments)
    .where(and(inArray(reviewDocuments.submissionId, submissionIds), eq(reviewDocuments.status, 'uploaded')))
    .orderBy(asc(reviewDocuments.createdAt), asc(reviewDocuments.id));
  for (const row of rows) {
    if (!row.submissionId) continue;
    const list = byId.get(row.submissionId) ?? [];
    list.push(toDocument(row));
    byId.set(row.submissionId, list);
  }
  return byId;
}

export async function withDocuments(
  db: Executor,
  row: SubmissionRow,
  viewer: { isAdmin: boolean } = { isAdmin: false },
): Promise<Submission> {
  const documents = await documentsByOrder(db, [row.id]);
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.submissionId, row.id));
  return toCustomerOrder(row, documents.get(row.id) ?? [], viewer, Number(refunded?.total ?? 0), await placedByOf(db, row));
}

/**
 * Uploaded review documents of each row, as JSON, in the same query (index review_documents_submission_idx).
 * The outer column is spelled out: inside a select list drizzle would render `${submissions.id}` unqualified.
 */
export const documentsColumn = sql<OrderDocumentRow[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'fileName', d.file_name) order by d.created_at, d.id)
  from ${reviewDocuments} d
  where d.submission_id = "submissions"."id" and d.status = 'uploaded'
), '[]'::json)`;

/** The order's refunded pence, in the same query (refunded-pence.ts). */
const refundedColumn = refundedPenceOfOrder();

export interface OrderDocumentRow {
  id: string;
  fileName: string | null;
}

/** created_at at full (microsecond) precision: a cursor built from a JavaScript Date would skip rows in the same ms. */
const createdKeyColumn = sql<string>`to_char("submissions"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The placer's name and e-mail on an organisation's order, null on a lone account's (same query, by primary key). */
const placedByColumn = sql<PlacedBy | null>`case when "submissions"."organisation_id" is null then null else (
  select json_build_object('name', u.name, 'email', u.email) from ${users} u where u.id = "submissions"."user_id"
) end`;

/**
 * The list query (exported so the benchmark's bare server runs exactly the same SQL): one page of the orders a
 * customer may see (customerCanSee, decision 047), newest first with the id as tiebreak (created_at desc, id asc).
 * The two halves of the rule are read separately, each from its own index in the list's order, and at most
 * `limit` rows each: the account's own orders without an organisation (submissions_own_created_idx (user_id,
 * created_at desc, id)) and its organisation's (submissions_org_created_idx (organisation_id, created_at desc, id));
 * the page is the first `limit` of their union. An OR in one WHERE would read and sort every matching row instead.
 * `after`: the rows past a cursor, `created_at < at or (created_at = at and id > cursor id)`, spelled so each index
 * range (… = ?, created_at <= at) bounds it. Placeholders: userId, limit, and with `after` at and id.
 */
export function ownOrdersQuery(db: Database, after = false) {
  const userId = sql.placeholder('userId');
  const limit = sql.placeholder('limit');
  const past = after
    ? sql` and s.created_at <= ${sql.placeholder('at')}::timestamptz and (s.created_at < ${sql.placeholder('at')}::timestamptz or s.id > ${sql.placeholder('id')})`
    : sql``;
  const { own, organisation } = customerOrderHalves(userId, 's');
  const visible = sql`${submissions.id} in (
    (select s.id from ${submissions} s where ${own}${past} order by s.created_at desc nulls last, s.id limit ${limit})
    union all
    (select s.id from ${submissions} s where ${organisation}${past} order by s.created_at desc nulls last, s.id limit ${limit})
  )`;
  return db
    .select({
      ...getTableColumns(submissions),
      documents: documentsColumn,
      refundedPence: refundedColumn,
      createdKey: createdKeyColumn,
      placedBy: placedByColumn,
    })
    .from(submissions)
    .where(visible)
    .orderBy(sql`${submissions.createdAt} desc nulls last`, asc(submissions.id))
    .limit(limit);
}

type ListStatement = ReturnType<ReturnType<typeof ownOrdersQuery>['prepare']>;
// Prepared once per database: the dashboard polls this list, so it skips query building on every request.
const prepared = new WeakMap<Database, { first: ListStatement; after: ListStatement }>();

export interface OwnOrdersPage {
  items: Submission[];
  /** The position after the page's last order when more may follow (the route signs it into a cursor); else null. */
  next: ListCursor | null;
}

/**
 * One page of a customer's own submissions with their documents, newest first (decision 037). Reads one row more
 * than asked to know whether another page follows.
 */
export async function listOwnOrders(db: Database, userId: string, page: { limit: number; after?: ListCursor | null }): Promise<OwnOrdersPage> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = {
      first: ownOrdersQuery(db).prepare('list_own_submissions'),
      after: ownOrdersQuery(db, true).prepare('list_own_submissions_after'),
    };
    prepared.set(db, statements);
  }
  const rows = page.after
    ? await statements.after.execute({ userId, limit: page.limit + 1, at: page.after.at, id: page.after.id })
    : await statements.first.execute({ userId, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(({ documents, refundedPence, createdKey: _createdKey, placedBy, ...row }) =>
      toCustomerOrder(row, documents.map(toDocument), { isAdmin: false }, Number(refundedPence), placedBy ?? undefined),
    ),
    next: rows.length > page.limit && last ? { at: last.createdKey, id: last.id } : null,
  };
}

/**
 * The dashboard's counters (decision 037): one aggregate over all the orders the customer may see (customerCanSee),
 * whatever page the list shows (a bitmap OR of an account index and submissions_org_created_idx for the
 * rows, the heap for their status).
 */
export async function summarizeOwnOrders(db: Executor, userId: string): Promise<SubmissionSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      inReview: sql<number>`(count(*) filter (where ${submissions.status} = 'in-review'))::int`,
      completed: sql<number>`(count(*) filter (where ${submissions.status} = 'completed'))::int`,
    })
    .from(submissions)
    .where(customerCanSee(userId));
  return { total: Number(row?.total ?? 0), inReview: Number(row?.inReview ?? 0), completed: Number(row?.completed ?? 0) };
}
