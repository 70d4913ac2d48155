import { and, asc, count, desc, eq } from 'drizzle-orm';
import { FINDING_CATEGORIES } from '../../../shared/language-checks.schema';
import {
  countVerdicts,
  FACT_CHECK_MESSAGES,
  factCheckReady,
  MAX_CLAIMS_PER_SUBMISSION,
  passageMatches,
  type Claim,
  type ClaimData,
  type FactCheckReport,
  type Verdict,
} from '../../../shared/fact-check.schema';
import type { Executor, Transaction } from '../../db/client';
import { deliveries, deliveryEfforts, factCheckClaims, type ClaimRow, type SubmissionRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { styleGuideOfOrder } from '../style-guide';

export function toClaim(row: ClaimRow): Claim {
  return {
    id: row.id,
    passage: row.passage,
    passageStart: row.passageStart,
    passageEnd: row.passageEnd,
    verdict: row.verdict as Verdict,
    sources: row.sources,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A submission's claims in reading order (where their passages start). */
export async function listClaims(db: Executor, submissionId: string): Promise<Claim[]> {
  const rows = await db
    .select()
    .from(factCheckClaims)
    .where(eq(factCheckClaims.submissionId, submissionId))
    .orderBy(asc(factCheckClaims.passageStart), asc(factCheckClaims.createdAt), asc(factCheckClaims.id));
  return rows.map(toClaim);
}

export async function loadReport(
  db: Executor,
  row: Pick<SubmissionRow, 'id' | 'noCheckableClaims' | 'userId' | 'organisationId'>,
): Promise<FactCheckReport> {
  const claims = await listClaims(db, row.id);
  // The latest delivery's language fixes per category (its effort record).
  const [latest] = await db
    .select({ fixes: deliveryEfforts.findingsByCategory })
    .from(deliveries)
    .innerJoin(deliveryEfforts, eq(deliveryEfforts.deliveryId, deliveries.id))
    .where(eq(deliveries.submissionId, row.id))
    .orderBy(desc(deliveries.number))
    .limit(1);
  const languageFixes = Object.fromEntries(
    Object.entries(latest?.fixes ?? {}).filter(([category, n]) => (FINDING_CATEGORIES as readonly string[]).includes(category) && n > 0),
  ) as FactCheckReport['languageFixes'];
  // "House style: N applied" when the order has a house style (its guide today), or when its delivery applied some.
  const applied = languageFixes['house-style'] ?? 0;
  const houseStyleApplied = applied > 0 || (await styleGuideOfOrder(db, row)) ? applied : null;
  return { submissionId: row.id, noCheckableClaims: row.noCheckableClaims, claims, counts: countVerdicts(claims), languageFixes, houseStyleApplied };
}

export async function countClaims(db: Executor, submissionId: string): Promise<number> {
  const [found] = await db.select({ n: count() }).from(factCheckClaims).where(eq(factCheckClaims.submissionId, submissionId));
  return Number(found?.n ?? 0);
}

function assertPassage(submission: SubmissionRow, claim: ClaimData): void {
  if (!passageMatches(submission.content, claim)) throw badRequest(FACT_CHECK_MESSAGES.passageMismatch);
}

/** Adds a claim to a locked submission (the lock keeps the count check and the insert together). */
export async function createClaim(
  tx: Transaction,
  submission: SubmissionRow,
  claim: ClaimData,
  createdBy: string,
): Promise<Claim> {
  assertPassage(submission, claim);
  if ((await countClaims(tx, submission.id)) >= MAX_CLAIMS_PER_SUBMISSION) throw conflict(FACT_CHECK_MESSAGES.tooManyClaims);
  const [row] = await tx
    .insert(factCheckClaims)
    .values({ id: newId(), submissionId: submission.id, ...claim, createdBy })
    .returning();
  return toClaim(row!);
}

export async function updateClaim(tx: Transaction, submission: SubmissionRow, claimId: string, claim: ClaimData): Promise<Claim> {
  assertPassage(submission, claim);
  const [row] = await tx
    .update(factCheckClaims)
    .set({ ...claim, updatedAt: new Date() })
    .where(and(eq(factCheckClaims.id, claimId), eq(factCheckClaims.submissionId, submission.id)))
    .returning();
  if (!row) throw notFound(FACT_CHECK_MESSAGES.claimNotFound);
  return toClaim(row);
}

export async function deleteClaim(tx: Transaction, submissionId: string, claimId: string): Promise<void> {
  const deleted = await tx
    .delete(factCheckClaims)
    .where(and(eq(factCheckClaims.id, claimId), eq(factCheckClaims.submissionId, submissionId)))
    .returning({ id: factCheckClaims.id });
  if (deleted.length === 0) throw notFound(FACT_CHECK_MESSAGES.claimNotFound);
}

/**
 * Completing a fact-checked order needs its report (issue 12): at least one claim, or the reviewer's statement
 * that the text has none. `noCheckableClaims` is the value about to be saved, when the same request sets it.
 */
export async function assertFactCheckReady(
  tx: Executor,
  row: SubmissionRow,
  noCheckableClaims: boolean = row.noCheckableClaims,
): Promise<void> {
  if (row.serviceTier !== 'fact-checked') return;
  const claimCount = noCheckableClaims ? 0 : await countClaims(tx, row.id);
  if (!factCheckReady({ serviceTier: row.serviceTier, claimCount, noCheckableClaims })) {
    throw conflict(FACT_CHECK_MESSAGES.reportNeeded);
  }
}
