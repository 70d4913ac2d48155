import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import {
  REVIEWER_PREFERENCE_MESSAGES,
  type OrderReviewerPreference,
  type ReviewerPreference,
  type ReviewerPreferenceItem,
  type ReviewerPreferenceList,
} from '../../../shared/reviewer-preferences.schema';
import type { Database, Executor } from '../../db/client';
import { deliveries, reviewerNumbers, reviewerPreferences, submissions, users, type SubmissionRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { publicReviewerName } from '../certificates';
import { heldBy, holderColumn, holderKey, holderOfOrder, membershipOf } from '../organisations';
import { ordersBlockedFor } from './queue-conditions';

type Order = Pick<SubmissionRow, 'id' | 'userId' | 'organisationId'>;

/** How the customer knows a reviewer: first name, surname initial and their stable number, as the editorial record names them. */
function pseudonymOf(person: { firstName: string | null; lastName: string | null; name: string } | null, number: number | null): string {
  const name = publicReviewerName(person ?? undefined);
  return number === null ? name : `${name} (reviewer ${number})`;
}

const reviewerPerson = { firstName: users.firstName, lastName: users.lastName, name: users.name };

/** The reviewer who delivered the order's latest delivery, with their pseudonym; null before a delivery. */
async function deliveringReviewer(db: Executor, orderId: string): Promise<{ id: string; pseudonym: string } | null> {
  const [row] = await db
    .select({ id: deliveries.deliveredBy, person: reviewerPerson, number: reviewerNumbers.number })
    .from(deliveries)
    .leftJoin(users, eq(users.id, deliveries.deliveredBy))
    .leftJoin(reviewerNumbers, eq(reviewerNumbers.userId, deliveries.deliveredBy))
    .where(eq(deliveries.submissionId, orderId))
    .orderBy(desc(deliveries.number))
    .limit(1);
  if (!row?.id) return null;
  return { id: row.id, pseudonym: pseudonymOf(row.person?.name === undefined ? null : row.person, row.number ?? null) };
}

/** May `userId` set the order's preferences: anyone who sees a lone account's order; an owner for an organisation's. */
async function mayDecide(db: Executor, order: Order, userId: string): Promise<boolean> {
  if (!order.organisationId) return order.userId === userId;
  const membership = await membershipOf(db, userId);
  return membership?.organisationId === order.organisationId && membership.role === 'owner';
}

/** The preference of the order's holder for the reviewer of its latest delivery (the caller sees the order: 404 otherwise). */
export async function reviewerPreferenceOfOrder(db: Executor, order: Order, userId: string): Promise<OrderReviewerPreference> {
  const reviewer = await deliveringReviewer(db, order.id);
  if (!reviewer) return { reviewer: null, preference: null, canSet: false };
  const [row] = await db
    .select({ preference: reviewerPreferences.preference })
    .from(reviewerPreferences)
    .where(and(heldBy(reviewerPreferences, holderOfOrder(order)), eq(reviewerPreferences.reviewerId, reviewer.id)))
    .limit(1);
  return { reviewer: { pseudonym: reviewer.pseudonym }, preference: row?.preference ?? null, canSet: await mayDecide(db, order, userId) };
}

/**
 * What a block does at once beyond the mark (decision 080): the review desk gives the reviewer's claims on `orderIds`
 * (a statement of order ids) back to the queue, in the block's transaction.
 */
export type ReleaseBlockedClaims = (tx: Executor, reviewerId: string, orderIds: SQL) => Promise<unknown>;

/**
 * The customer marks the reviewer who delivered the order as preferred or blocked, or (null) removes the mark: one
 * row per holder (the order's organisation, else its placer) and reviewer, so two tabs end with the last word. 409
 * before a delivery; 403 for an organisation's member who is not an owner. A block takes back the claims the reviewer
 * holds on the holder's orders, bar those an administrator gave them with a reason.
 */
export async function setReviewerPreference(
  db: Database,
  order: Order,
  input: { userId: string; preference: ReviewerPreference | null; now: Date; releaseClaims: ReleaseBlockedClaims },
): Promise<OrderReviewerPreference> {
  return db.transaction(async (tx) => {
    const reviewer = await deliveringReviewer(tx, order.id);
    if (!reviewer) throw conflict(REVIEWER_PREFERENCE_MESSAGES.notDelivered);
    if (!(await mayDecide(tx, order, input.userId))) throw forbidden(REVIEWER_PREFERENCE_MESSAGES.ownersOnly);
    const holder = holderOfOrder(order);
    if (input.preference === null) {
      await tx.delete(reviewerPreferences).where(and(heldBy(reviewerPreferences, holder), eq(reviewerPreferences.reviewerId, reviewer.id)));
    } else {
      const values = { preference: input.preference, sourceSubmissionId: order.id, setBy: input.userId, setAt: input.now };
      await tx
        .insert(reviewerPreferences)
        .values({ id: newId(), ...holderKey(holder), reviewerId: reviewer.id, ...values })
        .onConflictDoUpdate({ target: [holderColumn(reviewerPreferences, holder), reviewerPreferences.reviewerId], set: values });
      if (input.preference === 'blocked') await input.releaseClaims(tx, reviewer.id, ordersBlockedFor(holder, reviewer.id));
    }
    return { reviewer: { pseudonym: reviewer.pseudonym }, preference: input.preference, canSet: true };
  });
}

/**
 * Settings → Reviewers: the caller's own preferences (set on their own orders) and, while they belong to one, their
 * organisation's; newest first. Each says whether the caller may undo it (their own always; an organisation's if
 * they are an owner).
 */
export async function listReviewerPreferences(db: Executor, userId: string): Promise<ReviewerPreferenceList> {
  const membership = await membershipOf(db, userId);
  const rows = await db
    .select({
      pref: reviewerPreferences,
      person: reviewerPerson,
      number: reviewerNumbers.number,
      orderTitle: submissions.title,
    })
    .from(reviewerPreferences)
    .leftJoin(users, eq(users.id, reviewerPreferences.reviewerId))
    .leftJoin(reviewerNumbers, eq(reviewerNumbers.userId, reviewerPreferences.reviewerId))
    .leftJoin(submissions, eq(submissions.id, reviewerPreferences.sourceSubmissionId))
    .where(
      or(
        eq(reviewerPreferences.userId, userId),
        membership ? eq(reviewerPreferences.organisationId, membership.organisationId) : undefined,
      ),
    )
    .orderBy(desc(reviewerPreferences.setAt), desc(reviewerPreferences.id));
  const ownerOfOrg = membership?.role === 'owner';
  const items: ReviewerPreferenceItem[] = rows.map((r) => ({
    id: r.pref.id,
    pseudonym: pseudonymOf(r.person?.name === undefined ? null : r.person, r.number ?? null),
    preference: r.pref.preference,
    orderId: r.pref.sourceSubmissionId,
    orderTitle: r.orderTitle ?? null,
    setAt: r.pref.setAt.toISOString(),
    scope: r.pref.organisationId ? 'organisation' : 'account',
    canUndo: r.pref.organisationId ? ownerOfOrg : true,
  }));
  return { items, organisationName: membership?.organisationName ?? null };
}

/** Settings' Undo: removes one preference the caller may change (404 one they cannot see, 403 a member's try). */
export async function removeReviewerPreference(db: Executor, userId: string, id: string): Promise<void> {
  const membership = await membershipOf(db, userId);
  const visible = or(eq(reviewerPreferences.userId, userId), membership ? eq(reviewerPreferences.organisationId, membership.organisationId) : undefined);
  const [row] = await db.select({ organisationId: reviewerPreferences.organisationId }).from(reviewerPreferences).where(and(eq(reviewerPreferences.id, id), visible)).limit(1);
  if (!row) throw notFound(REVIEWER_PREFERENCE_MESSAGES.notFound);
  if (row.organisationId && membership?.role !== 'owner') throw forbidden(REVIEWER_PREFERENCE_MESSAGES.ownersOnly);
  await db.delete(reviewerPreferences).where(eq(reviewerPreferences.id, id));
}
