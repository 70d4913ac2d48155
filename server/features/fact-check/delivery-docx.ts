import { reviewedTextOf } from '../../../shared/review.schema';
import type { Executor } from '../../db/client';
import type { SubmissionRow } from '../../db/schema';
import { deliveredDiff } from '../delivery-diff';
import { buildTrackedChangesDocx } from './build-docx';
import { listClaims } from './claims';

/**
 * The delivery's Word file, one for every route that serves it (the dashboard's and /api/v1's): the reviewed text as
 * tracked changes from the diff stored at delivery (issue 29, or computed once off the main thread and stored), each
 * fact-check claim a comment at its passage, and the order and its certificate (`certificateCode`, the
 * caller's to read: certificates depend on this feature) in the header (issue 45). Null when
 * the delivery has no reviewed text (the caller answers 404 in its own error shape).
 */
export async function buildDeliveryDocx(db: Executor, row: SubmissionRow, certificateCode: string | null): Promise<Buffer | null> {
  const reviewed = reviewedTextOf(row);
  if (reviewed.trim() === '') return null;
  return buildTrackedChangesDocx({
    original: row.content,
    reviewed,
    parts: (await deliveredDiff(db, row)) ?? [],
    title: row.title,
    date: row.completedAt ?? row.updatedAt,
    claims: await listClaims(db, row.id),
    orderId: row.id,
    certificateCode,
  });
}
