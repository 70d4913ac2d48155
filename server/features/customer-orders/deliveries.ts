import { desc, eq } from 'drizzle-orm';
import type { Delivery } from '../../../shared/after-payment.schema';
import type { Executor } from '../../db/client';
import { deliveries } from '../../db/schema';

/** Every delivered review of an order, newest first: the customer's latest version and "Previous version". */
export async function listDeliveries(db: Executor, submissionId: string): Promise<Delivery[]> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(eq(deliveries.submissionId, submissionId))
    .orderBy(desc(deliveries.number));
  return rows.map((d) => ({
    number: d.number,
    reviewedContent: d.reviewedContent,
    reviewerNotes: d.reviewerNotes,
    attachmentMode: d.attachmentMode,
    documentLink: d.documentLink,
    deliveredAt: d.deliveredAt.toISOString(),
  }));
}
