import { and, eq, isNull } from 'drizzle-orm';
import { canMove, moveNotAllowedMessage, type SubmissionStatus } from '../../../shared/submission-status';
import { AFTER_PAYMENT_MESSAGES } from '../../../shared/after-payment.schema';
import type { Transaction } from '../../db/client';
import { deliveries, reviewDeskOrders, submissions, type SubmissionRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { conflict, notFound } from '../../lib/http-error';
import { REVIEW_MESSAGES, reviewedTextOf } from '../../../shared/review.schema';
import type { FeatureContext } from '../context';
import { lockOrder, ORDER_NOT_FOUND, transition } from '../orders';
import { storeDeliveryDiff } from '../delivery-diff';
import { recordDeliveryEffort } from '../review-effort';
import { issueCertificate, newCertificateCode } from '../certificates';
import { settleLateDelivery } from '../on-time-guarantee';
import { deskStateOf } from './desk-state';
import { openSampleAudit, orderHasOpenAudit } from '../ratings';
import { assertNotAwaitingSignOff, planSignOff, requestSignOff, type SignOffPlan } from '../sign-offs';
import { releaseOrder } from './order-claims';

/**
 * What a reviewer may do by hand: only the moves of the lifecycle (shared/submission-status.ts, decision 018);
 * anything else is 409. Only a confirmed payment sets 'paid' (issue 4: "nothing else can"), a paid order never
 * goes back to 'new', and a cancelled order stays cancelled.
 */
export function assertReviewerMove(row: Pick<SubmissionRow, 'status' | 'paidAt'>, to: SubmissionStatus, who: { isAdmin: boolean }): void {
  // new → in-review is the administrators' override for an order paid outside the card flow (decision 009).
  if (row.status === 'new' && to !== 'new' && !who.isAdmin) throw conflict(REVIEW_MESSAGES.unpaidNeedsAdmin);
  if (canMove(row.status, to, 'admin')) return;
  if (to === 'paid') throw conflict(REVIEW_MESSAGES.paidOnlyByPayment);
  if (to === 'new' && row.paidAt) throw conflict(REVIEW_MESSAGES.paidCannotBeNew);
  if (row.status === 'cancelled') throw conflict(AFTER_PAYMENT_MESSAGES.cancelledByCustomer);
  throw conflict(moveNotAllowedMessage(row.status, to));
}

/**
 * A reviewer opens a paid order: from now on the customer can no longer cancel it. One conditional UPDATE, so a
 * cancel at the same instant either happened first (nothing to start) or finds it started (decision 018).
 */
export async function markReviewStarted(tx: Transaction, id: string, now: Date): Promise<boolean> {
  const started = await tx
    .update(submissions)
    .set({ reviewStartedAt: now })
    .where(and(eq(submissions.id, id), eq(submissions.status, 'paid'), isNull(submissions.reviewStartedAt)))
    .returning({ id: submissions.id });
  return started.length > 0;
}

/**
 * Keeps what was delivered: the first delivery survives a revision, and the customer can compare the two. With it
 * go the delivery's effort record and its signed certificate of human review (issues 23 and 24).
 */
async function recordDelivery(
  tx: Transaction,
  context: FeatureContext,
  row: SubmissionRow,
  changedBy: string,
  certificateCode: string,
  signedOffBy: string | null,
): Promise<void> {
  const previous = await tx.select({ number: deliveries.number }).from(deliveries).where(eq(deliveries.submissionId, row.id));
  const number = previous.reduce((max, d) => Math.max(max, d.number), 0) + 1;
  const id = newId();
  const deliveredAt = row.completedAt ?? new Date();
  await tx.insert(deliveries).values({
    id,
    submissionId: row.id,
    number,
    reviewedContent: row.reviewedContent,
    reviewerNotes: row.reviewerNotes,
    attachmentMode: row.attachmentMode,
    documentLink: row.documentLink,
    deliveredBy: changedBy,
    deliveredAt,
  });
  const diff = await storeDeliveryDiff(tx, id, row.content, row);
  const effort = await recordDeliveryEffort(tx, row, id, diff);
  const { claimedAt } = await deskStateOf(tx, row.id);
  await issueCertificate(tx, {
    code: certificateCode,
    key: context.certificateKey(),
    issuer: context.mail.publicUrl,
    order: row,
    delivery: { id, number, deliveredAt, deliveredBy: changedBy },
    deliveredText: reviewedTextOf(row),
    effort,
    claimedAt,
    signedOffBy,
  });
}

/**
 * Moves a locked submission to `to`, inside the caller's transaction, through the lifecycle module (which sets
 * completedAt and the due date, records history and event, and hands the event to its consumers: the webhook and the
 * customer's e-mail). A completion records its delivery first, and ends the claim after the move (the desk's own
 * column, decision 075). The same status only saves the patch. The caller has checked the move against the lifecycle
 * (assertReviewerMove).
 */
export async function moveStatus(
  tx: Transaction,
  context: FeatureContext,
  row: SubmissionRow,
  to: SubmissionStatus,
  change: MoveChange,
): Promise<SubmissionRow> {
  // A review awaiting a second reviewer's sign-off is neither changed nor moved until it is decided (decision 073).
  if (!change.signedOffBy) await assertNotAwaitingSignOff(tx, row.id);
  if (row.status === to) {
    // A draft saved again: the review's columns change, the status does not.
    const [saved] = await tx
      .update(submissions)
      .set({ ...change.patch, updatedAt: new Date() })
      .where(eq(submissions.id, row.id))
      .returning();
    if (!saved) throw notFound(ORDER_NOT_FOUND);
    return saved;
  }
  // The row is locked (lockOrder), so the move cannot lose a race; the lifecycle module applies it. A delivery
  // is recorded first (with its certificate, which the order.completed webhook names, and the diff the e-mail
  // counts), from the order as the move leaves it.
  const now = context.now();
  // A sampled completion waits for a second reviewer's sign-off, or (due within the hour) is audited afterwards.
  const plan = to === 'completed' ? await signOffPlan(tx, context, row, change, now) : 'deliver';
  if (plan === 'hold') return holdForSignOff(tx, context, row, change, now);
  const certificateCode = to === 'completed' ? newCertificateCode() : undefined;
  if (certificateCode) {
    const delivered = { ...row, ...change.patch, status: to, completedAt: now };
    await recordDelivery(tx, context, delivered, change.changedBy, certificateCode, change.signedOffBy ?? null);
  }
  // A delivery after its due time refunds under the on-time guarantee (decision 068), told by the move's event.
  const lateDelivery = certificateCode ? await settleLateDelivery(tx, context.refunds, row, now) : null;
  const updated = await transition(tx, row, to, { kind: 'admin', userId: change.changedBy }, change.reason, {
    context,
    now,
    ...(certificateCode ? { eventData: { certificateCode, ...(lateDelivery ? { lateDelivery } : {}) } } : {}),
    ...(change.patch ? { patch: change.patch } : {}),
  });
  if (!updated) throw notFound(ORDER_NOT_FOUND);
  // A delivered order leaves its reviewer's hands: the claim ends with the review (decision 021).
  if (to === 'completed') {
    await tx.update(reviewDeskOrders).set({ claimedBy: null, claimedAt: null, claimActiveAt: null }).where(eq(reviewDeskOrders.orderId, row.id));
  }
  if (plan === 'audit') await openSampleAudit(tx, row.id, now);
  return updated;
}

export interface MoveChange {
  /** Who moved it; for a delivery, the reviewer who delivered it (the certificate's reviewer). */
  changedBy: string;
  reason: string;
  patch?: Omit<Partial<typeof submissions.$inferInsert>, 'status'>;
  /** The second reviewer whose sign-off this delivery is (decision 073): it is not sampled again. */
  signedOffBy?: string;
  /** A sign-off that ran out of time (decision 073): delivered now, without waiting, and audited afterwards. */
  auditAfter?: boolean;
}

/**
 * Whether a completion waits for a sign-off (decision 073). Not when it is the sign-off's own delivery, nor a delivery
 * made while an audit is open (a correction after an audit is already a second reviewer's work).
 */
async function signOffPlan(tx: Transaction, context: FeatureContext, row: SubmissionRow, change: MoveChange, now: Date): Promise<SignOffPlan> {
  if (change.auditAfter) return 'audit';
  if (change.signedOffBy || (await orderHasOpenAudit(tx, row.id))) return 'deliver';
  return planSignOff(tx, context, row, change.changedBy, now);
}

/**
 * A sampled completion: the review is saved, the order stays (or goes, through the lifecycle) "In review", which is
 * what its customer sees, and leaves its author's hands (the claim ends) to wait for another reviewer's sign-off.
 */
async function holdForSignOff(tx: Transaction, context: FeatureContext, row: SubmissionRow, change: MoveChange, now: Date): Promise<SubmissionRow> {
  await moveStatus(tx, context, row, 'in-review', { ...change, reason: `${change.reason}; awaiting a second reviewer's sign-off` });
  await requestSignOff(tx, row.id, change.changedBy, now);
  await releaseOrder(tx, row.id, { id: change.changedBy, isAdmin: true });
  return lockOrder(tx, row.id);
}
