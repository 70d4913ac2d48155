import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageAnswerSchema } from '@shared/api.schema';
import { jobsOverviewSchema } from '@shared/jobs.schema';
import { ApiError, apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/jobs: queue counts and failed jobs (admins). Refreshed every 15 s while the page is open. */
export function useJobsOverview() {
  return useQuery({
    queryKey: queryKeys.admin.jobs,
    queryFn: () => apiJson(jobsOverviewSchema, 'GET', '/api/admin/jobs'),
    refetchInterval: 15_000,
  });
}

/** POST /api/admin/jobs/:id/retry: the failed job goes back to its queue. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(messageAnswerSchema, 'POST', `/api/admin/jobs/${encodeURIComponent(id)}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.jobs }),
    meta: {
      errorTitle: 'Not retried',
      errorMessage: (error) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'The job could not be retried',
    },
  });
}
