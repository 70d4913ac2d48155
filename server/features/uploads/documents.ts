import { and, count, eq, gt, inArray, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  documentExtension,
  documentPath,
  MAX_REVIEW_DOCUMENT_BYTES,
  MAX_REVIEW_DOCUMENTS,
  REVIEW_DOCUMENT_TYPES,
  REVIEW_MESSAGES,
  UPLOAD_URL_TTL_SECONDS,
  type ReviewDocumentExtension,
} from '../../../shared/review.schema';
import type { Executor, Transaction } from '../../db/client';
import { reviewDocuments, submissions } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { makeStorageKey, type ObjectStorage } from '../../storage';

export type ReviewDocumentRow = typeof reviewDocuments.$inferSelect;

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const tooLarge = () => new HttpError(413, REVIEW_MESSAGES.tooLarge);
export const wrongContent = () => new HttpError(415, REVIEW_MESSAGES.contentMismatch);

/** A safe display name: no path, no control characters, at most 200 characters, keeping the extension. */
export function cleanFileName(raw: string | undefined, ext: ReviewDocumentExtension): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200);
  return cleaned && documentExtension(cleaned) === ext ? cleaned : `document.${ext}`;
}

/**
 * Reserves one document slot of a submission's review (at most 5, counting uploads still in flight) and makes its
 * storage key. The submission row is locked so two uploads cannot both take the fifth slot.
 */
export async function reserveDocument(
  tx: Transaction,
  input: {
    submissionId: string;
    fileName?: string | undefined;
    contentType?: string | undefined;
    size?: number | undefined;
    uploadedBy: string;
  },
): Promise<ReviewDocumentRow> {
  const ext = input.fileName ? documentExtension(input.fileName) : extensionForContentType(input.contentType);
  if (!ext) throw new HttpError(415, REVIEW_MESSAGES.wrongType);
  if (input.size !== undefined && input.size > MAX_REVIEW_DOCUMENT_BYTES) throw tooLarge();
  if (input.size === 0) throw badRequest('The file is empty');
  const [submission] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, input.submissionId))
    .for('update')
    .limit(1);
  if (!submission) throw notFound('Submission not found');
  const inFlightSince = new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000);
  const [used] = await tx
    .select({ n: count() })
    .from(reviewDocuments)
    .where(
      and(
        eq(reviewDocuments.submissionId, submission.id),
        or(
          eq(reviewDocuments.status, 'uploaded'),
          and(eq(reviewDocuments.status, 'pending'), gt(reviewDocuments.createdAt, inFlightSince)),
        ),
      ),
    );
  if ((used?.n ?? 0) >= MAX_REVIEW_DOCUMENTS) throw badRequest(REVIEW_MESSAGES.tooManyDocuments);
  const id = newId();
  const [row] = await tx
    .insert(reviewDocuments)
    .values({
      id,
      submissionId: submission.id,
      uploadedBy: input.uploadedBy,
      storageKey: makeStorageKey(submission.id, id, ext),
      fileName: cleanFileName(input.fileName, ext),
      contentType: REVIEW_DOCUMENT_TYPES[ext],
      sizeBytes: input.size ?? null,
      status: 'pending',
    })
    .returning();
  return row!;
}

/** Without a file name the type is taken from the declared content type, when it is a document type. */
function extensionForContentType(contentType: string | undefined): ReviewDocumentExtension | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) return null;
  const found = Object.entries(REVIEW_DOCUMENT_TYPES).find(([, t]) => t.split(';')[0] === type);
  return found ? (found[0] as ReviewDocumentExtension) : null;
}

export async function findDocumentByKey(db: Executor, key: string): Promise<ReviewDocumentRow | null> {
  const [row] = await db.select().from(reviewDocuments).where(eq(reviewDocuments.storageKey, key)).limit(1);
  return row ?? null;
}

export async function findDocument(db: Executor, id: string): Promise<ReviewDocumentRow | null> {
  if (!/^[A-Za-z0-9-]{8,64}$/.test(id)) return null;
  const [row] = await db.select().from(reviewDocuments).where(eq(reviewDocuments.id, id)).limit(1);
  return row ?? null;
}

export async function markUploaded(db: Executor, id: string, sizeBytes: number): Promise<void> {
  await db
    .update(reviewDocuments)
    .set({ status: 'uploaded', sizeBytes, uploadedAt: new Date() })
    .where(and(eq(reviewDocuments.id, id), eq(reviewDocuments.status, 'pending')));
}

export async function markRejected(db: Executor, id: string): Promise<void> {
  await db.update(reviewDocuments).set({ status: 'rejected' }).where(eq(reviewDocuments.id, id));
}

export function documentAnswer(row: ReviewDocumentRow) {
  return { id: row.id, fileName: row.fileName ?? 'document', url: documentPath(row.id), size: row.sizeBytes };
}

export function extensionOfKey(key: string): ReviewDocumentExtension | null {
  return documentExtension(key);
}

/**
 * Takes every document of a submission's review off it except `keep`: marked removed, so nobody can download
 * it again. Uploads still in flight are taken off too when `includePending` (the review is being delivered).
 * Returns the storage keys to delete once the transaction has committed.
 */
export async function detachDocuments(
  tx: Transaction,
  submissionId: string,
  keep: readonly string[],
  options: { includePending: boolean },
): Promise<string[]> {
  const statuses = options.includePending ? ['uploaded', 'pending'] : ['uploaded'];
  const removed = await tx
    .update(reviewDocuments)
    .set({ status: 'removed' })
    .where(
      and(
        eq(reviewDocuments.submissionId, submissionId),
        inArray(reviewDocuments.status, statuses),
        ...(keep.length > 0 ? [notInArray(reviewDocuments.id, [...keep])] : []),
      ),
    )
    .returning({ storageKey: reviewDocuments.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Deletes stored objects; a failure is logged, the document is already unreachable (its row says removed). */
export async function deleteStoredObjects(storage: ObjectStorage, keys: readonly string[], log: FastifyBaseLogger): Promise<void> {
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (err) {
      log.error({ err, storageKey: key }, 'could not delete a removed review document');
    }
  }
}
