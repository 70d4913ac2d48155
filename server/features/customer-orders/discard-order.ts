import { and, eq } from 'drizzle-orm';
import { UNPAID_ORDER_MESSAGES } from '../../../shared/unpaid-order';
import type { DiscardResponse } from '../../../shared/unpaid-order.schema';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { FeatureContext } from '../context';
import { customerCanSee } from './customer-access';
import { getAccessibleOrder } from './find-orders';
import { transition } from '../orders';

export const DISCARD_REASON = 'Discarded by the customer before payment';

/**
 * The customer discards an order they have not paid (issue 45, decision 069): the lifecycle's own move
 * new → cancelled by the customer, so the status has one writer and the order keeps its history; nothing was paid,
 * so nothing is refunded and no e-mail goes. Someone else's order is a 404; a paid one a 409; a second click (or a
 * second tab) finds it already discarded and gets the same answer.
 */
export async function discardOrder(
  db: Database,
  context: FeatureContext,
  input: { submissionId: string; userId: string; now: Date },
): Promise<DiscardResponse> {
  const { submissionId, userId, now } = input;
  const owned = await getAccessibleOrder(db, submissionId, { id: userId, isAdmin: false });
  if (owned.status === 'cancelled' && owned.paidAt === null) return { status: 'cancelled' };
  if (owned.status !== 'new') throw conflict(UNPAID_ORDER_MESSAGES.alreadyPaid);
  return db.transaction(async (tx) => {
    const discarded = await transition(tx, owned, 'cancelled', { kind: 'customer', userId }, DISCARD_REASON, {
      context,
      where: customerCanSee(userId),
      now,
    });
    if (discarded) return { status: 'cancelled' };
    // Paid (or discarded) between the read and the move: say which.
    const [row] = await tx.select().from(submissions).where(and(eq(submissions.id, submissionId))).limit(1);
    if (row?.status === 'cancelled' && row.paidAt === null) return { status: 'cancelled' };
    throw conflict(UNPAID_ORDER_MESSAGES.alreadyPaid);
  });
}
