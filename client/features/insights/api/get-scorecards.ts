import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scorecardsSchema } from '@shared/scorecards.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import type { DayRange } from './get-insights';

/** GET /api/admin/insights/scorecards for London days `from`..`to`: every reviewer for an admin, a reviewer's own row. */
export const scorecardsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: queryKeys.admin.scorecards(range.from, range.to),
    queryFn: () =>
      apiJson(scorecardsSchema, 'GET', `/api/admin/insights/scorecards?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`),
  });

/** The reviewers' scorecards; the previous range's stay on screen while a new range loads. */
export function useScorecards(range: DayRange) {
  return useQuery({ ...scorecardsQueryOptions(range), placeholderData: keepPreviousData });
}
