import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import { describeError, GIVE_UP_AFTER_MS, isPermanentFailure, retryDelayMs } from './retry';
import type { MailTransport } from './transport';
import { dueBefore } from '../lib/due-before';

export interface WorkerLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface MailDeliveryOptions {
  db: Database;
  transport: MailTransport;
  log: WorkerLogger;
  /** The clock (tests move it forward to make retries due). */
  now?: () => Date;
  /** Rows claimed per round. */
  batchSize?: number;
  /**
   * How long a claimed row stays invisible to other workers. Longer than any one send can take (the SMTP
   * timeouts bound it to well under a minute), so a row is only reclaimed when its worker died.
   */
  leaseMs?: number;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Claimed rows handed back unsent because the worker is stopping. */
  released: number;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Delivers the e-mail outbox, one round per "mail.deliver" job (server/jobs; enqueueEmail queues one with each
 * e-mail, and a cron runs one every minute for retries). Each round:
 *  1. claims due rows in one short transaction (FOR UPDATE SKIP LOCKED, then next_attempt_at := a lease), so
 *     several workers never take the same row and no lock is held while talking to the mail server;
 *  2. sends each row;
 *  3. records the outcome (sent, or the next attempt / failed), only if the lease is still this worker's.
 * A crash between 1 and 3 leaves the row pending with an expiring lease: it is sent again later (never lost;
 * the Message-ID stays the same so a receiving system can recognise the repeat).
 */
export class MailDelivery {
  private readonly db: Database;
  private readonly transport: MailTransport;
  private readonly log: WorkerLogger;
  private readonly now: () => Date;
  readonly batchSize: number;
  private readonly leaseMs: number;
  private stopping = false;

  constructor(options: MailDeliveryOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.batchSize = options.batchSize ?? 10;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  /** One round: claim what is due, send it, record the outcomes. */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0 };
    const { rows, lease } = await this.claim();
    result.claimed = rows.length;
    for (let i = 0; i < rows.length; i += 1) {
      if (this.stopping) {
        result.released = await this.release(rows.slice(i), lease);
        break;
      }
      const outcome = await this.deliver(rows[i]!, lease);
      result[outcome] += 1;
    }
    return result;
  }

  /** The app is stopping: the send in flight finishes, the rest of the batch is handed back unsent. */
  requestStop(): void {
    this.stopping = true;
  }

  private async claim(): Promise<{ rows: OutboxRow[]; lease: Date }> {
    const now = this.now();
    // A few random milliseconds make the lease a token: an outcome is recorded only by the worker whose lease it is.
    const lease = new Date(now.getTime() + this.leaseMs + Math.floor(Math.random() * 1000));
    const rows = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.nextAttemptAt, dueBefore(now))))
        .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return due;
      await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: lease })
        .where(
          inArray(
            emailOutbox.id,
            due.map((r) => r.id),
          ),
        );
      return due;
    });
    return { rows, lease };
  }

  private async deliver(row: OutboxRow, lease: Date): Promise<'sent' | 'retrying' | 'failed'> {
    const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.nextAttemptAt, lease));
    try {
      await this.transport.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        replyTo: row.replyTo,
      });
    } catch (err) {
      const attempts = row.attempts + 1;
      const now = this.now();
      const lastError = describeError(err);
      const giveUp = isPermanentFailure(err) || now.getTime() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
      await this.db
        .update(emailOutbox)
        .set(giveUp ? { status: 'failed', attempts, lastError } : { attempts, lastError, nextAttemptAt })
        .where(mine);
      const log = { id: row.id, kind: row.kind, to: row.toAddress, attempts, error: lastError };
      if (giveUp) {
        this.log.error(log, 'e-mail failed for good');
        return 'failed';
      }
      this.log.warn({ ...log, nextAttemptAt }, 'e-mail not sent; will retry');
      return 'retrying';
    }
    const updated = await this.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: this.now(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
      .where(mine)
      .returning({ id: emailOutbox.id });
    if (updated.length === 0) {
      this.log.warn({ id: row.id }, 'e-mail sent after its lease ran out; another worker may send it too');
    } else {
      this.log.info({ id: row.id, kind: row.kind, to: row.toAddress }, 'e-mail sent');
    }
    return 'sent';
  }

  private async release(rows: OutboxRow[], lease: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const released = await this.db
      .update(emailOutbox)
      .set({ nextAttemptAt: this.now() })
      .where(
        and(
          inArray(
            emailOutbox.id,
            rows.map((r) => r.id),
          ),
          eq(emailOutbox.status, 'pending'),
          eq(emailOutbox.nextAttemptAt, lease),
        ),
      )
      .returning({ id: emailOutbox.id });
    return released.length;
  }
}
