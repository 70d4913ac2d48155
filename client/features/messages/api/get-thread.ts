import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageListSchema } from '@shared/message.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { MESSAGES_POLL_MS } from '../message-rules';

/** GET /api/messages/{submissionId}: the thread, refetched every 30 s (spec section 7). */
export const threadQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.messages.thread(submissionId),
    queryFn: () => apiJson(messageListSchema, 'GET', `/api/messages/${encodeURIComponent(submissionId)}`),
    refetchInterval: MESSAGES_POLL_MS,
  });

export function useThread(submissionId: string) {
  return useQuery(threadQueryOptions(submissionId));
}
