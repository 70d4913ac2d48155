import { and, desc, eq, isNull } from 'drizzle-orm';
import { SIGN_OFF_MESSAGES, type SignOffInput } from '../../../shared/sign-offs.schema';
import type { Executor } from '../../db/client';
import { deliveries, orderSignOffs, type SubmissionRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { pendingSignOff } from './read-sign-offs';

/** A sampled completion waits for a second reviewer: the pending sign-off, in the completion's transaction. */
export async function requestSignOff(db: Executor, submissionId: string, authorId: string, now: Date): Promise<void> {
  await db.insert(orderSignOffs).values({ id: newId(), submissionId, completedBy: authorId, requestedAt: now }).onConflictDoNothing();
}

/** How a decided sign-off goes on: the review desk's delivery through the lifecycle, or the claim back to its author. */
export interface SignOffEffects {
  /** Delivers the order as an ordinary completion by `authorId` does, naming `signerId` as the second reviewer. */
  deliver: (order: SubmissionRow, authorId: string | null, signerId: string) => Promise<SubmissionRow>;
  /** Gives the order back to `authorId` (claimed by them, in review), or to the queue when they left the team. */
  handBack: (submissionId: string, authorId: string | null) => Promise<void>;
}

/**
 * A second reviewer decides the pending sign-off of a locked order (the caller holds lockOrder's row lock, so two
 * signers are serialised, and the update is conditional on it being pending: the second finds nothing and gets 409).
 * The reviewer who completed it may not (409). "approved" delivers it; "returned" hands it back with the notes.
 */
export async function decideSignOff(
  db: Executor,
  order: SubmissionRow,
  input: { signerId: string; decision: SignOffInput; now: Date },
  effects: SignOffEffects,
): Promise<void> {
  const pending = await pendingSignOff(db, order.id);
  if (!pending || order.status !== 'in-review') throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  if (pending.completedBy === input.signerId) throw conflict(SIGN_OFF_MESSAGES.author);
  const notes = input.decision.notes && input.decision.notes !== '' ? input.decision.notes : null;
  const [decided] = await db
    .update(orderSignOffs)
    .set({ outcome: input.decision.outcome, signedBy: input.signerId, notes, decidedAt: input.now })
    .where(and(eq(orderSignOffs.id, pending.id), isNull(orderSignOffs.outcome)))
    .returning({ id: orderSignOffs.id });
  if (!decided) throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  if (input.decision.outcome === 'returned') {
    await effects.handBack(order.id, pending.completedBy);
    return;
  }
  await effects.deliver(order, pending.completedBy, input.signerId);
  const [delivery] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.submissionId, order.id))
    .orderBy(desc(deliveries.number))
    .limit(1);
  if (delivery) await db.update(orderSignOffs).set({ deliveryId: delivery.id }).where(eq(orderSignOffs.id, pending.id));
}
