import { createHash } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import { editorLine, type EditorialResponsibility } from '../../../shared/editorial.schema';
import { EDITORIAL_RECORD_VERSION, RECORD_DISCLAIMER, RECORD_NOT_MEASURED, SUBMITTED_AS, type EditorialRecord } from '../../../shared/editorial-record.schema';
import { FINDING_CATEGORIES, type FindingCategory } from '../../../shared/language-checks.schema';
import { activeMinutesOf, type EffortRecord } from '../../../shared/review-effort.schema';
import type { Executor } from '../../db/client';
import { deliveries, editorialDefaults, editorialRecords, reviewerNumbers, type SubmissionRow } from '../../db/schema';
import { listClaims } from '../fact-check';
import { heldBy, holderOfOrder } from '../organisations';
import { styleGuideOfOrder } from '../style-guide';

export interface RecordInput {
  order: SubmissionRow;
  delivery: { id: string; number: number; deliveredAt: Date; deliveredBy: string | null };
  certificateCode: string;
  /** The reviewer as the certificate names them: first name and surname initial. */
  reviewerName: string;
  textSha256: string | null;
  effort: EffortRecord;
  /** When the review desk's claim on the order began (null: none): the start of a first review nobody opened. */
  claimedAt?: Date | null;
  /** The second reviewer who signed the review off before delivery (decision 073), named as the reviewer is. */
  secondReviewer?: { userId: string; name: string } | null;
}

/** The SHA-256 of a record's bytes, base64: what the credential's digestSRI carries after "sha256-". */
export function recordDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64');
}

/** The reviewer's stable number, given the first time they deliver (a number is never reused). */
async function reviewerNumber(db: Executor, userId: string): Promise<number> {
  await db.insert(reviewerNumbers).values({ userId }).onConflictDoNothing();
  const [row] = await db.select({ number: reviewerNumbers.number }).from(reviewerNumbers).where(eq(reviewerNumbers.userId, userId)).limit(1);
  if (!row) throw new Error('reviewer number missing after insert');
  return row.number;
}

/** Who holds editorial responsibility: the order's own naming, else its holder's default (Settings), else nobody. */
export async function editorOfOrder(db: Executor, order: Pick<SubmissionRow, 'userId' | 'organisationId' | 'editorialResponsibility'>): Promise<EditorialResponsibility | null> {
  if (order.editorialResponsibility) return order.editorialResponsibility;
  const [row] = await db.select().from(editorialDefaults).where(heldBy(editorialDefaults, holderOfOrder(order))).limit(1);
  return row ? { name: row.name, ...(row.organisation ? { organisation: row.organisation } : {}) } : null;
}

/**
 * When this delivery's review began: for the first delivery, when a reviewer opened the order (or claimed it); for
 * a revision, when the customer asked for it (or the previous delivery, if that is later).
 */
async function reviewStart(db: Executor, input: RecordInput): Promise<Date | null> {
  const { order, delivery } = input;
  if (delivery.number === 1) return order.reviewStartedAt ?? input.claimedAt ?? null;
  const [previous] = await db
    .select({ deliveredAt: deliveries.deliveredAt })
    .from(deliveries)
    .where(and(eq(deliveries.submissionId, order.id), lt(deliveries.number, delivery.number)))
    .orderBy(desc(deliveries.number))
    .limit(1);
  const asked = order.revisionRequestedAt;
  if (!previous) return asked;
  return asked && asked > previous.deliveredAt ? asked : previous.deliveredAt;
}

/** The record of one delivery as an object (EditorialRecord in shared/editorial-record.schema.ts). */
export async function buildEditorialRecord(db: Executor, input: RecordInput): Promise<EditorialRecord> {
  const { order, delivery, effort } = input;
  const editor = await editorOfOrder(db, order);
  const number = delivery.deliveredBy ? await reviewerNumber(db, delivery.deliveredBy) : null;
  const pseudonym = number === null ? input.reviewerName : `${input.reviewerName} (reviewer ${number})`;
  const claims = await listClaims(db, order.id);
  const guide = await styleGuideOfOrder(db, order);
  const findingsFixed = Object.fromEntries(FINDING_CATEGORIES.map((category) => [category, effort.findingsByCategory[category] ?? 0])) as Record<FindingCategory, number>;
  const startedAt = await reviewStart(db, input);
  const second = input.secondReviewer ?? null;
  const secondNumber = second ? await reviewerNumber(db, second.userId) : null;
  const secondPseudonym = second ? `${second.name} (reviewer ${secondNumber})` : null;
  return {
    type: 'EditorialControlRecord',
    version: EDITORIAL_RECORD_VERSION,
    order: { id: order.id, title: order.title, serviceTier: order.serviceTier, englishVariant: order.englishVariant, delivery: delivery.number },
    certificateCode: input.certificateCode,
    textSha256: input.textSha256,
    submittedAs: SUBMITTED_AS,
    editorialResponsibility: editor,
    editorialResponsibilityStatement: editor
      ? `${editorLine(editor)} holds editorial responsibility for publishing this text.`
      : `Editorial responsibility: ${editorLine(null)}. The customer did not name who holds it.`,
    review: {
      reviewer: { name: input.reviewerName, number, pseudonym },
      statement: `${pseudonym}, a HumanProof reviewer, reviewed this text.`,
      startedAt: startedAt?.toISOString() ?? null,
      endedAt: delivery.deliveredAt.toISOString(),
      activeMinutes: activeMinutesOf(effort.activeSeconds),
      wordsChanged: effort.wordsChanged,
    },
    factCheck: {
      noCheckableClaims: order.noCheckableClaims,
      claims: claims.map((claim) => ({ passage: claim.passage, verdict: claim.verdict, sources: claim.sources, note: claim.note })),
    },
    language: { findingsFixed, findingsFixedTotal: effort.findingsFixed },
    houseStyle: guide
      ? {
          applied: true,
          owner: guide.organisationId ? 'organisation' : 'account',
          terms: guide.terms.length,
          hasRules: guide.rules.trim() !== '',
          spellingVariant: guide.spellingVariant,
          termFindingsFixed: effort.findingsByCategory['house-style'] ?? 0,
        }
      : { applied: false },
    secondReview:
      second && secondPseudonym
        ? {
            signedOff: true,
            reviewer: { name: second.name, number: secondNumber, pseudonym: secondPseudonym },
            statement: `${secondPseudonym}, a second HumanProof reviewer, signed the review off before it was delivered.`,
          }
        : null,
    notMeasured: [...RECORD_NOT_MEASURED],
    disclaimer: RECORD_DISCLAIMER,
  };
}

/**
 * Writes the record of a delivery, in the completing transaction (issueCertificate calls it). Its bytes are stored
 * and never change: the credential binds them by their SHA-256, and a revision's delivery gets a record of its own.
 */
export async function writeEditorialRecord(db: Executor, input: RecordInput): Promise<void> {
  const body = `${JSON.stringify(await buildEditorialRecord(db, input), null, 2)}\n`;
  await db.insert(editorialRecords).values({
    deliveryId: input.delivery.id,
    submissionId: input.order.id,
    deliveryNumber: input.delivery.number,
    body,
    sha256: recordDigest(body),
  });
}
