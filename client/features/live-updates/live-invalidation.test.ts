import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@client/lib/query-keys';
import { applyLiveEvent } from './live-invalidation';

const FILTERS = { view: 'all', status: 'all', q: '', sort: 'newest' } as const;

function loadedClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of [
    queryKeys.currentUser,
    queryKeys.submissions.all,
    queryKeys.submissions.detail('HP-1'),
    queryKeys.messages.thread('HP-1'),
    queryKeys.messages.thread('HP-2'),
    queryKeys.messages.recent,
    queryKeys.admin.queue(FILTERS as never),
    queryKeys.admin.submission('HP-1'),
    queryKeys.admin.submission('HP-2'),
    queryKeys.apiKeys,
  ]) {
    client.setQueryData(key, { loaded: true });
  }
  return client;
}

function stale(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}

describe('what a live event refreshes', () => {
  it("an order's move refreshes the customer's list, counters and order, and the desk's queue and order, no other order", () => {
    const client = loadedClient();
    applyLiveEvent(client, { type: 'order.in_review', orderId: 'HP-1' });
    expect(stale(client)).toEqual(
      [
        queryKeys.submissions.all,
        queryKeys.submissions.detail('HP-1'),
        queryKeys.admin.queue(FILTERS as never),
        queryKeys.admin.submission('HP-1'),
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
  });

  it("a message refreshes that order's thread, the unread count and the queue", () => {
    const client = loadedClient();
    applyLiveEvent(client, { type: 'message', orderId: 'HP-2' });
    expect(stale(client)).toEqual(
      [queryKeys.messages.thread('HP-2'), queryKeys.messages.recent, queryKeys.admin.queue(FILTERS as never)].map((k) => JSON.stringify(k)).sort(),
    );
  });

  it('a claim refreshes the queue and the claimed order only', () => {
    const client = loadedClient();
    applyLiveEvent(client, { type: 'claim', orderId: 'HP-2' });
    expect(stale(client)).toEqual([queryKeys.admin.queue(FILTERS as never), queryKeys.admin.submission('HP-2')].map((k) => JSON.stringify(k)).sort());
  });

  it('a resync refreshes everything the page holds', () => {
    const client = loadedClient();
    applyLiveEvent(client, { type: 'resync' });
    expect(stale(client)).toHaveLength(client.getQueryCache().getAll().length);
  });
});
