import { queryOptions, useQuery } from '@tanstack/react-query';
import { submissionListSchema } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export const SUBMISSIONS_POLL_MS = 30_000;

/** GET /api/submissions: the customer's own submissions, newest first; polled every 30 s and refetched on window focus (spec 7). */
export const submissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.submissions.all,
    queryFn: () => apiJson(submissionListSchema, 'GET', '/api/submissions'),
    refetchInterval: SUBMISSIONS_POLL_MS,
    refetchOnWindowFocus: true,
    // Focus refetches only stale data, and the app default never goes stale.
    staleTime: 0,
    select: (list) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });

export function useSubmissions() {
  return useQuery(submissionsQueryOptions());
}
