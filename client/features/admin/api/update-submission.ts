import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { adminSubmissionSchema, queueItemOf, type AdminSubmission } from '@shared/submission.schema';
import type { SubmissionStatus } from '@shared/submission-status';
import { REVIEW_MESSAGES, type ReviewUpdateInput } from '@shared/review.schema';
import { ApiError, apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { QueuePage } from './get-queue';

/**
 * Puts a fresh copy of one submission into every cached queue page (as a queue row: its preview, not its text). When its status or holder changed, the lists
 * are refetched too: a list fetch that started before the change committed (a search typed a moment earlier) would
 * otherwise land after it with the old status and stay (seen with two instances on a busy CI machine);
 * invalidating cancels that fetch and starts one that sees the change. A saved draft (autosave) refetches nothing.
 */
export function useReplaceInQueue() {
  const queryClient = useQueryClient();
  return (updated: AdminSubmission) => {
    let moved = false;
    queryClient.setQueriesData<InfiniteData<QueuePage>>({ queryKey: queryKeys.admin.queues }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => {
                if (item.id !== updated.id) return item;
                if (item.status !== updated.status || (item.claim?.userId ?? null) !== (updated.claim?.userId ?? null)) moved = true;
                return queueItemOf(updated, item.unreadMessages);
              }),
            })),
          }
        : data,
    );
    // The workspace page's copy of the order.
    queryClient.setQueryData(queryKeys.admin.submission(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.history(updated.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues, refetchType: moved ? 'active' : 'none' });
  };
}

/** PATCH /api/admin/submissions/{id}/status; a failure says "Failed to update status" (spec section 8). */
export function updateStatus({ id, status }: { id: string; status: SubmissionStatus }): Promise<AdminSubmission> {
  return apiJson(adminSubmissionSchema, 'PATCH', `/api/admin/submissions/${encodeURIComponent(id)}/status`, { status });
}

export function useUpdateStatus() {
  const replace = useReplaceInQueue();
  return useMutation({ mutationFn: updateStatus, onSuccess: replace, meta: { errorMessage: REVIEW_MESSAGES.statusFailed } });
}

const reviewUrl = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/review`;

/** PATCH /api/admin/submissions/{id}/review (Save Draft, Complete Review, autosave); failure: "Failed to update review". */
export function updateReview(review: ReviewUpdateInput & { id: string }): Promise<AdminSubmission> {
  return apiJson(adminSubmissionSchema, 'PATCH', reviewUrl(review.id), review);
}

/**
 * The same PATCH as the page goes away (a closed tab, a reload): a `keepalive` request, which the browser finishes
 * after the page is gone. Nothing is left to read its answer, so a failure is dropped.
 */
export function sendReviewAsPageLeaves(review: ReviewUpdateInput & { id: string }): void {
  void fetch(reviewUrl(review.id), {
    method: 'PATCH',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(review),
  }).catch(() => undefined);
}

/** A refusal the reviewer must read (409: someone else holds the order, or the draft changed elsewhere). */
export function reviewErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status === 409 ? (error.serverMessage ?? REVIEW_MESSAGES.updateFailed) : REVIEW_MESSAGES.updateFailed;
}

export function useUpdateReview(save: (review: ReviewUpdateInput & { id: string }) => Promise<AdminSubmission> = updateReview) {
  const replace = useReplaceInQueue();
  return useMutation({ mutationFn: save, onSuccess: replace, meta: { errorMessage: reviewErrorMessage } });
}
