import { queryOptions, useQuery } from '@tanstack/react-query';
import { submissionSchema } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/submissions/{submissionId}: the order the checkout page shows and charges. */
export const submissionQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.submissions.detail(submissionId),
    queryFn: () => apiJson(submissionSchema, 'GET', `/api/submissions/${encodeURIComponent(submissionId)}`),
  });

export function useCheckoutSubmission(submissionId: string) {
  return useQuery(submissionQueryOptions(submissionId));
}
