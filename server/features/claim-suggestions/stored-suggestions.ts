import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClaimSuggestion } from '../../../shared/claim-suggestions.schema';
import type { Database, Executor } from '../../db/client';
import { claimSuggestions, submissions, type SubmissionRow } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import { countedRoundJob, inBatches } from '../../jobs/rounds';
import type { JobHandler } from '../../jobs/runner';
import { suggestClaims } from './suggest-claims';

/** Orders that have been paid and whose text a reviewer may still check. */
const PAID_STATUSES = ['paid', 'in-review', 'revision-requested', 'completed'] as const;
const BATCH = 20;

/** The order's suggested claims: stored when the job has run, otherwise found now and stored (an older order). */
export async function suggestionsFor(db: Executor, order: Pick<SubmissionRow, 'id' | 'content'>): Promise<ClaimSuggestion[]> {
  const [stored] = await db.select().from(claimSuggestions).where(eq(claimSuggestions.submissionId, order.id)).limit(1);
  if (stored) return stored.claims;
  const claims = suggestClaims(order.content);
  await db.insert(claimSuggestions).values({ submissionId: order.id, claims }).onConflictDoNothing();
  return claims;
}

/**
 * One round of the job: paid orders without suggestions, taken FOR UPDATE SKIP LOCKED so two instances never
 * work on the same order, in batches until none is left. Returns how many orders it handled.
 */
export async function suggestClaimsRound(db: Database): Promise<number> {
  return inBatches(db, BATCH, async (tx) => {
    const orders = await tx
      .select({ id: submissions.id, content: submissions.content })
      .from(submissions)
      .leftJoin(claimSuggestions, eq(claimSuggestions.submissionId, submissions.id))
      .where(and(inArray(submissions.status, [...PAID_STATUSES]), isNull(claimSuggestions.submissionId)))
      .orderBy(sql`${submissions.paidAt} desc nulls last`)
      .limit(BATCH)
      .for('update', { of: submissions, skipLocked: true });
    for (const order of orders) {
      await tx.insert(claimSuggestions).values({ submissionId: order.id, claims: suggestClaims(order.content) }).onConflictDoNothing();
    }
    return orders.length;
  });
}

/** The job (decision 031): on worker instances, a round per payment and every minute. */
export function suggestClaimsJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, { queue: QUEUES.suggestClaims, round: () => suggestClaimsRound(app.db), message: 'claim suggestions found' });
}
