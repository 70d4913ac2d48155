import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insightsSchema } from '@shared/insights.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export interface DayRange {
  from: string;
  to: string;
}

/** GET /api/admin/insights for London days `from`..`to`, both included (decision 023). */
export const insightsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: queryKeys.admin.insights(range.from, range.to),
    queryFn: () =>
      apiJson(insightsSchema, 'GET', `/api/admin/insights?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`),
  });

/** The dashboard's figures; the previous range's stay on screen while a new range loads. */
export function useInsights(range: DayRange, enabled: boolean) {
  return useQuery({ ...insightsQueryOptions(range), enabled, placeholderData: keepPreviousData });
}
