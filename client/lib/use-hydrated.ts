import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards (and on a client-only render). For what a
 * pre-rendered page must leave out of its first render because it depends on the browser (storage, the URL's
 * query, the form's lazily loaded code), so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
