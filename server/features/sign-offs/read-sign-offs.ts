import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SIGN_OFF_MESSAGES, type SignOff } from '../../../shared/sign-offs.schema';
import type { Executor } from '../../db/client';
import { orderSignOffs, users } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { displayName, personColumns } from '../../lib/person';

const author = alias(users, 'sign_off_author');
const signer = alias(users, 'sign_off_signer');

/** The order's sign-off the team acts on: the pending one, else the latest decided; null when never sampled. */
export async function signOffOfOrder(db: Executor, submissionId: string): Promise<SignOff | null> {
  const [row] = await db
    .select({ signOff: orderSignOffs, author: personColumns(author), signer: personColumns(signer) })
    .from(orderSignOffs)
    .leftJoin(author, eq(author.id, orderSignOffs.completedBy))
    .leftJoin(signer, eq(signer.id, orderSignOffs.signedBy))
    .where(eq(orderSignOffs.submissionId, submissionId))
    .orderBy(sql`${orderSignOffs.outcome} is null desc`, desc(orderSignOffs.requestedAt))
    .limit(1);
  if (!row) return null;
  const { signOff } = row;
  return {
    id: signOff.id,
    status: signOff.outcome ?? 'pending',
    author: signOff.completedBy && row.author ? { id: signOff.completedBy, name: displayName(row.author) } : null,
    requestedAt: signOff.requestedAt.toISOString(),
    signedBy: signOff.signedBy && row.signer ? { id: signOff.signedBy, name: displayName(row.signer) } : null,
    decidedAt: signOff.decidedAt?.toISOString() ?? null,
    notes: signOff.notes,
  };
}

/** Who signed off the review a delivery delivered (decision 073); null when nobody did. */
export async function signerOfDelivery(db: Executor, deliveryId: string): Promise<string | null> {
  const [row] = await db
    .select({ signedBy: orderSignOffs.signedBy })
    .from(orderSignOffs)
    .where(and(eq(orderSignOffs.deliveryId, deliveryId), eq(orderSignOffs.outcome, 'approved')))
    .limit(1);
  return row?.signedBy ?? null;
}

/** The order's pending sign-off, if any. */
export async function pendingSignOff(db: Executor, submissionId: string) {
  const [row] = await db
    .select()
    .from(orderSignOffs)
    .where(and(eq(orderSignOffs.submissionId, submissionId), isNull(orderSignOffs.outcome)))
    .limit(1);
  return row ?? null;
}

/** A review awaiting its sign-off is not changed or moved by anyone until it is decided (409). */
export async function assertNotAwaitingSignOff(db: Executor, submissionId: string): Promise<void> {
  if (await pendingSignOff(db, submissionId)) throw conflict(SIGN_OFF_MESSAGES.awaiting);
}

/**
 * The queue's "Sign-off" view: orders in review with a pending sign-off that `viewerId` may give, so not the reviews
 * they completed themselves (SQL over `submissions`).
 */
export function awaitingSignOff(viewerId: string): SQL {
  // Spelled out: drizzle writes a column of a one-table query unqualified (see ratings' hasOpenAudit).
  return sql`("submissions"."status" = 'in-review' and exists (select 1 from ${orderSignOffs} s where s.submission_id = "submissions"."id"
    and s.outcome is null and s.completed_by is distinct from ${viewerId}))`;
}

/** The order awaits a sign-off, anyone's: not work for the unclaimed view (the Sign-off view lists it). */
export function signOffPending(): SQL {
  return sql`exists (select 1 from ${orderSignOffs} s where s.submission_id = "submissions"."id" and s.outcome is null)`;
}
