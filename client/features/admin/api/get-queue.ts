import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminSubmissionListSchema, type AdminQueueItem } from '@shared/submission.schema';
import { NEXT_CURSOR_HEADER } from '@shared/review.schema';
import { apiRequest, parseAnswer } from '@client/lib/api';
import { queryKeys, type QueueFilters } from '@client/lib/query-keys';

export type { QueueFilters };

export interface QueuePage {
  /** Rows of the list: a preview of the text, not the text (decision 037); the dialog loads the whole order. */
  items: AdminQueueItem[];
  nextCursor: string | null;
}

export const QUEUE_PAGE_SIZE = 50;

export function queueUrl(filters: QueueFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.view !== 'all') params.set('view', filters.view);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.sort !== 'created') params.set('sort', filters.sort);
  params.set('limit', String(QUEUE_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/submissions?${params.toString()}`;
}

/** GET /api/admin/submissions, one server page at a time; the next page's cursor comes in a response header. */
export async function getQueuePage(filters: QueueFilters, cursor: string | null): Promise<QueuePage> {
  const url = queueUrl(filters, cursor);
  const response = await apiRequest('GET', url);
  const items = parseAnswer(adminSubmissionListSchema, url, await response.json());
  return { items, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

export const adminQueueQueryOptions = (filters: QueueFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.queue(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => getQueuePage(filters, pageParam),
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAdminQueue(filters: QueueFilters, enabled: boolean) {
  // While a new search or filter loads, the rows already shown stay mounted: a dialog the reviewer opened from a row
  // (messages, review) is not torn down by the debounced search answering a moment later.
  return useInfiniteQuery({ ...adminQueueQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}
