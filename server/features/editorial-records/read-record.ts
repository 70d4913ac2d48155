import { desc, eq, and } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { editorialRecords } from '../../db/schema';

export type EditorialRecordRow = typeof editorialRecords.$inferSelect;

/** The record of one delivery of an order, or of its latest delivery when `delivery` is not given. */
export async function findEditorialRecord(db: Executor, submissionId: string, delivery?: number): Promise<EditorialRecordRow | null> {
  const [row] = await db
    .select()
    .from(editorialRecords)
    .where(and(eq(editorialRecords.submissionId, submissionId), delivery === undefined ? undefined : eq(editorialRecords.deliveryNumber, delivery)))
    .orderBy(desc(editorialRecords.deliveryNumber))
    .limit(1);
  return row ?? null;
}

/** The record a delivery's certificate binds (by its delivery id). */
export async function editorialRecordOfDelivery(db: Executor, deliveryId: string): Promise<EditorialRecordRow | null> {
  const [row] = await db.select().from(editorialRecords).where(eq(editorialRecords.deliveryId, deliveryId)).limit(1);
  return row ?? null;
}
