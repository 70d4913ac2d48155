import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/auth.schema';
import type { Database } from '../../db/client';
import { submissions, type SubmissionRow } from '../../db/schema';
import { getAccessibleOrder } from '../customer-orders';
import { recordLiveEvent } from '../live-updates';

/**
 * A customer renames their order (issue 45 item 5, decision 070): whoever may see it as a customer (its placer, or a
 * current member of its organisation: decision 047); anyone else gets the order's 404, an administrator too (this
 * is the customer's route). The receipts and invoices already issued keep the title they were issued with.
 */
export async function renameOrder(db: Database, user: Pick<CurrentUser, 'id'>, id: string, input: { title: string }): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const order = await getAccessibleOrder(tx, id, { id: user.id, isAdmin: false });
    if (order.title === input.title) return order;
    const [renamed] = await tx.update(submissions).set({ title: input.title, updatedAt: new Date() }).where(eq(submissions.id, order.id)).returning();
    // Other open pages of the order (a second tab, a colleague) refetch it.
    await recordLiveEvent(tx, 'order.renamed', order.id);
    return renamed!;
  });
}
