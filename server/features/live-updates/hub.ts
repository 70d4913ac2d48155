import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/client';
import { LIVE_CHANNEL, parseLiveNotice, type LiveNotice } from './publish';

/** One open stream, as the hub sees it: told of every notice (it decides what its viewer may see) or to resync. */
export interface LiveSubscriber {
  notice: (notice: LiveNotice) => void;
  /** The hub may have missed notices (its database listener was lost): the page should refetch everything. */
  resync: () => void;
  /** The app is closing: end the stream now. */
  end: () => void;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * The instance's end of the live feed (decision 038): ONE database listener shared by every open stream of this
 * instance, and the streams themselves. It holds nothing another instance needs: the open connections, and how
 * many each account holds here (the per-account limit).
 *
 * - PostgreSQL: a dedicated connection (not the pool's) that LISTENs; lost, it reconnects with backoff and tells
 *   every stream to resync, since notices may have gone by meanwhile.
 * - PGlite: the embedded database's own LISTEN/NOTIFY (`pglite.listen`); it is one process, so that is all.
 *
 * The listener starts with the first stream and stops when the app closes.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly perAccount = new Map<string, number>();
  private listening: Promise<void> | null = null;
  private stopListener: (() => Promise<void>) | null = null;
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;
  private closed = false;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes one of the account's stream slots; false when it already holds `max` here. */
  reserve(accountId: string, max: number): boolean {
    const held = this.perAccount.get(accountId) ?? 0;
    if (held >= max) return false;
    this.perAccount.set(accountId, held + 1);
    return true;
  }

  release(accountId: string): void {
    const held = (this.perAccount.get(accountId) ?? 1) - 1;
    if (held <= 0) this.perAccount.delete(accountId);
    else this.perAccount.set(accountId, held);
  }

  /** Open streams on this instance (tests, and a look at the hub's health). */
  get size(): number {
    return this.subscribers.size;
  }

  /** Adds a stream once the listener is up (so nothing committed after this resolves is missed); returns its removal. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    if (this.closed) throw new Error('the live feed is closed');
    await this.startListening();
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Ends every stream (before the server stops: an open stream would hold it up) and the listener. */
  endStreams(): void {
    this.closed = true;
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
  }

  async close(): Promise<void> {
    this.endStreams();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.listening?.catch(() => undefined);
    await this.stopListener?.().catch(() => undefined);
    this.stopListener = null;
  }

  private dispatch(payload: string | undefined): void {
    const notice = parseLiveNotice(payload);
    if (!notice) return;
    for (const subscriber of this.subscribers) subscriber.notice(notice);
  }

  private startListening(): Promise<void> {
    this.listening ??= this.listen().catch((err: unknown) => {
      // The first attempt failed: the next stream tries again (the stream itself gets a 503).
      this.listening = null;
      throw err;
    });
    return this.listening;
  }

  private async listen(): Promise<void> {
    const { pglite, databaseUrl } = this.handle;
    if (pglite) {
      const unlisten = await pglite.listen(LIVE_CHANNEL, (payload) => this.dispatch(payload));
      this.stopListener = async () => {
        if (!pglite.closed) await unlisten();
      };
      return;
    }
    if (!databaseUrl) throw new Error('live updates: no database to listen on');
    await this.connect(databaseUrl);
    this.stopListener = async () => {
      const client = this.client;
      this.client = null;
      await client?.end();
    };
  }

  private async connect(databaseUrl: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) this.dispatch(message.payload);
    });
    client.on('error', (err) => this.log.warn({ err }, 'live updates: database listener failed'));
    client.on('end', () => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      this.scheduleReconnect(databaseUrl);
    });
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(databaseUrl: string): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect(databaseUrl).then(
        () => {
          this.reconnectDelay = RECONNECT_MIN_MS;
          this.log.info('live updates: database listener back');
          // Notices sent while nobody listened are lost: every page refetches what it shows.
          for (const subscriber of this.subscribers) subscriber.resync();
        },
        (err: unknown) => {
          this.log.warn({ err }, 'live updates: database listener reconnect failed');
          this.scheduleReconnect(databaseUrl);
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }
}
