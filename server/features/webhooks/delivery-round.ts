import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { BRAND } from '../../../shared/brand';
import type { Database } from '../../db/client';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { newId } from '../../lib/ids';
import { enqueueEmail } from '../../mail/outbox';
import type { MailSettings } from '../../mail/settings';
import type { WorkerLogger } from '../../mail/delivery';
import { renderEmail } from '../../mail/templates/layout';
import type { Resolver } from './address';
import { deliverWebhook } from './deliver';
import { dueBefore } from '../../lib/due-before';

/** Retried for this long after the event, then the delivery fails and its endpoint is disabled (decision 025). */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 2 * 60 * 60_000;

/** 30 s, 1 min, 2 min, 4 min … doubling, at most 2 hours between attempts. */
export function webhookRetryDelayMs(failedAttempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

export interface WebhookDeliveryOptions {
  db: Database;
  mail: MailSettings;
  log: WorkerLogger;
  allowLoopback: boolean;
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  resolve?: Resolver;
}

/**
 * Delivers the webhook outbox, one round per "webhooks.deliver" job (server/jobs), the way e-mail is delivered
 * (server/mail/delivery.ts): claim due rows in a
 * short transaction (FOR UPDATE SKIP LOCKED, next_attempt_at := a lease that is also this worker's token), deliver
 * without holding a lock, record the outcome only while the lease is still ours. Several instances never send one
 * row at once; a crash mid-send leaves the row to be sent again when the lease runs out (receivers dedupe by the
 * event id).
 */
export class WebhookDelivery {
  private readonly now: () => Date;
  readonly batchSize: number;
  private readonly leaseMs: number;
  private stopping = false;

  constructor(private readonly options: WebhookDeliveryOptions) {
    this.now = options.now ?? (() => new Date());
    this.batchSize = options.batchSize ?? 10;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  async runOnce(): Promise<{ claimed: number; delivered: number; retrying: number; failed: number }> {
    const result = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
    const { rows, lease } = await this.claim();
    result.claimed = rows.length;
    // At most one delivery per endpoint, all at once: an endpoint that hangs holds up only its own deliveries, for
    // at most the delivery timeout (issue 29).
    const outcomes = await Promise.all(rows.map((row) => (this.stopping ? null : this.deliver(row, lease))));
    for (const outcome of outcomes) if (outcome) result[outcome] += 1;
    return result;
  }

  /** The app is stopping: the delivery in flight finishes, the rest of the batch waits for the next round. */
  requestStop(): void {
    this.stopping = true;
  }

  private async claim() {
    const now = this.now();
    const lease = new Date(now.getTime() + this.leaseMs + Math.floor(Math.random() * 1000));
    const dueCondition = and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.nextAttemptAt, dueBefore(now)), eq(webhookEndpoints.enabled, true));
    const rows = await this.options.db.transaction(async (tx) => {
      // Fair between endpoints: only the oldest due delivery of each endpoint (a hanging one holds one place).
      const firstPerEndpoint = tx
        .select({
          id: webhookDeliveries.id,
          userId: webhookEndpoints.userId,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          createdAt: webhookDeliveries.createdAt,
          place: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt})`.as('place'),
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(dueCondition)
        .as('first_per_endpoint');
      // Fair between accounts (decision 054): each account's endpoints take turns, oldest first, and the batch is
      // dealt turn by turn, every account's first turn before anyone's second. However many events one account
      // queued, any other account's next delivery is in the next round while fewer than a batch of accounts wait;
      // with more, accounts of the same turn are drawn at random, so none waits behind another's backlog. An
      // account alone still fills the batch. The order lives in this query: several instances share it.
      const byAccount = tx
        .select({
          id: firstPerEndpoint.id,
          turn: sql<number>`row_number() over (partition by ${firstPerEndpoint.userId} order by ${firstPerEndpoint.nextAttemptAt}, ${firstPerEndpoint.createdAt})`.as('turn'),
        })
        .from(firstPerEndpoint)
        .where(eq(firstPerEndpoint.place, 1))
        .as('by_account');
      const candidates = await tx
        .select({ id: byAccount.id })
        .from(byAccount)
        .orderBy(asc(byAccount.turn), sql`random()`)
        .limit(this.batchSize);
      if (candidates.length === 0) return [];
      const due = await tx
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret, userId: webhookEndpoints.userId })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(dueCondition, inArray(webhookDeliveries.id, candidates.map((c) => c.id))))
        .for('update', { of: webhookDeliveries, skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: lease })
          .where(inArray(webhookDeliveries.id, due.map((r) => r.delivery.id)));
      }
      return due;
    });
    return { rows, lease };
  }

  private async deliver(
    row: Awaited<ReturnType<WebhookDelivery['claim']>>['rows'][number],
    lease: Date,
  ): Promise<'delivered' | 'retrying' | 'failed'> {
    const { delivery } = row;
    const now = this.now();
    const outcome = await deliverWebhook({
      url: row.url,
      body: delivery.payload,
      secret: row.secret,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      deliveryId: delivery.id,
      allowLoopback: this.options.allowLoopback,
      now,
      resolve: this.options.resolve,
    });
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.nextAttemptAt, lease));
    const attempts = delivery.attempts + 1;
    return this.options.db.transaction(async (tx) => {
      const attempt = { id: newId(), deliveryId: delivery.id, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs, attemptedAt: now };
      if (outcome.ok) {
        const updated = await tx
          .update(webhookDeliveries)
          .set({ status: 'delivered', deliveredAt: now, attempts, lastStatusCode: outcome.statusCode, lastError: null })
          .where(mine)
          .returning({ id: webhookDeliveries.id });
        if (updated.length > 0) await tx.insert(webhookAttempts).values(attempt);
        return 'delivered';
      }
      const giveUp = now.getTime() - delivery.createdAt.getTime() >= WEBHOOK_GIVE_UP_AFTER_MS;
      const updated = await tx
        .update(webhookDeliveries)
        .set(
          giveUp
            ? { status: 'failed', attempts, lastStatusCode: outcome.statusCode, lastError: outcome.error }
            : { attempts, lastStatusCode: outcome.statusCode, lastError: outcome.error, nextAttemptAt: new Date(now.getTime() + webhookRetryDelayMs(attempts)) },
        )
        .where(mine)
        .returning({ id: webhookDeliveries.id });
      if (updated.length === 0) return giveUp ? 'failed' : 'retrying';
      await tx.insert(webhookAttempts).values(attempt);
      if (giveUp) await this.disableEndpoint(tx, delivery.endpointId, row.userId, row.url, now);
      this.options.log.warn({ deliveryId: delivery.id, attempts, error: outcome.error, giveUp }, 'webhook not delivered');
      return giveUp ? 'failed' : 'retrying';
    });
  }

  /** After 24 hours of failures: the endpoint is disabled, its other pending deliveries fail, the customer is told. */
  private async disableEndpoint(tx: Parameters<Parameters<Database['transaction']>[0]>[0], endpointId: string, userId: string, url: string, now: Date) {
    const disabled = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: now, disabledReason: 'Deliveries failed for 24 hours' })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (disabled.length === 0) return;
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: sql`coalesce(${webhookDeliveries.lastError}, 'Endpoint disabled')` })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    const [owner] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
    if (!owner) return;
    await enqueueEmail(this.options.mail.jobs, tx, {
      kind: 'webhook-disabled',
      to: owner.email,
      eventId: `${endpointId}:${now.toISOString()}`,
      email: renderEmail(this.options.mail, {
        subject: `Your ${BRAND.name} webhook endpoint was disabled`,
        heading: 'A webhook endpoint was disabled',
        intro: [
          owner.firstName ? `Hi ${owner.firstName},` : 'Hello,',
          `We could not deliver events to ${url} for 24 hours, so we disabled the endpoint. No further events are sent to it.`,
          'Fix the receiver, then enable the endpoint again in Settings and use Resend in its delivery log for the events you missed.',
        ],
        action: { label: 'Open Settings', path: '/settings' },
      }),
    });
  }
}
