import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageListSchema } from '@shared/message.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { MESSAGES_POLL_MS } from '../message-rules';

/** GET /api/messages/recent: the team's unread messages; only the count is used (spec section 7). */
export const recentMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.messages.recent,
    queryFn: () => apiJson(messageListSchema, 'GET', '/api/messages/recent'),
    refetchInterval: MESSAGES_POLL_MS,
  });

/** The "messages" counter: undefined while loading, 0 when it cannot be read. */
export function useRecentMessageCount(): number | undefined {
  const { data, isError } = useQuery(recentMessagesQueryOptions());
  return data?.length ?? (isError ? 0 : undefined);
}
