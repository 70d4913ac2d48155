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
import { deliveryEfforts, factCheckClaims, submissions, type SubmissionRow } from '../../db/schema';

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
 * The effort record of a delivery, at completion: the active time the saves reported (capped, see
 * addActiveSeconds), the words the diff changed and the report's claims per verdict. Stored on the delivery, and
 * the order's running active time starts again at 0 for a revision.
 */
export async function recordDeliveryEffort(db: Executor, order: SubmissionRow, deliveryId: string, diff: readonly DiffPart[] | null): Promise<EffortRecord> {
  const counts = order.reviewEffortCounts;
  const findingsByCategory = Object.fromEntries(Object.entries(counts.findingsByCategory).filter(([, n]) => (n ?? 0) > 0)) as Record<string, number>;
  const effort: EffortRecord = {
    ...emptyEffortRecord(),
    activeSeconds: order.reviewActiveSeconds,
    suggestionsAccepted: counts.suggestionsAccepted,
    suggestionsIgnored: counts.suggestionsIgnored,
    findingsFixed: Object.values(findingsByCategory).reduce((sum, n) => sum + n, 0),
    findingsByCategory,
    wordsChanged: wordsChanged(diff),
    claimsByVerdict: await claimsByVerdict(db, order.id),
  };
  await db.insert(deliveryEfforts).values({ deliveryId, ...effort });
  await db
    .update(submissions)
    .set({ reviewActiveSeconds: 0, reviewEffortSavedAt: null, reviewEffortCounts: emptyEffortCounts() })
    .where(eq(submissions.id, order.id));
  return effort;
}

/**
 * A save reports the active editing seconds since the previous one. The server adds at most the wall-clock time
 * since the previous save (or since the review started), so a client cannot claim more time than has passed.
 */
/** A save's accepts and ignores, added to the review's running counts (the row is locked by the save). */
export async function addEffortCounts(db: Executor, order: SubmissionRow, reported: EffortCounts): Promise<void> {
  await db.update(submissions).set({ reviewEffortCounts: addCounts(order.reviewEffortCounts, reported) }).where(eq(submissions.id, order.id));
}

export async function addActiveSeconds(db: Executor, order: SubmissionRow, reported: number, now: Date): Promise<void> {
  const since = order.reviewEffortSavedAt ?? order.reviewStartedAt ?? order.claimedAt ?? now;
  const elapsed = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  const added = Math.min(Math.max(0, Math.floor(reported)), elapsed);
  await db
    .update(submissions)
    .set({ reviewActiveSeconds: sql`${submissions.reviewActiveSeconds} + ${added}`, reviewEffortSavedAt: now })
    .where(eq(submissions.id, order.id));
}
