import { and, asc, count, eq } from 'drizzle-orm';
import { DECISION_LIMITS, foldWord, REVIEW_DECISION_MESSAGES } from '../../../shared/review-decisions.schema';
import type { Executor } from '../../db/client';
import { reviewerWords } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

/** A reviewer's dictionary (issue 42): the words, as they added them, alphabetically. */
export async function dictionaryOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ word: reviewerWords.word }).from(reviewerWords).where(eq(reviewerWords.userId, userId)).orderBy(asc(reviewerWords.folded));
  return rows.map((r) => r.word);
}

/** The reviewer's words case folded: the language checks drop a spelling finding on any of them. */
export async function foldedDictionaryOf(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db.select({ folded: reviewerWords.folded }).from(reviewerWords).where(eq(reviewerWords.userId, userId));
  return new Set(rows.map((r) => r.folded));
}

/** Adds a word (adding it again in another case changes nothing). 400 past the dictionary's size. */
export async function addDictionaryWord(db: Executor, userId: string, word: string): Promise<void> {
  const folded = foldWord(word);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(reviewerWords).where(eq(reviewerWords.userId, userId));
  if (n >= DECISION_LIMITS.dictionaryWords) {
    const [existing] = await db.select({ folded: reviewerWords.folded }).from(reviewerWords).where(and(eq(reviewerWords.userId, userId), eq(reviewerWords.folded, folded)));
    if (!existing) throw badRequest(REVIEW_DECISION_MESSAGES.dictionaryFull);
  }
  await db.insert(reviewerWords).values({ userId, folded, word }).onConflictDoNothing();
}

export async function removeDictionaryWord(db: Executor, userId: string, word: string): Promise<void> {
  await db.delete(reviewerWords).where(and(eq(reviewerWords.userId, userId), eq(reviewerWords.folded, foldWord(word))));
}
