import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClaimSuggestion } from '../../../shared/claim-suggestions.schema';
import type { Database, Executor } from '../../db/client';
import { claimSuggestions, submissions, type SubmissionRow } from '../../db/schema';
import { errorChain } from '../../db/errors';
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
  try {
    await db.transaction(async (tx) => {
      // The job may be storing this order's suggestions right now, its row not yet committed: the same claims (they
      // depend on the text alone), so the page does not wait on its batch (a lock timeout would answer 503).
      await tx.execute(sql`set local lock_timeout = '250ms'`);
      await tx.insert(claimSuggestions).values({ submissionId: order.id, claims }).onConflictDoNothing();
    });
  } catch (error) {
    if (!errorChain(error).some(({ code }) => code === LOCK_NOT_AVAILABLE)) throw error;
  }
  return claims;
}

/** PostgreSQL's SQLSTATE for a lock not granted within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * One round of the job: paid orders without suggestions, in batches until none is left. Returns how many orders it
 * found suggestions for. The orders are read without a row lock, so a reviewer's save or a status move never waits
 * while a batch is computed (it held them FOR UPDATE for a whole batch before decision 081, amending 035); two instances share
 * them out by a transaction-level advisory lock per order, which nothing else takes. Each batch's suggestions are
 * written together once computed. `suggest` is the finder (tests look in while it runs).
 */
export async function suggestClaimsRound(
  db: Database,
  suggest: (content: string) => ClaimSuggestion[] | Promise<ClaimSuggestion[]> = suggestClaims,
): Promise<number> {
  return inBatches(db, BATCH, async (tx) => {
    const orders = await tx
      .select({ id: submissions.id, content: submissions.content })
      .from(submissions)
      .leftJoin(claimSuggestions, eq(claimSuggestions.submissionId, submissions.id))
      .where(and(inArray(submissions.status, [...PAID_STATUSES]), isNull(claimSuggestions.submissionId)))
      .orderBy(sql`${submissions.paidAt} desc nulls last`)
      .limit(BATCH);
    const found: { submissionId: string; claims: ClaimSuggestion[] }[] = [];
    for (const order of orders) {
      // Another instance's round has it: skipped here (this batch then ends short, and so does the round).
      if (!(await takeOrder(tx, order.id))) continue;
      found.push({ submissionId: order.id, claims: await suggest(order.content) });
    }
    if (found.length > 0) await tx.insert(claimSuggestions).values(found).onConflictDoNothing();
    return found.length;
  });
}

/** This round's hold on the order until its transaction ends; false when another round holds it. */
async function takeOrder(tx: Executor, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${`claim-suggestions:${orderId}`}, 0))` })
    .from(sql`(select 1) as one`);
  return row?.taken === true;
}

/** The job (decision 031): on worker instances, a round per payment and every minute. */
export function suggestClaimsJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, { queue: QUEUES.suggestClaims, round: () => suggestClaimsRound(app.db), message: 'claim suggestions found' });
}
