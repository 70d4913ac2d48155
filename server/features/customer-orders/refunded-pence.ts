import { sql } from 'drizzle-orm';
import { refunds } from '../../db/schema';

/**
 * An order's refunded pence as SQL, in a query over `submissions`: the sum of its refund rows (decision 018). The one
 * definition: the order lists select it as a column, payments' refundedByOrder reads it for many orders,
 * orderMoney's entries add up to it (server/features/payments/ledger-replay.test.ts checks they agree). It lives
 * with the order's reads, below payments, so the lists need not load payments (decision 058: no import cycle).
 */
export function refundedPenceOfOrder() {
  // Spelled out: drizzle writes a column of a one-table query unqualified, which would name r.id in here.
  return sql<number>`coalesce((select sum(r.amount_pence) from ${refunds} r where r.submission_id = "submissions"."id"), 0)::int`;
}
