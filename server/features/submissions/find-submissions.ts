import { refundedPenceOfOrder } from '../payments';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { isStaff, type CurrentUser } from '../../../shared/auth.schema';
import type { Submission } from '../../../shared/submission.schema';
import type { Database, Executor } from '../../db/client';
import { refunds, reviewDocuments, submissions, type SubmissionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { documentPath } from '../../../shared/review.schema';
import { toSubmission, type SubmissionDocument } from './serialize';

export const SUBMISSION_NOT_FOUND = 'Submission not found';

/**
 * The viewer the review desk reads orders as: a reviewer or admin may open any order there (decision 021). Use it
 * only on `staff` routes and the message thread; customer routes keep `user`, so a reviewer's own-data rule holds.
 */
export function reviewDeskViewer(user: Pick<CurrentUser, 'id' | 'role'>): Pick<CurrentUser, 'id' | 'isAdmin'> {
  return { id: user.id, isAdmin: isStaff(user) };
}

/** The submission when `user` owns it or is an admin; otherwise 404 (never 403, so ids cannot be probed). */
export async function getAccessibleSubmission(
  db: Executor,
  id: string,
  user: Pick<CurrentUser, 'id' | 'isAdmin'>,
): Promise<SubmissionRow> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  if (!row || (row.userId !== user.id && !user.isAdmin)) throw notFound(SUBMISSION_NOT_FOUND);
  return row;
}

function toDocument(row: { id: string; fileName: string | null }): SubmissionDocument {
  return { id: row.id, fileName: row.fileName ?? 'document', url: documentPath(row.id) };
}

/** Uploaded review documents of each submission, keyed by submission id (one query for any number). */
export async function documentsBySubmission(
  db: Executor,
  submissionIds: string[],
): Promise<Map<string, SubmissionDocument[]>> {
  const byId = new Map<string, SubmissionDocument[]>();
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
  const documents = await documentsBySubmission(db, [row.id]);
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.submissionId, row.id));
  return toSubmission(row, documents.get(row.id) ?? [], viewer, Number(refunded?.total ?? 0));
}

/**
 * Uploaded review documents of each row, as JSON, in the same query (index review_documents_submission_idx).
 * The outer column is spelled out: inside a select list drizzle would render `${submissions.id}` unqualified.
 */
const documentsColumn = sql<SubmissionDocumentRow[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'fileName', d.file_name) order by d.created_at, d.id)
  from ${reviewDocuments} d
  where d.submission_id = "submissions"."id" and d.status = 'uploaded'
), '[]'::json)`;

/** The order's refunded pence, in the same query (the one definition is the payments feature's). */
const refundedColumn = refundedPenceOfOrder();

interface SubmissionDocumentRow {
  id: string;
  fileName: string | null;
}

/** The list query (exported so the benchmark's bare server runs exactly the same SQL). */
export function ownSubmissionsQuery(db: Database) {
  return db
    .select({ ...getTableColumns(submissions), documents: documentsColumn, refundedPence: refundedColumn })
    .from(submissions)
    .where(eq(submissions.userId, sql.placeholder('userId')))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}

// Prepared once per database: the dashboard polls this list, so it skips query building on every request.
const prepared = new WeakMap<Database, ReturnType<ReturnType<typeof ownSubmissionsQuery>['prepare']>>();

/** A customer's own submissions with their documents, newest first (index submissions_user_created_idx). */
export async function listOwnSubmissions(db: Database, userId: string): Promise<Submission[]> {
  let query = prepared.get(db);
  if (!query) {
    query = ownSubmissionsQuery(db).prepare('list_own_submissions');
    prepared.set(db, query);
  }
  const rows = await query.execute({ userId });
  return rows.map(({ documents, refundedPence, ...row }) =>
    toSubmission(row, documents.map(toDocument), { isAdmin: false }, Number(refundedPence)),
  );
}
