import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AdminSubmission } from '@shared/submission.schema';
import type { SubmissionStatus } from '@shared/submission-status';
import {
  NEXT_CURSOR_HEADER,
  type QueueSort,
  type QueueStatusFilter,
  type ReviewUpdateInput,
  type StatusHistoryEntry,
} from '@shared/review.schema';
import { apiJson, apiRequest } from '@client/lib/api';

export interface QueueFilters {
  status: QueueStatusFilter;
  q: string;
  sort: QueueSort;
}

export interface QueuePage {
  items: AdminSubmission[];
  nextCursor: string | null;
}

export const ADMIN_QUEUE_KEY = ['admin-queue'] as const;
export const QUEUE_PAGE_SIZE = 50;
export const historyKey = (id: string) => ['/api/admin/submissions', id, 'history'] as const;

export function queueUrl(filters: QueueFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== 'created') params.set('sort', filters.sort);
  params.set('limit', String(QUEUE_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/submissions?${params.toString()}`;
}

/** The queue, one server page at a time; the next page's cursor comes in a response header. */
export function useAdminQueue(filters: QueueFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_QUEUE_KEY, filters],
    enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<QueuePage> => {
      const response = await apiRequest('GET', queueUrl(filters, pageParam));
      const items = (await response.json()) as AdminSubmission[];
      return { items, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Puts a fresh copy of one submission into every cached queue page, then refetches in the background. */
function useReplaceInQueue() {
  const queryClient = useQueryClient();
  return (updated: AdminSubmission) => {
    queryClient.setQueriesData<InfiniteData<QueuePage>>({ queryKey: ADMIN_QUEUE_KEY }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === updated.id ? updated : item)),
            })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: historyKey(updated.id) });
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUEUE_KEY, refetchType: 'none' });
  };
}

export function useUpdateStatus() {
  const replace = useReplaceInQueue();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SubmissionStatus }) =>
      apiJson<AdminSubmission>('PATCH', `/api/admin/submissions/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: replace,
  });
}

export function useUpdateReview() {
  const replace = useReplaceInQueue();
  return useMutation({
    mutationFn: (review: ReviewUpdateInput & { id: string }) =>
      apiJson<AdminSubmission>('PATCH', `/api/admin/submissions/${encodeURIComponent(review.id)}/review`, review),
    onSuccess: replace,
  });
}

export function useStatusHistory(id: string) {
  return useQuery<StatusHistoryEntry[]>({ queryKey: historyKey(id) });
}
