import { useCallback, useEffect, useRef, useState } from 'react';
import { REVIEW_MESSAGES } from '@shared/review.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { TEAM_MESSAGES } from '@shared/team.schema';
import { ApiError } from '@client/lib/api';
import { claimOrder, getAdminSubmission } from '../api/order-claim';
import { updateReview, useReplaceInQueue, useUpdateReview } from '../api/update-submission';

/**
 * Saving a review (decision 021): every save sends the draft version this form started from, and a success moves it
 * on. A save claims the order first when it is free (the reviewer started work on it); when someone else holds it
 * the save goes as it is and the server says why it is refused (a newer draft first, else who holds it). A refusal
 * (409) is the `conflict`, shown with Reload; `reload` brings in the latest order.
 */
export function useReviewSave(submission: AdminSubmission) {
  const replace = useReplaceInQueue();
  const version = useRef(submission.reviewVersion);
  /** Who holds the order as far as this form knows (the queue's copy, or the answer of its own claim). */
  const holder = useRef(submission.claim?.userId ?? null);
  holder.current = submission.claim?.userId ?? null;
  const [conflict, setConflict] = useState<string | null>(null);
  // A change of holder (a claim, a reassignment) answers "claimed by": only a stale draft still needs the reload.
  const holderId = submission.claim?.userId ?? null;
  useEffect(() => {
    setConflict((c) => (c === TEAM_MESSAGES.staleDraft ? c : null));
  }, [holderId]);
  const [reloading, setReloading] = useState(false);

  const saveWithClaim = useCallback(
    async (review: Parameters<typeof updateReview>[0]) => {
      if (holder.current === null) {
        const claimed = await claimOrder(review.id);
        holder.current = claimed.claim?.userId ?? null;
        replace(claimed);
      }
      return updateReview({ ...review, version: version.current });
    },
    [replace],
  );
  /** Save Draft and Complete Review; the autosave has its own, so each shows its own progress. */
  const save = useUpdateReview(saveWithClaim);
  const autosave = useUpdateReview(saveWithClaim);

  const noteConflict = useCallback((error: Error) => {
    if (error instanceof ApiError && error.status === 409) setConflict(error.serverMessage ?? REVIEW_MESSAGES.updateFailed);
  }, []);
  /** A save went through: the next one sends its version. */
  const advance = useCallback((updated: AdminSubmission) => {
    version.current = updated.reviewVersion;
  }, []);

  /** Reload after a conflict: the latest order comes in and goes to `handOver` (with what this form had not saved). */
  const reload = async (handOver: (latest: AdminSubmission) => void) => {
    setReloading(true);
    try {
      const latest = await getAdminSubmission(submission.id);
      replace(latest);
      handOver(latest);
    } catch {
      setConflict('The latest version could not be loaded. Please try again.');
    } finally {
      setReloading(false);
    }
  };

  return {
    version,
    save,
    autosave,
    saving: save.isPending || autosave.isPending,
    conflict,
    noteConflict,
    advance,
    /** A save made on purpose went through: its version, and no conflict left to show. */
    settle: (updated: AdminSubmission) => {
      advance(updated);
      setConflict(null);
    },
    reload,
    reloading,
  };
}
