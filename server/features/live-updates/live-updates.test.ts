import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { LIVE_MESSAGES, MAX_LIVE_STREAMS_PER_ACCOUNT } from '../../../shared/live-updates.schema';
import { TEST_DATABASE_URL } from '../../test-support/database';
import { createOrder, createPaidOrder } from '../../test-support/orders';
import { addMember, createOrganisation, removeMember } from '../../test-support/organisations';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { liveCursorKey, openCursor, sealCursor } from './cursor';
import { recordLiveEvent } from './publish';
import { headEventId } from './replay';

/** One event read off the stream: its SSE fields, with `data` parsed. */
interface StreamEvent {
  id?: string;
  event?: string;
  data?: unknown;
}

/** A real HTTP client on the stream (inject does not stream): fetch, reading the body as it arrives. */
interface OpenStream {
  status: number;
  /** Every event so far except `ready` and `retry`-only blocks: what the page would act on. */
  events: () => { type: string; orderId?: string }[];
  raw: StreamEvent[];
  /** The id of the last event that had one (what EventSource sends back as Last-Event-ID). */
  lastId: () => string | undefined;
  waitFor: (predicate: (events: StreamEvent[]) => boolean, ms?: number) => Promise<void>;
  close: () => void;
  ended: Promise<void>;
}

async function openStream(base: string, who: SignedInUser | null, headers: Record<string, string> = {}, query = ''): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events${query}`, {
    headers: { accept: 'text/event-stream', ...(who ? { cookie: who.cookie } : {}), ...headers },
    signal: controller.signal,
  });
  const raw: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event: StreamEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'id') event.id = value;
            if (field === 'event') event.event = value;
            if (field === 'data') event.data = JSON.parse(value);
          }
          if (event.data !== undefined || event.id !== undefined) raw.push(event);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
  })();
  return {
    status: response.status,
    raw,
    events: () => raw.filter((e) => e.event === undefined && e.data !== undefined).map((e) => e.data as { type: string; orderId?: string }),
    lastId: () => raw.filter((e) => e.id !== undefined).at(-1)?.id,
    waitFor: (predicate, ms = 20_000) =>
      new Promise<void>((resolve, reject) => {
        if (predicate(raw)) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`stream did not get the expected events within ${ms} ms: ${JSON.stringify(raw)}`));
        }, ms);
        const check = () => {
          if (!predicate(raw)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    close: () => controller.abort(),
    ended,
  };
}

const ready = (events: StreamEvent[]) => events.some((e) => e.event === 'ready');
const has = (type: string, orderId: string) => (events: StreamEvent[]) =>
  events.some((e) => (e.data as { type?: string } | undefined)?.type === type && (e.data as { orderId?: string }).orderId === orderId);

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`live updates over ${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestApp;
  let base: string;
  let customerA: SignedInUser;
  let customerB: SignedInUser;
  let reviewer: SignedInUser;
  let admin: SignedInUser;
  /** Customer A's orders from earlier tests. */
  const ordersOfA: string[] = [];
  const open: OpenStream[] = [];
  const stream = async (...args: Parameters<typeof openStream>) => {
    const s = await openStream(...args);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    [customerA, customerB, reviewer, admin] = [await signUp(t.app), await signUp(t.app), await signUpReviewer(t.app), await signUpAdmin(t.app)];
  });

  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('an admin status change reaches its customer and the team; another customer gets nothing; claims stay with the team', async () => {
    const orderA = await createPaidOrder(t.app, customerA);
    ordersOfA.push(orderA);
    const orderB = await createPaidOrder(t.app, customerB);
    const [a, b, team] = [await stream(base, customerA), await stream(base, customerB), await stream(base, reviewer)];
    expect([a.status, b.status, team.status]).toEqual([200, 200, 200]);
    await Promise.all([a, b, team].map((s) => s.waitFor(ready)));

    const moved = await t.request('PATCH', `/api/admin/submissions/${orderA}/status`, admin, { status: 'in-review' });
    expect(moved.statusCode, moved.body).toBe(200);
    await a.waitFor(has('order.in_review', orderA));

    expect((await t.request('POST', `/api/admin/submissions/${orderA}/claim`, reviewer)).statusCode).toBe(200);
    expect((await t.request('POST', '/api/messages', customerA, { submissionId: orderA, content: 'Any news?' })).statusCode).toBe(201);
    // Last: a change to B's order. Every stream is offered every notice in commit order, so once the team's stream
    // has this one, A's has been offered it too (and must have dropped it).
    expect((await t.request('POST', '/api/messages', customerB, { submissionId: orderB, content: 'Hello' })).statusCode).toBe(201);
    await team.waitFor(has('message', orderB));
    await b.waitFor(has('message', orderB));
    await a.waitFor(has('message', orderA));

    expect(a.events()).toEqual([
      { type: 'order.in_review', orderId: orderA },
      { type: 'message', orderId: orderA },
    ]);
    expect(b.events()).toEqual([{ type: 'message', orderId: orderB }]);
    expect(team.events()).toEqual([
      { type: 'order.in_review', orderId: orderA },
      { type: 'claim', orderId: orderA },
      { type: 'message', orderId: orderA },
      { type: 'message', orderId: orderB },
    ]);
    // Never money, never content: an event is its type and an order id.
    for (const s of [a, b, team]) {
      for (const e of s.raw) expect(Object.keys((e.data ?? {}) as object).every((k) => k === 'type' || k === 'orderId'), JSON.stringify(e)).toBe(true);
    }
  });

  it('Last-Event-ID replays what a reconnecting page missed, and only what it may see', async () => {
    const [first, firstOfTeam] = [await stream(base, customerA), await stream(base, reviewer)];
    await Promise.all([first, firstOfTeam].map((s) => s.waitFor(ready)));
    const lastSeen = first.lastId();
    const lastSeenByTeam = firstOfTeam.lastId();
    expect(lastSeen).toMatch(/^[A-Za-z0-9_-]{48}$/);
    first.close();
    firstOfTeam.close();

    const orderA = await createOrder(t.app, customerA);
    const orderB = await createOrder(t.app, customerB);
    expect((await t.request('PATCH', `/api/admin/submissions/${orderB}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    expect((await t.request('PATCH', `/api/admin/submissions/${orderA}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    expect((await t.request('POST', `/api/admin/submissions/${orderA}/claim`, admin)).statusCode).toBe(200);
    expect((await t.request('POST', '/api/messages', admin, { submissionId: orderA, content: 'Started on it.' })).statusCode).toBe(201);

    // The replay ends with what was missed; it may start with a few of the page's own older events again (the
    // slack for commits that land out of id order), but never with another customer's or a claim.
    const expected = [
      { type: 'order.in_review', orderId: orderA },
      { type: 'message', orderId: orderA },
    ];
    const mine = new Set([orderA, ...ordersOfA]);
    const again = await stream(base, customerA, { 'last-event-id': lastSeen! });
    await again.waitFor(ready);
    expect(again.events().slice(-2)).toEqual(expected);
    expect(again.events().filter((e) => !mine.has(e.orderId!) || e.type === 'claim')).toEqual([]);
    // EventSource cannot set headers on a fresh connection: the hook passes the id in the query instead.
    const viaQuery = await stream(base, customerA, {}, `?lastEventId=${lastSeen}`);
    await viaQuery.waitFor(ready);
    expect(viaQuery.events()).toEqual(again.events());
    // The team's replay has every order's events, claims included.
    const team = await stream(base, reviewer, { 'last-event-id': lastSeenByTeam! });
    await team.waitFor(ready);
    expect(team.events().slice(-4)).toEqual([
      { type: 'order.in_review', orderId: orderB },
      { type: 'order.in_review', orderId: orderA },
      { type: 'claim', orderId: orderA },
      { type: 'message', orderId: orderA },
    ]);
    // An id this database never gave (another database, a reset): refetch everything.
    const key = liveCursorKey(t.app.sessionSecret);
    const unknown = await stream(base, customerA, { 'last-event-id': sealCursor(key, customerA.id, 999_999_999) });
    await unknown.waitFor(ready);
    expect(unknown.events()).toEqual([{ type: 'resync' }]);
  });

  it('a notification that reaches the hub after the replay already sent its row is not sent again', async () => {
    const key = liveCursorKey(t.app.sessionSecret);
    const who = await signUp(t.app);
    const order = await createOrder(t.app, who);
    const before = await stream(base, who);
    await before.waitFor(ready);
    const since = before.lastId()!;
    before.close();
    expect((await t.request('POST', '/api/messages', who, { submissionId: order, content: 'While away' })).statusCode).toBe(201);
    const again = await stream(base, who, { 'last-event-id': since });
    await again.waitFor(ready);
    const replayed = again.raw.find((e) => (e.data as { type?: string } | undefined)?.type === 'message')!;
    // The same row's notification arriving now, as PostgreSQL may deliver it a little after the commit the replay read.
    const late = { id: openCursor(key, who.id, replayed.id!), type: 'message', orderId: order, customerId: who.id, organisationId: null };
    (t.app.liveHub as unknown as { dispatch: (payload: string) => void }).dispatch(JSON.stringify(late));
    // A later change: once it is on the stream, the late notification has been offered before it.
    await recordLiveEvent(t.app.db, 'order.paid', order);
    await again.waitFor(has('order.paid', order));
    expect(again.events()).toEqual([
      { type: 'message', orderId: order },
      { type: 'order.paid', orderId: order },
    ]);
    again.close();
  });

  it('event ids are sealed cursors: they tell no count and no order, and open only for their viewer', async () => {
    const key = liveCursorKey(t.app.sessionSecret);
    const who = await signUp(t.app);
    const order = await createOrder(t.app, who);
    // Two pages opened one after the other with nothing in between: different ids for the same position.
    const [one, two] = [await stream(base, who), await stream(base, who)];
    await Promise.all([one, two].map((s) => s.waitFor(ready)));
    const head = await headEventId(t.app.db);
    expect(one.lastId()).not.toBe(two.lastId());
    for (const s of [one, two]) expect(openCursor(key, who.id, s.lastId()!)).toBe(head);
    for (let i = 0; i < 3; i += 1) {
      expect((await t.request('POST', '/api/messages', who, { submissionId: order, content: `Note ${i}` })).statusCode).toBe(201);
    }
    await one.waitFor(() => one.events().length === 3);
    const ids = one.raw.map((e) => e.id).filter((id): id is string => id !== undefined);
    expect(ids).toHaveLength(4); // ready, then the three messages
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{48}$/);
      expect(id).not.toMatch(/^\d+$/);
    }
    expect(new Set(ids).size).toBe(4);
    // Only this server, for this viewer, reads them: in feed order, which the ids themselves do not show.
    expect(ids.map((id) => openCursor(key, who.id, id))).toEqual([head, head + 1, head + 2, head + 3]);
    expect(ids.map((id) => openCursor(key, customerA.id, id))).toEqual([null, null, null, null]);
    one.close();
    two.close();
  });

  it("a cursor that is not the viewer's own (altered, made up, another customer's, the feed's bare numbers) replays nothing: one resync and a fresh cursor", async () => {
    const key = liveCursorKey(t.app.sessionSecret);
    const hub = t.app.liveHub;
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    const [a, b] = [await stream(base, me), await stream(base, other)];
    await Promise.all([a, b].map((s) => s.waitFor(ready)));
    const [cursorOfA, cursorOfB] = [a.lastId()!, b.lastId()!];
    const streamsBefore = hub.size - 1;
    a.close();
    await until(() => hub.size === streamsBefore);
    // The other customer's order changes after both cursors: what a stolen or forged cursor would be after.
    const orderB = await createPaidOrder(t.app, other);
    expect((await t.request('POST', '/api/messages', other, { submissionId: orderB, content: 'Private' })).statusCode).toBe(201);
    await b.waitFor(has('message', orderB));

    const flip = (c: string, at: number) => `${c.slice(0, at)}${c[at] === 'A' ? 'B' : 'A'}${c.slice(at + 1)}`;
    const forged = [
      ['another customer’s cursor', cursorOfB],
      ['altered nonce', flip(cursorOfA, 0)],
      ['altered id', flip(cursorOfA, 17)],
      ['altered tag', flip(cursorOfA, 47)],
      ['cut short', cursorOfA.slice(0, 40)],
      ['a bare feed id', '1'],
      ['sealed under another secret', sealCursor(liveCursorKey('another-secret-another-secret-another'), me.id, 1)],
      ['not a cursor at all', 'hello, world'],
    ];
    for (const [what, cursor] of forged) {
      const ways: { headers: Record<string, string>; query: string }[] = [
        { headers: { 'last-event-id': cursor! }, query: '' },
        { headers: {}, query: `?lastEventId=${encodeURIComponent(cursor!)}` },
      ];
      for (const how of ways) {
        const s = await stream(base, me, how.headers, how.query);
        expect(s.status, what).toBe(200);
        await s.waitFor(ready);
        expect(s.events(), what).toEqual([{ type: 'resync' }]);
        // The resync carries a fresh cursor of the viewer's, at the head: the page (use-live-updates.ts) keeps it.
        expect(openCursor(key, me.id, s.lastId()!), what).toBe(await headEventId(t.app.db));
        s.close();
        await until(() => hub.size === streamsBefore);
      }
    }

    // The viewer's own cursor still replays: nothing of the other customer's.
    const replay = await stream(base, me, { 'last-event-id': cursorOfA });
    await replay.waitFor(ready);
    expect(replay.events()).toEqual([]);
    // And the fresh cursor a resync gave carries on as well: a change after it is replayed from it.
    const resynced = await stream(base, me, { 'last-event-id': 'hello, world' });
    await resynced.waitFor(ready);
    const fresh = resynced.lastId()!;
    resynced.close();
    const mine = await createPaidOrder(t.app, me);
    const carriedOn = await stream(base, me, { 'last-event-id': fresh });
    await carriedOn.waitFor(has('order.paid', mine));
    expect(carriedOn.events().filter((e) => e.orderId !== mine)).toEqual([]);
    replay.close();
    carriedOn.close();
  });

  it("an organisation's order reaches every current member (live and replayed), never another organisation's member, nor its placer once they left (decision 047)", async () => {
    const [placer, colleague, outsider] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const organisation = await createOrganisation(t.app.db, placer.id, 'Live Ltd');
    await addMember(t.app.db, organisation, colleague.id);
    await createOrganisation(t.app.db, outsider.id, 'Elsewhere Ltd');
    const order = await createPaidOrder(t.app, placer);
    const [p, c, o] = [await stream(base, placer), await stream(base, colleague), await stream(base, outsider)];
    await Promise.all([p, c, o].map((s) => s.waitFor(ready)));
    const lastSeen = c.lastId()!;
    const lastSeenByOutsider = o.lastId()!;

    expect((await t.request('PATCH', `/api/admin/submissions/${order}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    expect((await t.request('POST', `/api/admin/submissions/${order}/claim`, reviewer)).statusCode).toBe(200);
    expect((await t.request('POST', '/api/messages', colleague, { submissionId: order, content: 'From a colleague' })).statusCode).toBe(201);
    // Last: a change to the outsider's own order, so every stream has been offered the ones before it.
    const theirs = await createPaidOrder(t.app, outsider);
    expect((await t.request('POST', '/api/messages', outsider, { submissionId: theirs, content: 'Mine' })).statusCode).toBe(201);
    await o.waitFor(has('message', theirs));
    await Promise.all([p, c].map((s) => s.waitFor(has('message', order))));
    const expected = [
      { type: 'order.in_review', orderId: order },
      { type: 'message', orderId: order },
    ];
    expect(p.events()).toEqual(expected);
    expect(c.events()).toEqual(expected);
    expect(o.events().filter((e) => e.orderId === order)).toEqual([]);

    // A reconnecting colleague's replay ends with them too (after the slack's older ones, see the test above); the
    // outsider's replay never has the order.
    const again = await stream(base, colleague, { 'last-event-id': lastSeen });
    await again.waitFor(ready);
    expect(again.events().filter((e) => e.orderId === order).slice(-2)).toEqual(expected);
    const outsiderAgain = await stream(base, outsider, { 'last-event-id': lastSeenByOutsider });
    await outsiderAgain.waitFor(ready);
    expect(outsiderAgain.events().filter((e) => e.orderId === order)).toEqual([]);

    // The placer leaves: the order stays the organisation's, so a new stream of theirs hears nothing more of it.
    await removeMember(t.app.db, organisation, placer.id);
    const left = await stream(base, placer);
    const stays = await stream(base, colleague);
    await Promise.all([left, stays].map((s) => s.waitFor(ready)));
    const since = left.lastId()!;
    expect((await t.request('POST', '/api/messages', admin, { submissionId: order, content: 'Still on it.' })).statusCode).toBe(201);
    await stays.waitFor(has('message', order));
    const leftReplay = await stream(base, placer, { 'last-event-id': since });
    await leftReplay.waitFor(ready);
    expect(leftReplay.events().filter((e) => e.orderId === order)).toEqual([]);
    expect(left.events().filter((e) => e.orderId === order)).toEqual([]);
  });

  it('a change rolled back is never announced', async () => {
    const order = await createOrder(t.app, customerA);
    const a = await stream(base, customerA);
    await a.waitFor(ready);
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordLiveEvent(tx, 'order.completed', order);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await recordLiveEvent(t.app.db, 'message', order);
    await a.waitFor(has('message', order));
    expect(a.events()).toEqual([{ type: 'message', orderId: order }]);
  });

  it(`allows ${MAX_LIVE_STREAMS_PER_ACCOUNT} streams per account: the next is 429 with a message, and a closed one frees its place`, async () => {
    const who = await signUp(t.app);
    const streams = [];
    for (let i = 0; i < MAX_LIVE_STREAMS_PER_ACCOUNT; i += 1) streams.push(await stream(base, who));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_LIVE_STREAMS_PER_ACCOUNT).fill(200));
    const refused = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream', cookie: who.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: LIVE_MESSAGES.tooManyStreams });
    // Another account is not affected.
    const other = await stream(base, customerB);
    expect(other.status).toBe(200);

    const hub = t.app.liveHub;
    const before = hub.size;
    streams[0]!.close();
    await until(() => hub.size === before - 1);
    const replacement = await stream(base, who);
    expect(replacement.status).toBe(200);
  });

  it('answers 401 signed out and 406 to a request that does not ask for a stream', async () => {
    expect((await openStream(base, null)).status).toBe(401);
    const plain = await t.request('GET', '/api/events', customerA);
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ message: LIVE_MESSAGES.notAStream });
  });
});

describe('live updates and shutdown', () => {
  it('closing the app ends open streams promptly', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const who = await signUp(t.app);
      const streams = [await openStream(base, who), await openStream(base, who)];
      await Promise.all(streams.map((s) => s.waitFor(ready)));
      // Without the preClose hook, close() would wait for the streams until the test's own timeout.
      await t.app.close();
      await Promise.all(streams.map((s) => s.ended));
      expect(t.app.liveHub.size).toBe(0);
    } finally {
      await t.database.drop();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('live updates across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a change made through one instance reaches a stream held by another, and its cursor replays on the first', async () => {
    const t = await createTestApp();
    const secondDb = await openDatabase({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir, migrate: false });
    const second = await buildApp({ config: t.config, database: secondDb, clientDir: null });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const customer = await signUp(t.app);
      const admin = await signUpAdmin(t.app);
      const order = await createPaidOrder(t.app, customer);
      const s = await openStream(base, customer);
      await s.waitFor(ready);
      expect((await t.request('PATCH', `/api/admin/submissions/${order}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
      await s.waitFor(has('order.in_review', order));
      s.close();

      // The cursor the second instance sealed replays on the first: the key comes from the shared session secret.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const firstBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      expect((await t.request('POST', '/api/messages', admin, { submissionId: order, content: 'Missed while away' })).statusCode).toBe(201);
      const replay = await openStream(firstBase, customer, { 'last-event-id': s.lastId()! });
      await replay.waitFor(ready);
      // (After the slack's older events of the order, see the replay test above; never a resync.)
      expect(replay.events().at(-1)).toEqual({ type: 'message', orderId: order });
      expect(replay.events().filter((e) => e.type === 'resync')).toEqual([]);
      replay.close();
    } finally {
      await second.close();
      await secondDb.close();
      await t.close();
    }
  });
});
