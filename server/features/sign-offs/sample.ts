import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { SIGN_OFF_MIN_LEAD_MS } from '../../../shared/sign-offs.schema';
import type { Executor } from '../../db/client';
import { deliveries, orderSignOffs, users, type SubmissionRow } from '../../db/schema';

/** What a completion does (decision 073): wait for a second reviewer, deliver and audit afterwards, or just deliver. */
export type SignOffPlan = 'hold' | 'audit' | 'deliver';

/** What the sampling reads from the app's context. */
export interface SamplingSettings {
  qaSamplePercent: number;
  adminEmails: readonly string[];
}

/**
 * Whether a delivery falls in the sample: the first four bytes of SHA-256("<order id>:<delivery number>") modulo
 * 100, under the percentage. Deterministic (a retried completion decides the same), spread evenly, 100 always and 0
 * never.
 */
export function inSample(orderId: string, deliveryNumber: number, percent: number): boolean {
  if (percent <= 0) return false;
  if (percent >= 100) return true;
  const bucket = createHash('sha256').update(`${orderId}:${deliveryNumber}`).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}

/**
 * Whether someone other than `userId` may review: an administrator (flag or ADMIN_EMAILS) or a reviewer who is not
 * suspended (as the review desk counts its team). Without one, nothing is sampled: nobody could sign it off.
 */
export async function hasOtherReviewer(db: Executor, userId: string | null, adminEmails: readonly string[]): Promise<boolean> {
  const adminByEmail = adminEmails.length > 0 ? inArray(sql`lower(${users.email})`, [...adminEmails]) : undefined;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        userId ? ne(users.id, userId) : undefined,
        or(eq(users.isAdmin, true), and(eq(users.isReviewer, true), isNull(users.suspendedAt)), adminByEmail),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

/** A second look returned this order and it has not been delivered since: the next completion waits again. */
async function returnedSinceLastDelivery(db: Executor, orderId: string): Promise<boolean> {
  const [last] = await db
    .select({ outcome: orderSignOffs.outcome, decidedAt: orderSignOffs.decidedAt })
    .from(orderSignOffs)
    .where(eq(orderSignOffs.submissionId, orderId))
    .orderBy(desc(orderSignOffs.requestedAt))
    .limit(1);
  if (last?.outcome !== 'returned' || !last.decidedAt) return false;
  const [later] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.submissionId, orderId), gt(deliveries.deliveredAt, last.decidedAt)))
    .limit(1);
  return !later;
}

/**
 * The plan for a completion by `authorId` at `now` (the injected clock). Sampled (QA_SAMPLE_PERCENT, or returned by a
 * second look and not delivered since) and someone else may review: it waits for a sign-off, unless less than an
 * hour remains before the due time, when it is delivered and audited afterwards (sampling never makes an order late).
 */
export async function planSignOff(
  db: Executor,
  settings: SamplingSettings,
  order: Pick<SubmissionRow, 'id' | 'dueDate'>,
  authorId: string,
  now: Date,
): Promise<SignOffPlan> {
  const [delivered] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.submissionId, order.id));
  const sampled = inSample(order.id, Number(delivered?.n ?? 0) + 1, settings.qaSamplePercent) || (await returnedSinceLastDelivery(db, order.id));
  if (!sampled) return 'deliver';
  if (!(await hasOtherReviewer(db, authorId, settings.adminEmails))) return 'deliver';
  if (order.dueDate && order.dueDate.getTime() - now.getTime() < SIGN_OFF_MIN_LEAD_MS) return 'audit';
  return 'hold';
}
