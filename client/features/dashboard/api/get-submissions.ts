import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { submissionListSchema, submissionSummarySchema, SUBMISSIONS_DEFAULT_LIMIT, type Submission } from '@shared/submission.schema';
import { apiJson, apiRequest, parseAnswer } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export const SUBMISSIONS_POLL_MS = 30_000;

/** The first page of the list; later pages come from the Link header's address (decision 037). */
export const SUBMISSIONS_FIRST_PAGE = `/api/submissions?limit=${SUBMISSIONS_DEFAULT_LIMIT}`;

export interface SubmissionsPage {
  items: Submission[];
  /** The next page's address (RFC 8288 Link, rel="next"); null on the last page. */
  next: string | null;
}

/** The rel="next" target of a Link header, when it is a same-origin API path (anything else is ignored). */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(?:^|;)\s*rel="?next"?\s*(?:;|$)/i.test(match[2]!) && match[1]!.startsWith('/api/submissions?')) return match[1]!;
  }
  return null;
}

/** GET /api/submissions: one page of the customer's own submissions, newest first (a JSON array, spec 7). */
export async function getSubmissionsPage(url: string): Promise<SubmissionsPage> {
  const response = await apiRequest('GET', url);
  const items = parseAnswer(submissionListSchema, url, await response.json());
  return { items, next: nextLink(response.headers.get('Link')) };
}

/** The pages loaded so far as one list, each order once (a poll may refetch pages while an order is added). */
function flatten(data: InfiniteData<SubmissionsPage, string>): Submission[] {
  const seen = new Set<string>();
  return data.pages.flatMap((page) => page.items).filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true)));
}

/**
 * The customer's submissions, a page at a time ("Load more"); polled every 30 s and refetched on window focus
 * (spec 7): a refetch reloads the pages already shown, from the first.
 */
export const submissionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.submissions.all,
    queryFn: ({ pageParam }) => getSubmissionsPage(pageParam),
    initialPageParam: SUBMISSIONS_FIRST_PAGE,
    getNextPageParam: (last) => last.next,
    refetchInterval: SUBMISSIONS_POLL_MS,
    refetchOnWindowFocus: true,
    // Focus refetches only stale data, and the app default never goes stale.
    staleTime: 0,
    select: flatten,
  });

export function useSubmissions() {
  return useInfiniteQuery(submissionsQueryOptions());
}

/**
 * GET /api/submissions/summary: the counters (total, in review, completed) over every order, not only the pages
 * loaded. Under `submissions.all`, so whatever refreshes the list refreshes them too.
 */
export const submissionSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.submissions.summary,
    queryFn: () => apiJson(submissionSummarySchema, 'GET', '/api/submissions/summary'),
    refetchInterval: SUBMISSIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useSubmissionSummary() {
  return useQuery(submissionSummaryQueryOptions());
}
