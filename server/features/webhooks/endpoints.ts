import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESEND_LIMIT,
  WEBHOOK_RESEND_WINDOW_MINUTES,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../shared/api-v1.schema';
import type { Database, Executor } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { QUEUES } from '../../jobs/queues';
import type { JobSender } from '../../jobs/runner';
import { PostgresRateLimitStore } from '../../lib/rate-limit-store';
import { newId } from '../../lib/ids';
import { resolveWebhookTarget, WebhookAddressError, type Resolver } from './address';
import { generateWebhookSecret } from './sign';

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Registers an endpoint after resolving its host: a private, loopback or link-local address is refused here too. */
export async function createEndpoint(
  db: Database,
  userId: string,
  input: { url: string; events: WebhookEvent[] },
  options: { allowLoopback: boolean; resolve?: Resolver },
): Promise<CreatedWebhookEndpoint> {
  try {
    await resolveWebhookTarget(input.url, options.allowLoopback, options.resolve);
  } catch (err) {
    if (err instanceof WebhookAddressError) throw badRequest(err.message);
    throw err;
  }
  const secret = generateWebhookSecret();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${userId}`}, 0))`);
    const count = await tx.$count(webhookEndpoints, eq(webhookEndpoints.userId, userId));
    if (count >= MAX_WEBHOOK_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ id: newId(), userId, url: new URL(input.url).href, secret, events: [...new Set(input.events)] })
      .returning();
    return inserted!;
  });
  return { ...toEndpoint(row), secret };
}

export async function listEndpoints(db: Executor, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

export async function ownEndpoint(db: Executor, userId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))).limit(1);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** Enables or disables an endpoint by hand (enabling clears the reason it was disabled). */
export async function setEndpointEnabled(db: Executor, userId: string, id: string, enabled: boolean): Promise<WebhookEndpoint> {
  await ownEndpoint(db, userId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set(enabled ? { enabled, disabledAt: null, disabledReason: null } : { enabled, disabledAt: new Date(), disabledReason: 'Disabled by you' })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toEndpoint(row!);
}

export async function deleteEndpoint(db: Executor, userId: string, id: string): Promise<void> {
  await ownEndpoint(db, userId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The delivery log: the latest 50 deliveries, each with every attempt. */
export async function listDeliveries(db: Executor, userId: string, endpointId: string): Promise<WebhookDelivery[]> {
  await ownEndpoint(db, userId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(50);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id)))
        .orderBy(webhookAttempts.attemptedAt)
    : [];
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType as WebhookEvent,
    status: r.status as WebhookDelivery['status'],
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({ statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, attemptedAt: a.attemptedAt.toISOString() })),
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Resend: the same event (same id and body) as a new delivery, due now, with its delivery job (decision 031).
 * Limited per account (issue 29: thirty clicks at a hanging endpoint must not hold up other customers' events).
 */
export async function resendDelivery(db: Database, jobs: JobSender, userId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  if (!endpoint.enabled) throw conflict('Enable the endpoint before resending to it.');
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  // Counted here, after the checks above (only a resend that would happen counts), so straight on the rate-limit
  // store: a route limiter (server/plugins/rate-limit.ts) would count before them.
  const window = await new PostgresRateLimitStore(db).hit(`webhook-resend:${userId}`, WEBHOOK_RESEND_WINDOW_MINUTES * 60_000);
  if (window.current > WEBHOOK_RESEND_LIMIT) {
    throw new HttpError(429, WEBHOOK_MESSAGES.resendLimit, { 'retry-after': String(Math.ceil(window.ttl / 1000)) });
  }
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookDeliveries)
      .values({ id: newId(), endpointId, eventId: original.eventId, eventType: original.eventType, payload: original.payload })
      .returning();
    await jobs.sendInTransaction(tx, QUEUES.webhooks);
    return inserted;
  });
  return {
    id: row!.id,
    eventId: row!.eventId,
    eventType: row!.eventType as WebhookEvent,
    status: 'pending',
    attempts: [],
    nextAttemptAt: row!.nextAttemptAt.toISOString(),
    createdAt: row!.createdAt.toISOString(),
  };
}
