import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusHistorySchema } from '@shared/review.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export const statusHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.history(id),
    queryFn: () => apiJson(statusHistorySchema, 'GET', `/api/admin/submissions/${encodeURIComponent(id)}/history`),
  });

export function useStatusHistory(id: string) {
  return useQuery(statusHistoryQueryOptions(id));
}
