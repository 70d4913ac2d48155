/**
 * Signals that the first page React rendered (or hydrated) has committed and the state its first effects set has
 * rendered. A pre-rendered page's held click or submit (shared/early-actions.ts) waits for this, not for the shell:
 * React hydrates the page's Suspense boundary in a pass of its own, after the layout around it.
 */
import { useEffect, useState } from 'react';

let ready = false;
const waiting: (() => void)[] = [];

export function markPageReady(): void {
  if (ready) return;
  ready = true;
  // Outside React's effect flush: an event dispatched inside it reaches no handler.
  for (const callback of waiting.splice(0)) queueMicrotask(callback);
}

export function whenPageReady(callback: () => void): void {
  if (ready) queueMicrotask(callback);
  else waiting.push(callback);
}

/**
 * Marks the page ready from the component that renders it: in a second pass once it has committed, batched with
 * the state its own first effects set (the route's page, or the order form's island).
 */
export function useMarkPageReadyOnceCommitted(): void {
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  useEffect(() => {
    if (committed) markPageReady();
  }, [committed]);
}
