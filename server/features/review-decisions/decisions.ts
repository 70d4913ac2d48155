import { and, asc, count, eq } from 'drizzle-orm';
import {
  decisionKey,
  DECISION_LIMITS,
  REVIEW_DECISION_MESSAGES,
  type ReviewDecision,
  type ReviewDecisionInput,
} from '../../../shared/review-decisions.schema';
import type { Executor } from '../../db/client';
import { reviewDecisions, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { displayName, personColumns } from '../../lib/person';

/**
 * An order's stored review decisions (issue 42, decision 067). Everything is in the database: any instance, any
 * reviewer and a reload read the same list; nothing is kept in the process.
 */
export async function listDecisions(db: Executor, submissionId: string): Promise<ReviewDecision[]> {
  const rows = await db
    .select({ row: reviewDecisions, person: personColumns(users) })
    .from(reviewDecisions)
    .leftJoin(users, eq(users.id, reviewDecisions.decidedBy))
    .where(eq(reviewDecisions.submissionId, submissionId))
    .orderBy(asc(reviewDecisions.decidedAt), asc(reviewDecisions.id));
  return rows.map(({ row, person }) => ({
    id: row.id,
    kind: row.kind,
    action: row.action,
    rule: row.rule,
    word: row.word,
    context: row.context,
    start: row.spanStart,
    end: row.spanEnd,
    decidedBy: person && person.email !== null ? displayName(person as Parameters<typeof displayName>[0]) : null,
    decidedAt: row.decidedAt.toISOString(),
  }));
}

/**
 * Records a decision; the same finding, rule or suggestion decided again replaces the earlier decision (one row per
 * order and key, by the unique index, so two reviewers or two instances racing cannot make two).
 */
export async function recordDecision(db: Executor, submissionId: string, userId: string, input: ReviewDecisionInput): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(reviewDecisions).where(eq(reviewDecisions.submissionId, submissionId));
  if (n >= DECISION_LIMITS.perOrder) throw badRequest(REVIEW_DECISION_MESSAGES.tooMany);
  const values = {
    kind: input.kind,
    action: input.action,
    rule: input.kind === 'suggestion' ? null : input.rule,
    word: input.kind === 'suggestion' ? null : input.word,
    context: input.kind === 'finding' ? input.context : null,
    spanStart: input.kind === 'suggestion' ? input.start : null,
    spanEnd: input.kind === 'suggestion' ? input.end : null,
    decidedBy: userId,
    decidedAt: new Date(),
  };
  await db
    .insert(reviewDecisions)
    .values({ id: newId(), submissionId, key: decisionKey(input), ...values })
    .onConflictDoUpdate({ target: [reviewDecisions.submissionId, reviewDecisions.key], set: values });
}

/** Takes a decision back (the card comes back). 404 when it is not one of this order's. */
export async function undoDecision(db: Executor, submissionId: string, decisionId: string): Promise<void> {
  const removed = await db
    .delete(reviewDecisions)
    .where(and(eq(reviewDecisions.submissionId, submissionId), eq(reviewDecisions.id, decisionId)))
    .returning({ id: reviewDecisions.id });
  if (removed.length === 0) throw notFound(REVIEW_DECISION_MESSAGES.notFound);
}
