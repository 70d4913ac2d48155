import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS_PATH, liveEventSchema } from '@shared/live-updates.schema';
import { applyLiveEvent } from './live-invalidation';

/** After the browser gives up on a stream (an error answer such as 429 or 503), a fresh one is tried this late. */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

/**
 * Keeps one Server-Sent Events stream open while someone is signed in (issue 25, decision 038) and refreshes the
 * queries each event names. EventSource reconnects by itself with Last-Event-ID after a dropped connection; when
 * it gives up (an error answer), a new stream is opened later with the last id in the query, so nothing missed is
 * lost. The id is an opaque cursor (decision 056): kept and sent back as it is; one the server cannot read comes
 * back as a `resync` with a fresh one. Polling (30 s) stays as the fallback while no stream is open.
 */
export function useLiveUpdates(accountId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!accountId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | null = null;
    let delay = REOPEN_MIN_MS;
    let stopped = false;

    const open = () => {
      const url = lastEventId ? `${LIVE_EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_PATH;
      const current = new EventSource(url);
      source = current;
      const remember = (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
      };
      current.addEventListener('ready', (event) => {
        // A first stream: what the page loaded before it opened may already be out of date, and no id covers the
        // gap, so refresh once. A stream opened again with the last id is replayed what it missed instead.
        if (!lastEventId) applyLiveEvent(client, { type: 'resync' });
        remember(event as MessageEvent);
        delay = REOPEN_MIN_MS;
      });
      current.onmessage = (event: MessageEvent<string>) => {
        remember(event);
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const live = liveEventSchema.safeParse(parsed);
        if (live.success) applyLiveEvent(client, live.data);
      };
      current.onerror = () => {
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again later, backing off.
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        reopenTimer = setTimeout(open, delay);
        delay = Math.min(delay * 2, REOPEN_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      source?.close();
    };
  }, [accountId, client]);
}
