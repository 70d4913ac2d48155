import type { SubmissionStatus } from '../../../shared/submission-status';
import type { Executor } from '../../db/client';
import { submissionStatusChanges } from '../../db/schema';
import { newId } from '../../lib/ids';
import { enqueueStatusEvent } from '../webhooks';

/** Records one status change (who, when, from, to). `changedBy` null means the system (e.g. a payment). */
export async function recordStatusChange(
  tx: Executor,
  change: { submissionId: string; from: SubmissionStatus | null; to: SubmissionStatus; changedBy: string | null; reason: string },
): Promise<void> {
  await tx.insert(submissionStatusChanges).values({
    id: newId(),
    submissionId: change.submissionId,
    fromStatus: change.from,
    toStatus: change.to,
    changedBy: change.changedBy,
    reason: change.reason,
  });
  // Every status change is recorded here, so here it becomes a webhook event too (decision 025), in the same transaction.
  await enqueueStatusEvent(tx, change.submissionId, change.to);
}
