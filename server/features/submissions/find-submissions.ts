import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/auth.schema';
import type { Submission } from '../../../shared/submission.schema';
import type { Executor } from '../../db/client';
import { reviewDocuments, submissions, type SubmissionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { toSubmission, type SubmissionDocument } from './serialize';

export const SUBMISSION_NOT_FOUND = 'Submission not found';

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
    list.push({ id: row.id, fileName: row.fileName ?? 'document', url: `/api/documents/${row.id}` });
    byId.set(row.submissionId, list);
  }
  return byId;
}

export async function withDocuments(db: Executor, row: SubmissionRow): Promise<Submission> {
  const documents = await documentsBySubmission(db, [row.id]);
  return toSubmission(row, documents.get(row.id) ?? []);
}

/** A customer's own submissions, newest first (index submissions_user_created_idx). */
export async function listOwnSubmissions(db: Executor, userId: string): Promise<Submission[]> {
  const rows = await db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  const documents = await documentsBySubmission(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSubmission(row, documents.get(row.id) ?? []));
}
