import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkCheckListSchema } from '@shared/link-checks.schema';
import { ApiError, apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * POST .../links/check (issue 42): checks the given links of the original or the saved draft now, or all of them;
 * the answer is the whole list, which replaces the panel's.
 */
export function useRecheckLinks(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (urls: string[] | undefined) =>
      apiJson(linkCheckListSchema, 'POST', `/api/admin/submissions/${encodeURIComponent(submissionId)}/links/check`, urls === undefined ? {} : { urls }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.admin.links(submissionId), list),
    meta: { errorMessage: (error) => (error instanceof ApiError && error.serverMessage) || 'The links could not be checked' },
  });
}

/** The saved draft changed (a new version): its links are read again. */
export function useRefreshLinks(submissionId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.links(submissionId) });
}
