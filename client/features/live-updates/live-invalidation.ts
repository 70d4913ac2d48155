import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/live-updates.schema';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The queries a live event makes stale (decision 038): an event names what changed, never the data, so the page
 * refetches through the endpoints it already uses. Only queries a page has loaded are refetched; the rest are
 * marked stale for their next use.
 */
export function keysFor(event: LiveEvent): QueryKey[] {
  const { type, orderId } = event;
  if (type === 'resync' || !orderId) return [[]];
  if (type === 'message') {
    return [queryKeys.messages.recent, queryKeys.messages.thread(orderId), queryKeys.admin.queues];
  }
  if (type === 'claim') {
    return [queryKeys.admin.queues, queryKeys.admin.submission(orderId), queryKeys.admin.claims(orderId)];
  }
  // order.<status>: the customer's list, counters and order; the queue and the order as the desk sees it.
  return [
    queryKeys.submissions.all,
    queryKeys.admin.queues,
    queryKeys.admin.submission(orderId),
    queryKeys.admin.history(orderId),
    queryKeys.admin.money(orderId),
  ];
}

export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  for (const queryKey of keysFor(event)) void client.invalidateQueries({ queryKey });
}
