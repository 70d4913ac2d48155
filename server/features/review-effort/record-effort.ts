import { eq, sql } from 'drizzle-orm';
import { VERDICTS } from '../../../shared/fact-check.schema';
import {
  addEffortCounts as addCounts,
  emptyEffortCounts,
  emptyEffortRecord,
  type ClaimsByVerdict,
  type EffortCounts,
  type EffortRecord,
} from '../../../shared/review-effort.schema';
import { wordsChanged, type DiffPart } from '../../../shared/text-diff';
import type { Executor } from '../../db/client';
import { deliveryEfforts, factCheckClaims, reviewDeskOrders, type ReviewDeskOrderRow, type SubmissionRow } from '../../db/schema';

async function claimsByVerdict(db: Executor, submissionId: string): Promise<ClaimsByVerdict> {
  const rows = await db
    .select({ verdict: factCheckClaims.verdict, count: sql<number>`count(*)::int` })
    .from(factCheckClaims)
    .where(eq(factCheckClaims.submissionId, submissionId))
    .groupBy(factCheckClaims.verdict);
  const counts = emptyEffortRecord().claimsByVerdict;
  for (const row of rows) {
    if ((VERDICTS as readonly string[]).includes(row.verdict)) counts[row.verdict as keyof ClaimsByVerdict] = Number(row.count);
  }
  return counts;
}

/**
 * The order's review in progress as the effort reads it (review_desk_orders, decision 075): zeros for an order whose
 * desk row was never written. Read inside the save's or the delivery's transaction, which holds the row (the claim's
 * version was taken first), so two saves add up and never overwrite each other.
 */
async function runningEffort(db: Executor, orderId: string): Promise<Pick<ReviewDeskOrderRow, 'claimedAt' | 'reviewActiveSeconds' | 'reviewEffortSavedAt' | 'reviewEffortCounts'>> {
  const [row] = await db
    .select({
      claimedAt: reviewDeskOrders.claimedAt,
      reviewActiveSeconds: reviewDeskOrders.reviewActiveSeconds,
      reviewEffortSavedAt: reviewDeskOrders.reviewEffortSavedAt,
      reviewEffortCounts: reviewDeskOrders.reviewEffortCounts,
    })
    .from(reviewDeskOrders)
    .where(eq(reviewDeskOrders.orderId, orderId))
    .limit(1);
  return row ?? { claimedAt: null, reviewActiveSeconds: 0, reviewEffortSavedAt: null, reviewEffortCounts: emptyEffortCounts() };
}

/**
 * The effort record of a delivery, at completion: the active time the saves reported (capped, see
 * addActiveSeconds), the words the diff changed and the report's claims per verdict. Stored on the delivery, and
 * the order's running active time starts again at 0 for a revision.
 */
export async function recordDeliveryEffort(db: Executor, order: Pick<SubmissionRow, 'id'>, deliveryId: string, diff: readonly DiffPart[] | null): Promise<EffortRecord> {
  const running = await runningEffort(db, order.id);
  const counts = running.reviewEffortCounts;
  const findingsByCategory = Object.fromEntries(Object.entries(counts.findingsByCategory).filter(([, n]) => (n ?? 0) > 0)) as Record<string, number>;
  const effort: EffortRecord = {
    ...emptyEffortRecord(),
    activeSeconds: running.reviewActiveSeconds,
    suggestionsAccepted: counts.suggestionsAccepted,
    suggestionsIgnored: counts.suggestionsIgnored,
    findingsFixed: Object.values(findingsByCategory).reduce((sum, n) => sum + n, 0),
    findingsByCategory,
    wordsChanged: wordsChanged(diff),
    claimsByVerdict: await claimsByVerdict(db, order.id),
  };
  await db.insert(deliveryEfforts).values({ deliveryId, ...effort });
  await db
    .update(reviewDeskOrders)
    .set({ reviewActiveSeconds: 0, reviewEffortSavedAt: null, reviewEffortCounts: emptyEffortCounts() })
    .where(eq(reviewDeskOrders.orderId, order.id));
  return effort;
}

/** A save's accepts and ignores, added to the review's running counts (the row is held by the save). */
export async function addEffortCounts(db: Executor, order: Pick<SubmissionRow, 'id'>, reported: EffortCounts): Promise<void> {
  const running = await runningEffort(db, order.id);
  const reviewEffortCounts = addCounts(running.reviewEffortCounts, reported);
  await db.insert(reviewDeskOrders).values({ orderId: order.id, reviewEffortCounts }).onConflictDoUpdate({ target: reviewDeskOrders.orderId, set: { reviewEffortCounts } });
}

/**
 * A save reports the active editing seconds since the previous one. The server adds at most the wall-clock time
 * since the previous save (or since the review started), so a client cannot claim more time than has passed.
 */
export async function addActiveSeconds(db: Executor, order: Pick<SubmissionRow, 'id' | 'reviewStartedAt'>, reported: number, now: Date): Promise<void> {
  const running = await runningEffort(db, order.id);
  const since = running.reviewEffortSavedAt ?? order.reviewStartedAt ?? running.claimedAt ?? now;
  const elapsed = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  const added = Math.min(Math.max(0, Math.floor(reported)), elapsed);
  await db
    .insert(reviewDeskOrders)
    .values({ orderId: order.id, reviewActiveSeconds: added, reviewEffortSavedAt: now })
    .onConflictDoUpdate({
      target: reviewDeskOrders.orderId,
      set: { reviewActiveSeconds: sql`${reviewDeskOrders.reviewActiveSeconds} + ${added}`, reviewEffortSavedAt: now },
    });
}
