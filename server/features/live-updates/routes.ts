import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sse, { type SSEMessage } from '@fastify/sse';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENTS_PATH, LIVE_MESSAGES, MAX_LIVE_STREAMS_PER_ACCOUNT, liveEventSchema } from '../../../shared/live-updates.schema';
import type { DatabaseHandle } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
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

function lastIdOf(...candidates: (string | null | undefined)[]): number | null {
  for (const value of candidates) {
    if (value && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return null;
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
    // The route in a context of its own, so the SSE plugin's hooks see no other route.
    await app.register(async (child) => streamRoute(child, hub));
  },
  { name: 'live-updates' },
);

async function streamRoute(app: FastifyInstance, hub: LiveHub): Promise<void> {
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
        querystring: z.object({ lastEventId: z.string().max(40).optional() }),
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
      const sendNotice = (notice: LiveNotice) => write({ id: String(notice.id), data: wireEvent(notice) });
      // Notices that arrive while the replay is read wait here, so they follow it in order.
      let pending: LiveNotice[] | null = [];
      const subscriber: LiveSubscriber = {
        notice: (notice) => {
          if (!visibleTo(viewer, notice)) return;
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

        const lastId = lastIdOf(stream.lastEventId, request.query.lastEventId);
        const replayed = new Set<number>();
        if (lastId === null) {
          // A fresh page: it starts at the newest event, so its first reconnect replays what came after.
          await stream.send({ id: String(await headEventId(app.db)), event: 'ready', data: {} });
        } else {
          const replay = await replaySince(app.db, viewer, lastId);
          if (replay.kind === 'resync') {
            await stream.send({ id: String(replay.head), data: { type: 'resync' } });
          } else {
            for (const notice of replay.notices) {
              replayed.add(notice.id);
              await stream.send({ id: String(notice.id), data: wireEvent(notice) });
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
