import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type OrderPurchaseOrder } from '../../../shared/billing-documents.schema';
import type { CurrentUser } from '../../../shared/auth.schema';
import type { Database, Executor } from '../../db/client';
import { orderPurchaseOrders, submissions } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { getAccessibleOrder } from '../customer-orders';

/** The purchase-order number given for one order at checkout ('' when none): whoever may see the order reads it. */
export async function getOrderPurchaseOrder(db: Executor, user: Pick<CurrentUser, 'id'>, submissionId: string): Promise<OrderPurchaseOrder> {
  const order = await getAccessibleOrder(db, submissionId, { id: user.id, isAdmin: false });
  const [row] = await db.select().from(orderPurchaseOrders).where(eq(orderPurchaseOrders.submissionId, order.id)).limit(1);
  return { purchaseOrderNumber: row?.purchaseOrderNumber ?? '' };
}

/**
 * Sets (or, empty, clears) an order's purchase-order number (issue 45, decision 070): whoever may pay the order
 * (decision 047), while it is unpaid. The order row is locked, so a payment committing at the same moment either
 * sees the number (its invoice prints it) or makes this answer 409: never a number the invoice does not show.
 */
export async function setOrderPurchaseOrder(
  db: Database,
  user: Pick<CurrentUser, 'id'>,
  submissionId: string,
  purchaseOrderNumber: string,
): Promise<OrderPurchaseOrder> {
  return db.transaction(async (tx) => {
    const order = await getAccessibleOrder(tx, submissionId, { id: user.id, isAdmin: false });
    const [locked] = await tx.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, order.id)).for('update');
    if (locked?.status !== 'new') throw conflict(BILLING_MESSAGES.purchaseOrderAfterPayment);
    if (!purchaseOrderNumber) {
      await tx.delete(orderPurchaseOrders).where(eq(orderPurchaseOrders.submissionId, order.id));
    } else {
      await tx
        .insert(orderPurchaseOrders)
        .values({ submissionId: order.id, purchaseOrderNumber })
        .onConflictDoUpdate({ target: orderPurchaseOrders.submissionId, set: { purchaseOrderNumber, updatedAt: new Date() } });
    }
    return { purchaseOrderNumber };
  });
}
