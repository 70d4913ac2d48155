import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sse, { type SSEMessage } from '@fastify/sse';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENTS_PATH, LIVE_MESSAGES, MAX_LIVE_STREAMS_PER_ACCOUNT, liveEventSchema } from '../../../shared/live-updates.schema';
import type { DatabaseHandle } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { liveCursorKey, openCursor, sealCursor } from './cursor';
import { LiveHub, type LiveSubscriber } from './hub';
import type { LiveNotice } from './publish';
import { membershipOf } from '../organisations';
import { headEventId, replaySince, visibleTo, wireEvent, type LiveViewer } from './replay';

/** Comment lines this often keep proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * A stream ends after this long and the browser reconnects at once with its Last-Event-ID: the session and role
 * are checked again (a suspended reviewer stops hearing of the queue) and nothing is missed.
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;
/** How soon the browser reconnects after a stream ends (the SSE `retry` field). */
const RETRY_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open live update streams and their database listener (decision 038). */
    liveHub: LiveHub;
  }
}

/**
 * Where a stream starts: `fresh` without a cursor; `after` the feed id of the first cursor given (Last-Event-ID,
 * then `?lastEventId=`) that opens; `unreadable` when every one given is not ours (altered, made up, another
 * account's, or from before cursors were sealed): the page refetches everything, as for an id this database never
 * gave, and carries on from a fresh cursor. Never a 400: EventSource would only send the same cursor again.
 */
type Start = { kind: 'fresh' } | { kind: 'after'; id: number } | { kind: 'unreadable' };

function startOf(open: (cursor: string) => number | null, ...candidates: (string | null | undefined)[]): Start {
  const given = candidates.filter((value): value is string => Boolean(value));
  for (const cursor of given) {
    const id = open(cursor);
    if (id !== null) return { kind: 'after', id };
  }
  return given.length > 0 ? { kind: 'unreadable' } : { kind: 'fresh' };
}

/**
 * GET /api/events (issue 25, decision 038): Server-Sent Events naming what changed (`order.<status>`, `message`,
 * `claim`), filtered per viewer by `visibleTo`. Any signed-in account may open one; at most
 * MAX_LIVE_STREAMS_PER_ACCOUNT per account on this instance (the next is 429 with a message).
 */
export const liveUpdateRoutes = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    const hub = new LiveHub(options.database, app.log);
    app.decorate('liveHub', hub);
    const cursorKey = liveCursorKey(app.sessionSecret);
    // The route in a context of its own, so the SSE plugin's hooks see no other route.
    await app.register(async (child) => streamRoute(child, hub, cursorKey));
  },
  { name: 'live-updates' },
);

async function streamRoute(app: FastifyInstance, hub: LiveHub, cursorKey: Buffer): Promise<void> {
  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });

  // Open streams would hold the server's close up: they end first, and the browser reconnects to another instance.
  app.addHook('preClose', async () => {
    hub.endStreams();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    LIVE_EVENTS_PATH,
    {
      config: { access: 'customer' },
      sse: { kind: 'dual' },
      compress: false,
      schema: {
        // A cursor is 48 characters; anything else given here is not ours and starts the page afresh (see startOf).
        querystring: z.object({ lastEventId: z.string().max(200).optional() }),
        // The data of each event on the stream (text/event-stream); answers that are not a stream are errors.
        response: { 200: liveEventSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // Read once per stream: a member who leaves stops hearing of the organisation's orders at the latest when
      // the stream ends (STREAM_LIFETIME_MS), and what a notice makes the page refetch is checked again anyway.
      const viewer: LiveViewer = { ...user, organisationId: (await membershipOf(app.db, user.id))?.organisationId ?? null };
      const stream = reply.sse as typeof reply.sse | undefined;
      // EventSource always asks for text/event-stream; anything else is not a live page.
      if (!stream) throw new HttpError(406, LIVE_MESSAGES.notAStream);
      if (!hub.reserve(viewer.id, MAX_LIVE_STREAMS_PER_ACCOUNT)) {
        throw new HttpError(429, LIVE_MESSAGES.tooManyStreams);
      }

      let subscribed: (() => void) | null = null;
      let released = false;
      const lifetime = setTimeout(() => stream.close(), STREAM_LIFETIME_MS);
      lifetime.unref();
      const cleanUp = () => {
        clearTimeout(lifetime);
        subscribed?.();
        subscribed = null;
        if (!released) hub.release(viewer.id);
        released = true;
      };
      stream.onClose(cleanUp);

      const write = (message: SSEMessage) => {
        if (!stream.isConnected) return;
        stream.send(message).catch(() => stream.close());
      };
      // Ids on the wire are sealed cursors (decision 056), never the feed's own numbers.
      const cursor = (feedId: number) => sealCursor(cursorKey, viewer.id, feedId);
      const sendNotice = (notice: LiveNotice) => write({ id: cursor(notice.id), data: wireEvent(notice) });
      // Notices that arrive while the replay is read wait here, so they follow it in order.
      let pending: LiveNotice[] | null = [];
      // What the replay sent: its notices can still reach the hub after the replay (a notification is delivered a
      // little after its commit), and a page should hear of each change once.
      const replayed = new Set<number>();
      const subscriber: LiveSubscriber = {
        notice: (notice) => {
          if (!visibleTo(viewer, notice) || replayed.has(notice.id)) return;
          if (pending) pending.push(notice);
          else sendNotice(notice);
        },
        resync: () => write({ data: { type: 'resync' } }),
        end: () => stream.close(),
      };

      try {
        stream.keepAlive();
        subscribed = await hub.subscribe(subscriber);
        if (!stream.isConnected) return cleanUp();
        reply.header('cache-control', 'no-store');
        stream.sendHeaders();
        await stream.send({ retry: RETRY_MS, data: undefined });

        const start = startOf((value) => openCursor(cursorKey, viewer.id, value), stream.lastEventId, request.query.lastEventId);
        if (start.kind === 'fresh') {
          // A fresh page: it starts at the newest event, so its first reconnect replays what came after.
          await stream.send({ id: cursor(await headEventId(app.db)), event: 'ready', data: {} });
        } else {
          const replay = start.kind === 'after' ? await replaySince(app.db, viewer, start.id) : { kind: 'resync' as const, head: await headEventId(app.db) };
          if (replay.kind === 'resync') {
            await stream.send({ id: cursor(replay.head), data: { type: 'resync' } });
          } else {
            for (const notice of replay.notices) {
              replayed.add(notice.id);
              await stream.send({ id: cursor(notice.id), data: wireEvent(notice) });
            }
          }
          await stream.send({ event: 'ready', data: {} });
        }
        const waiting = pending;
        pending = null;
        for (const notice of waiting) if (!replayed.has(notice.id)) sendNotice(notice);
      } catch (err) {
        // Headers may be out already: the stream just ends, and the browser reconnects.
        request.log.warn({ err }, 'live updates: stream failed to start');
        if (stream.isConnected) stream.close();
        cleanUp();
        if (!reply.raw.headersSent) throw new HttpError(503, 'Live updates are unavailable. Please try again.', { 'retry-after': '5' });
      }
    },
  );
}
