import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { emailOutbox } from '../db/schema';
import { newId } from '../lib/ids';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { notifyContactMessage, notifyReviewStarted } from './notify';
import { GIVE_UP_AFTER_MS } from './retry';
import { insertOrder, smtpWorker, signUpQuietly } from '../test-support/mail';
import { SmtpSink } from '../test-support/smtp-sink';
import { MailDelivery } from './delivery';

const TEAM = 'team@humanproof.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: TEAM });
});

afterAll(async () => {
  await t?.close();
});

// Each test starts from an empty outbox, so one test's leftovers never count in another.
beforeEach(async () => {
  await t.app.db.delete(emailOutbox);
});

async function rowFor(kindAndEvent: string) {
  const rows = await t.app.db.select().from(emailOutbox);
  const row = rows.find((r) => r.dedupeKey?.startsWith(kindAndEvent));
  if (!row) throw new Error(`no outbox row for ${kindAndEvent}`);
  return row;
}

async function queueContact(tag = newId()): Promise<string> {
  await t.app.db.transaction((tx) =>
    notifyContactMessage(t.app.mail, tx, { id: tag, firstName: 'Ann', lastName: 'Other', email: 'ann@example.com', subject: tag, message: 'Hi' }),
  );
  return tag;
}

describe('mail worker', () => {
  it('an e-mail queued within the same millisecond as the worker\'s clock is due (database microseconds)', async () => {
    await queueContact();
    const row = await rowFor('contact');
    // The database keeps microseconds, a Date milliseconds: 12:00:00.123456 is due at 12:00:00.123.
    await t.app.db.update(emailOutbox).set({ nextAttemptAt: sql`'2026-01-01T12:00:00.123456Z'::timestamptz` }).where(eq(emailOutbox.id, row.id));
    const sink = new SmtpSink();
    await sink.start();
    try {
      const { worker } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { now: () => new Date('2026-01-01T12:00:00.123Z') });
      expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    } finally {
      await sink.stop();
    }
  });

  it('with the SMTP server down the change still commits; the e-mail arrives once after the server comes back', async () => {
    const sink = new SmtpSink();
    await sink.start();
    await sink.stop();
    const customer = await signUpQuietly(t.app);
    const submission = await insertOrder(t.app.db, customer.id, { status: 'in-review' });
    await t.app.db.transaction((tx) => notifyReviewStarted(t.app.mail, tx, submission));

    let clock = Date.now() + 1_000;
    const { worker, transport } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { now: () => new Date(clock) });

    const first = await worker.runOnce();
    expect(first).toMatchObject({ claimed: 1, retrying: 1, sent: 0 });
    let row = await rowFor(`review-started:${submission.id}`);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime() - clock).toBe(30_000);

    // Not due yet: nothing is tried.
    expect((await worker.runOnce()).claimed).toBe(0);

    await sink.start();
    clock += 31_000;
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    row = await rowFor(`review-started:${submission.id}`);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBeNull();
    expect(row.sentAt).not.toBeNull();

    clock += 3 * 3_600_000;
    expect((await worker.runOnce()).claimed).toBe(0);
    expect(sink.to(customer.email)).toHaveLength(1);
    transport.close();
    await sink.stop();
  });

  it('retries with growing delays for at least 24 hours, then marks the e-mail failed with the last error', async () => {
    const sink = new SmtpSink();
    await sink.start();
    await sink.stop();
    const tag = await queueContact();
    const row0 = await rowFor(`contact-message:${tag}`);
    let clock = Date.now() + 1_000;
    const { worker, transport } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { now: () => new Date(clock) });

    const delays: number[] = [];
    let row = row0;
    for (let round = 0; round < 60 && row.status === 'pending'; round += 1) {
      clock = Math.max(clock, row.nextAttemptAt.getTime());
      const result = await worker.runOnce();
      expect(result.claimed).toBe(1);
      row = await rowFor(`contact-message:${tag}`);
      if (row.status === 'pending') delays.push(row.nextAttemptAt.getTime() - clock);
    }
    expect(delays.slice(0, 6)).toEqual([30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000]);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(clock - row0.createdAt.getTime()).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(row.attempts).toBe(delays.length + 1);
    // Failed rows are left alone.
    clock += 10 * 3_600_000;
    expect((await worker.runOnce()).claimed).toBe(0);
    transport.close();
  });

  it('gives up at once when the server refuses the recipient', async () => {
    const sink = new SmtpSink({ rejectRecipients: [TEAM] });
    await sink.start();
    const tag = await queueContact();
    const { worker, transport } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR);
    expect(await worker.runOnce()).toMatchObject({ failed: 1 });
    const row = await rowFor(`contact-message:${tag}`);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/550/);
    transport.close();
    await sink.stop();
  });

  it('a row claimed by a worker that died is sent by another once its lease runs out, and only once', async () => {
    const sink = new SmtpSink();
    await sink.start();
    const tag = await queueContact();
    // The first worker claims the row and never comes back (a crashed process).
    const dead = new MailDelivery({
      db: t.app.db,
      transport: { kind: 'smtp', send: () => new Promise<void>(() => undefined), close: () => undefined },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      leaseMs: 60_000,
    });
    void dead.runOnce();
    const deadline = Date.now() + 5_000;
    let claimed = await rowFor(`contact-message:${tag}`);
    while (claimed.nextAttemptAt.getTime() < Date.now() + 30_000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      claimed = await rowFor(`contact-message:${tag}`);
    }
    expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    let clock = Date.now();
    const { worker, transport } = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { now: () => new Date(clock) });
    expect((await worker.runOnce()).claimed).toBe(0);
    clock += 62_000;
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(sink.received.filter((m) => m.parsed.subject === `Contact form: ${tag}`)).toHaveLength(1);
    expect((await rowFor(`contact-message:${tag}`)).status).toBe('sent');
    transport.close();
    await sink.stop();
  });
});

describe('mail worker in the app', () => {
  it('starts with the app (MAIL_WORKER=on), picks up what an earlier run left, and on close finishes the send in flight', async () => {
    let dataStarted = false;
    const sink = new SmtpSink({ delayMs: 800, onDataStart: () => (dataStarted = true) });
    await sink.start();
    // The first run (worker off) queues an e-mail and stops; the next run on the same database sends it.
    const first = await createTestApp({ ADMIN_EMAILS: TEAM });
    try {
      const tag = newId();
      await first.app.db.transaction((tx) =>
        notifyContactMessage(t.app.mail, tx, { id: tag, firstName: 'A', lastName: 'B', email: 'a@example.com', subject: tag, message: 'x' }),
      );
      await first.app.close();
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: first.config.DATA_DIR,
        SESSION_SECRET: first.config.SESSION_SECRET!,
        ADMIN_EMAILS: TEAM,
        MAIL_WORKER: 'on',
        SMTP_URL: sink.url,
      });
      const restarted = await buildApp({ config, database: first.database.handle, clientDir: null });
      await restarted.ready();
      const deadline = Date.now() + 10_000;
      while (!dataStarted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(dataStarted).toBe(true);
      // Close while the server still holds the message: close waits for the send and records it.
      await restarted.close();
      expect(sink.received.filter((m) => m.parsed.subject === `Contact form: ${tag}`)).toHaveLength(1);
      const [row] = await first.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact-message'));
      expect(row!.status).toBe('sent');
      expect(row!.attempts).toBe(1);
    } finally {
      await first.database.drop();
      await sink.stop();
    }
  });
});

describe('several workers over one outbox', () => {
  it('send each e-mail exactly once (really concurrent on PostgreSQL)', async () => {
    const sink = new SmtpSink({ delayMs: 5 });
    await sink.start();
    const tags: string[] = [];
    for (let i = 0; i < 24; i += 1) tags.push(await queueContact(`race-${i}-${newId()}`));

    // A second, separate connection pool on PostgreSQL: two app instances. PGlite has one connection.
    let second: DatabaseHandle | null = null;
    if (t.database.databaseUrl) {
      second = await openDatabase({ databaseUrl: t.database.databaseUrl, dataDir: t.config.DATA_DIR, migrate: false });
    }
    const a = smtpWorker(t.app.db, sink.url, t.config.DATA_DIR, { batchSize: 3 });
    const b = smtpWorker(second?.db ?? t.app.db, sink.url, t.config.DATA_DIR, { batchSize: 3 });
    const drain = async (w: MailDelivery) => {
      let sent = 0;
      for (;;) {
        const r = await w.runOnce();
        sent += r.sent;
        if (r.claimed === 0) return sent;
      }
    };
    const [sentA, sentB] = await Promise.all([drain(a.worker), drain(b.worker)]);
    expect(sentA + sentB).toBe(tags.length);
    if (second) {
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
    }
    for (const tag of tags) {
      expect(sink.received.filter((m) => m.parsed.subject === `Contact form: ${tag}`), tag).toHaveLength(1);
    }
    a.transport.close();
    b.transport.close();
    await second?.close();
    await sink.stop();
  });
});
