import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { priceInPence } from '../../../shared/pricing';
import type { CreateSubmissionData } from '../../../shared/submission.schema';
import { countWords } from '../../../shared/word-count';
import type { Database, Transaction } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { readableId } from '../../lib/ids';
import { recordOrderCreated } from '../orders';
import { viewersOrganisation } from './customer-access';
import { deriveTitle } from './order-title';

/** How long a repeated post of the same pending form returns the order it already created. */
const PENDING_REPLAY_WINDOW_MS = 10 * 60 * 1000;

/**
 * Creates a `new` submission for `userId`. Word count, price and title are computed here from the content;
 * whatever the client sent for them (or for the status) is ignored. A member of an organisation places it for the
 * organisation (decision 047): its organisationId is the placer's at this moment, read in the same statement.
 */
export async function createOrder(
  db: Database,
  userId: string,
  input: CreateSubmissionData,
): Promise<SubmissionRow> {
  return db.transaction((tx) => insertOrder(tx, userId, input));
}

/** The same, inside the caller's transaction (the public API pays the order from credit in that transaction). */
export async function insertOrder(tx: Transaction, userId: string, input: CreateSubmissionData): Promise<SubmissionRow> {
  const wordCount = countWords(input.content);
  const amountPence = priceInPence(wordCount, input.serviceTier, input.fastTurnaround);
  {
    const [row] = await tx
      .insert(submissions)
      .values({
        id: readableId(),
        userId,
        organisationId: sql`(${viewersOrganisation(userId)})`,
        title: deriveTitle(input.content, input.fileName),
        status: 'new',
        serviceTier: input.serviceTier,
        category: input.category,
        wordCount,
        amountPence,
        fastTurnaround: input.fastTurnaround,
        tone: input.tone,
        targetAudience: input.targetAudience,
        englishVariant: input.englishVariant,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        contactWebsite: input.contactWebsite,
        content: input.content,
        instructions: input.instructions,
        additionalNotes: input.additionalNotes,
        editorialResponsibility: input.editorialResponsibility ?? null,
      })
      .returning();
    await recordOrderCreated(tx, row!, { kind: 'customer', userId });
    return row!;
  }
}

/**
 * The post-login page may post the same stored form twice (a reload, a second tab): an identical unpaid order
 * created by this user in the last few minutes is answered again instead of creating a duplicate.
 */
export async function findReplayedPendingOrder(
  db: Database,
  userId: string,
  input: CreateSubmissionData,
): Promise<SubmissionRow | null> {
  const since = new Date(Date.now() - PENDING_REPLAY_WINDOW_MS);
  const recent = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.userId, userId), gt(submissions.createdAt, since)))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(5);
  return (
    recent.find(
      (row) =>
        row.status === 'new' &&
        row.content === input.content &&
        row.serviceTier === input.serviceTier &&
        row.category === input.category &&
        row.fastTurnaround === input.fastTurnaround &&
        row.contactEmail === input.contactEmail,
    ) ?? null
  );
}
