import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  LOW_RATING_MAX_STARS,
  RATING_CHANGE_DAYS,
  RATING_MESSAGES,
  type Audit,
  type AuditStatus,
  type OrderRating,
  type OrderRatingAnswer,
} from '../../../shared/ratings-audits.schema';
import type { Database, Executor } from '../../db/client';
import { deliveries, orderAudits, orderRatings, type SubmissionRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';

const CHANGE_WINDOW_MS = RATING_CHANGE_DAYS * 86_400_000;

/** The order's latest delivery (the one a rating rates), or null before the first. */
async function latestDelivery(db: Executor, submissionId: string) {
  const [row] = await db
    .select({ id: deliveries.id, number: deliveries.number, deliveredBy: deliveries.deliveredBy })
    .from(deliveries)
    .where(eq(deliveries.submissionId, submissionId))
    .orderBy(desc(deliveries.number))
    .limit(1);
  return row ?? null;
}

/** A delivered order may be rated: it has a delivery and was not cancelled. */
function canRate(order: Pick<SubmissionRow, 'status'>, delivery: unknown): boolean {
  return Boolean(delivery) && order.status !== 'cancelled';
}

/** The customer's rating of the order's latest delivery, and whether they may rate it (decision 068). */
export async function ratingOfOrder(db: Executor, order: Pick<SubmissionRow, 'id' | 'status'>): Promise<OrderRatingAnswer> {
  const delivery = await latestDelivery(db, order.id);
  if (!delivery) return { rating: null, canRate: false, auditStatus: null };
  const [row] = await db.select().from(orderRatings).where(eq(orderRatings.deliveryId, delivery.id)).limit(1);
  return { rating: row ? toRating(row, delivery.number) : null, canRate: canRate(order, delivery), auditStatus: await auditStatusOf(db, order.id) };
}

function toRating(row: typeof orderRatings.$inferSelect, deliveryNumber: number): OrderRating {
  return {
    stars: row.stars,
    comment: row.comment,
    deliveryNumber,
    ratedAt: row.updatedAt.toISOString(),
    changeableUntil: new Date(row.createdAt.getTime() + CHANGE_WINDOW_MS).toISOString(),
  };
}

/**
 * The customer rates the order's latest delivery (the caller has checked they may see the order: 404 otherwise).
 * One row per delivery: a second rating changes it, for 14 days after the first (one conditional upsert, so two tabs
 * cannot slip past the window). A rating of 2 or less opens an audit of that delivery, once.
 */
export async function rateOrder(
  db: Database,
  order: Pick<SubmissionRow, 'id' | 'status'>,
  input: { userId: string; stars: number; comment: string; now: Date },
): Promise<OrderRatingAnswer> {
  return db.transaction(async (tx) => {
    const delivery = await latestDelivery(tx, order.id);
    if (!canRate(order, delivery) || !delivery) throw conflict(RATING_MESSAGES.notDelivered);
    const windowStart = new Date(input.now.getTime() - CHANGE_WINDOW_MS);
    const [saved] = await tx
      .insert(orderRatings)
      .values({
        id: newId(),
        submissionId: order.id,
        deliveryId: delivery.id,
        ratedBy: input.userId,
        stars: input.stars,
        comment: input.comment,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: orderRatings.deliveryId,
        set: { stars: input.stars, comment: input.comment, ratedBy: input.userId, updatedAt: input.now },
        setWhere: gt(orderRatings.createdAt, windowStart),
      })
      .returning();
    if (!saved) throw conflict(RATING_MESSAGES.windowPassed);
    if (saved.stars <= LOW_RATING_MAX_STARS) {
      await tx
        .insert(orderAudits)
        .values({ id: newId(), submissionId: order.id, deliveryId: delivery.id, reason: 'low-rating', ratingId: saved.id, openedAt: input.now })
        .onConflictDoNothing();
    }
    return { rating: toRating(saved, delivery.number), canRate: true, auditStatus: await auditStatusOf(tx, order.id) };
  });
}

/**
 * A sampled order delivered without its sign-off because its due time was near (decision 073): the second look is an
 * audit of the delivery just made (reason "sample"), in the delivery's transaction. Once per delivery and reason; none
 * when another audit of the order is open (the partial unique indexes).
 */
export async function openSampleAudit(db: Executor, submissionId: string, now: Date): Promise<void> {
  const [delivery] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.submissionId, submissionId))
    .orderBy(desc(deliveries.number))
    .limit(1);
  if (!delivery) return;
  await db.insert(orderAudits).values({ id: newId(), submissionId, deliveryId: delivery.id, reason: 'sample', openedAt: now }).onConflictDoNothing();
}

/** The order's latest audit's status, as its customer sees it (the dashboard). */
async function auditStatusOf(db: Executor, submissionId: string): Promise<AuditStatus | null> {
  const [row] = await db
    .select({ status: orderAudits.status })
    .from(orderAudits)
    .where(eq(orderAudits.submissionId, submissionId))
    .orderBy(desc(orderAudits.openedAt))
    .limit(1);
  return row?.status ?? null;
}

/** The order's audit the team acts on: the open one, else the latest closed (GET /api/admin/submissions/:id). */
export async function auditOfOrder(db: Executor, submissionId: string): Promise<Audit | null> {
  const [row] = await db
    .select({ audit: orderAudits, deliveryNumber: deliveries.number, stars: orderRatings.stars, comment: orderRatings.comment })
    .from(orderAudits)
    .innerJoin(deliveries, eq(deliveries.id, orderAudits.deliveryId))
    .leftJoin(orderRatings, eq(orderRatings.id, orderAudits.ratingId))
    .where(eq(orderAudits.submissionId, submissionId))
    .orderBy(sql`${orderAudits.status} = 'open' desc`, desc(orderAudits.openedAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.audit.id,
    reason: row.audit.reason,
    status: row.audit.status,
    deliveryNumber: row.deliveryNumber,
    stars: row.stars ?? null,
    comment: row.comment ?? null,
    openedAt: row.audit.openedAt.toISOString(),
    closedAt: row.audit.closedAt?.toISOString() ?? null,
    notes: row.audit.notes,
  };
}

/** The queue's "Audits" view: orders with an open audit (SQL over `submissions`). */
export function hasOpenAudit(): SQL {
  // Spelled out: drizzle writes a column of a one-table query unqualified (see customer-orders/refunded-pence.ts).
  return sql`exists (select 1 from ${orderAudits} a where a.submission_id = "submissions"."id" and a.status = 'open')`;
}

/** Whether the order has an audit open now (a correction's delivery is not a late delivery: decision 068). */
export async function orderHasOpenAudit(db: Executor, submissionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderAudits.id })
    .from(orderAudits)
    .where(and(eq(orderAudits.submissionId, submissionId), eq(orderAudits.status, 'open')))
    .limit(1);
  return Boolean(row);
}
