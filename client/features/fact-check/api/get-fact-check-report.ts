import { queryOptions, useQuery } from '@tanstack/react-query';
import { factCheckReportSchema } from '@shared/fact-check.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/submissions/{id}/fact-check: the report of a completed order (the server answers 404 before completion). */
export const factCheckReportQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.submissions.factCheck(submissionId),
    queryFn: () => apiJson(factCheckReportSchema, 'GET', `/api/submissions/${encodeURIComponent(submissionId)}/fact-check`),
    staleTime: 0,
  });

export function useFactCheckReport(submissionId: string, enabled: boolean) {
  return useQuery({ ...factCheckReportQueryOptions(submissionId), enabled });
}
