import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimSuggestionListSchema } from '@shared/claim-suggestions.schema';
import { findingListSchema } from '@shared/language-checks.schema';
import { linkCheckListSchema } from '@shared/link-checks.schema';
import { orderHouseStyleSchema } from '@shared/style-guide.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** The workspace's panels (issue 23): what the server found in one order, each read from its own route. */
const orderUrl = (id: string, rest: string) => `/api/admin/submissions/${encodeURIComponent(id)}/${rest}`;

/** GET .../links: every URL and DOI of the original and how it answered; looked at again until the job has run. */
export const linkChecksQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.links(submissionId),
    queryFn: () => apiJson(linkCheckListSchema, 'GET', orderUrl(submissionId, 'links')),
    refetchInterval: (query) => (query.state.data?.checkedAt === null && (query.state.data?.links.length ?? 0) > 0 ? 5_000 : false),
  });

export function useLinkChecks(submissionId: string) {
  return useQuery(linkChecksQueryOptions(submissionId));
}

/** GET .../style-guide: the house style that applies to the order (decision 046), or none. */
export const orderHouseStyleQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.houseStyle(submissionId),
    queryFn: () => apiJson(orderHouseStyleSchema, 'GET', orderUrl(submissionId, 'style-guide')),
  });

export function useOrderHouseStyle(submissionId: string) {
  return useQuery(orderHouseStyleQueryOptions(submissionId));
}

/** GET .../suggestions: the sentences of the original worth checking, with their kinds and scores. */
export const claimSuggestionsQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.suggestions(submissionId),
    queryFn: () => apiJson(claimSuggestionListSchema, 'GET', orderUrl(submissionId, 'suggestions')),
    staleTime: Infinity,
  });

export function useClaimSuggestions(submissionId: string) {
  return useQuery(claimSuggestionsQueryOptions(submissionId));
}

/**
 * GET .../checks?text=reviewed: the findings in the saved draft of `version`, with the text they were found in
 * (`checkedText`, the draft the server checks), so the panel can find each finding in the editor's text as it is now.
 */
export const languageChecksQueryOptions = ({ submissionId, version, checkedText }: { submissionId: string; version: number; checkedText: string }) =>
  queryOptions({
    queryKey: queryKeys.admin.checks(submissionId, version),
    queryFn: async () => ({ checked: checkedText, ...(await apiJson(findingListSchema, 'GET', orderUrl(submissionId, 'checks?text=reviewed'))) }),
    staleTime: Infinity,
  });

export function useLanguageChecks(input: { submissionId: string; version: number; checkedText: string }) {
  return useQuery(languageChecksQueryOptions(input));
}
