import { z } from 'zod';

/**
 * Live updates (issue 25, decision 038): `GET /api/events` is a Server-Sent Events stream. An event names what
 * changed, never the data: the page invalidates the matching queries and refetches them through their own,
 * already-authorised endpoints.
 *
 * - `order.<status>` (`order.paid`, `order.in_review`, `order.completed`, ...): an order moved (decision 029).
 * - `message`: a message was added to an order's thread.
 * - `claim`: an order was claimed, released or reassigned (review team only).
 * - `resync`: the server cannot say what was missed (a replay too long or too old, a lost database listener):
 *   refetch everything on the page.
 */
export const LIVE_EVENTS_PATH = '/api/events';

/** Streams one account may hold open at once on one instance; the next one is refused with 429. */
export const MAX_LIVE_STREAMS_PER_ACCOUNT = 5;

export const LIVE_MESSAGES = {
  tooManyStreams: `Too many live update streams are open for this account (at most ${MAX_LIVE_STREAMS_PER_ACCOUNT}). Close a tab and try again.`,
  notAStream: 'This address is a live update stream: ask for text/event-stream.',
} as const;

export type LiveEventType = `order.${string}` | 'message' | 'claim' | 'resync';

export const liveEventSchema = z.object({
  type: z.string().regex(/^(order\.[a-z_]+|message|claim|resync)$/) as z.ZodType<LiveEventType>,
  orderId: z.string().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The events only the review team receives; everything else about an order also reaches its customer. */
export function isTeamOnlyEvent(type: string): boolean {
  return type === 'claim';
}
