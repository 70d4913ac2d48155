import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@shared/api.schema';
import {
  blockedAssignmentListSchema,
  orderReviewerPreferenceSchema,
  reviewerPreferenceListSchema,
  type OrderReviewerPreference,
  type ReviewerPreferenceList,
  type SetReviewerPreferenceInput,
} from '@shared/reviewer-preferences.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/submissions/:id/reviewer-preference: the order's delivering reviewer (pseudonym) and the preference. */
export function useOrderReviewerPreference(id: string) {
  return useQuery({
    queryKey: queryKeys.submissions.reviewerPreference(id),
    queryFn: () => apiJson(orderReviewerPreferenceSchema, 'GET', `/api/submissions/${id}/reviewer-preference`),
  });
}

/** Every order's preference answer in the cache, so a change made in one place shows on every card of that reviewer. */
const isPreferenceOfOrder = (key: readonly unknown[]) => key[0] === 'submissions' && key[2] === 'reviewer-preference';

/** PUT /api/submissions/:id/reviewer-preference: preferred, blocked or (null) neither. */
export function useSetReviewerPreference(id: string) {
  const queryClient = useQueryClient();
  return useMutation<OrderReviewerPreference, Error, SetReviewerPreferenceInput>({
    mutationFn: (input) => apiJson(orderReviewerPreferenceSchema, 'PUT', `/api/submissions/${id}/reviewer-preference`, input),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.submissions.reviewerPreference(id), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviewerPreferences }),
        queryClient.invalidateQueries({ predicate: (q) => isPreferenceOfOrder(q.queryKey) && q.queryKey[1] !== id }),
      ]);
    },
  });
}

/** GET /api/reviewer-preferences: Settings → Reviewers. */
export function useReviewerPreferences() {
  return useQuery({ queryKey: queryKeys.reviewerPreferences, queryFn: () => apiJson(reviewerPreferenceListSchema, 'GET', '/api/reviewer-preferences') });
}

/**
 * DELETE /api/reviewer-preferences/:id: Settings' Undo. The row leaves the list at once and comes back if the server
 * refuses, so nothing on the page is lost either way.
 */
export function useRemoveReviewerPreference() {
  const queryClient = useQueryClient();
  return useMutation<null, Error, string, { before: ReviewerPreferenceList | undefined }>({
    mutationFn: (prefId) => apiJson(noContentSchema, 'DELETE', `/api/reviewer-preferences/${prefId}`),
    onMutate: async (prefId) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.reviewerPreferences });
      const before = queryClient.getQueryData<ReviewerPreferenceList>(queryKeys.reviewerPreferences);
      if (before) queryClient.setQueryData<ReviewerPreferenceList>(queryKeys.reviewerPreferences, { ...before, items: before.items.filter((i) => i.id !== prefId) });
      return { before };
    },
    onError: (_error, _prefId, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.reviewerPreferences, context.before);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviewerPreferences }),
        queryClient.invalidateQueries({ predicate: (q) => isPreferenceOfOrder(q.queryKey) }),
      ]),
  });
}

/** GET /api/admin/submissions/:id/blocked-assignments (staff): why the order went to a reviewer its customer blocked. */
export function useBlockedAssignments(id: string) {
  return useQuery({
    queryKey: queryKeys.submissions.blockedAssignments(id),
    queryFn: () => apiJson(blockedAssignmentListSchema, 'GET', `/api/admin/submissions/${id}/blocked-assignments`),
  });
}
