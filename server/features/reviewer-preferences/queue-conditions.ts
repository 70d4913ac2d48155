import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REVIEWER_PREFERENCE_MESSAGES, type BlockedAssignment } from '../../../shared/reviewer-preferences.schema';
import type { Executor } from '../../db/client';
import { blockedAssignments, reviewDeskOrders, reviewerPreferences, submissions, users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { displayName, personColumns, type Person } from '../../lib/person';
import type { Holder } from '../organisations';

/**
 * What the review desk asks of the customers' preferences (decision 074), as SQL over `submissions`: the holder of
 * the order (its organisation, else its placer) has this preference for the reviewer. Spelled out: drizzle writes a
 * column of a one-table query unqualified (see ratings' hasOpenAudit).
 */
function heldPreference(reviewerId: string, preference: 'preferred' | 'blocked'): SQL {
  return sql`exists (select 1 from ${reviewerPreferences} rp where rp.reviewer_id = ${reviewerId} and rp.preference = ${preference}
    and (rp.organisation_id = "submissions"."organisation_id" or ("submissions"."organisation_id" is null and rp.user_id = "submissions"."user_id")))`;
}

/** The queue's unclaimed view leaves out the orders of customers who blocked the viewing reviewer. */
export function notBlockedFor(reviewerId: string): SQL {
  return sql`not ${heldPreference(reviewerId, 'blocked')}`;
}

/**
 * A new order of a customer who prefers the viewing reviewer: paid, not yet delivered (nor cancelled), in the first
 * half of its time to the due date (paid_at + (due_date − paid_at) / 2, at `now`: the queue's clock). The unclaimed
 * view lists these first.
 *
 * Read from the reviewer's preferences: the orders of each holder (a placer without an organisation, or an
 * organisation) through that holder's own index, as ids the outer query tests against a hash of them. Written as
 * `exists` over the order (heldPreference) the planner read every paid and in-review order to test it, a sequential
 * scan of the table: 1.5 s at 1,000,000 orders (decision 072).
 */
export function preferredFor(reviewerId: string, now: Date): SQL {
  const fresh = sql`s.status in ('paid', 'in-review') and s.paid_at is not null and s.due_date is not null
    and ${now.toISOString()}::timestamptz < s.paid_at + (s.due_date - s.paid_at) / 2`;
  const held = sql`rp.reviewer_id = ${reviewerId} and rp.preference = 'preferred'`;
  // One arm per kind of customer (a personal account, an organisation): each join then uses its own index.
  const arm = (customerOf: SQL) => sql`select s.id from ${reviewerPreferences} rp join ${submissions} s on ${customerOf} where ${held} and ${fresh}`;
  return sql`"submissions"."id" in (
    ${arm(sql`s.user_id = rp.user_id and s.organisation_id is null`)}
    union all
    ${arm(sql`s.organisation_id = rp.organisation_id`)})`;
}

/** An administrator gave the order (`orderId`, its id column) to the reviewer with a reason, after its customer blocked them (decision 074). */
function assignedDespiteBlock(orderId: SQL, reviewerId: string): SQL {
  return sql`exists (select 1 from ${blockedAssignments} ba where ba.submission_id = ${orderId} and ba.reviewer_id = ${reviewerId})`;
}

/**
 * Whether the order's customer blocked the reviewer, unless `exempt` holds of the order (a condition over the order
 * and its review desk row, which may be missing) and an administrator assigned it to them with a reason.
 */
async function isBlocked(db: Executor, orderId: string, reviewerId: string, exempt?: SQL): Promise<boolean> {
  const allowed = exempt ? sql`not coalesce(${exempt} and ${assignedDespiteBlock(sql`"submissions"."id"`, reviewerId)}, false)` : undefined;
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .leftJoin(reviewDeskOrders, eq(reviewDeskOrders.orderId, submissions.id))
    .where(and(eq(submissions.id, orderId), heldPreference(reviewerId, 'blocked'), allowed))
    .limit(1);
  return Boolean(row);
}

/**
 * A reviewer's claim of (or work on) an order whose customer blocked them: 409. `exempt`: the review desk's condition
 * that the reviewer holds the order's claim already; they keep it only when an administrator gave it to them with a
 * reason (decision 080: a claim they took themselves went back to the queue when the block was set).
 */
export async function assertNotBlocked(db: Executor, orderId: string, reviewerId: string, exempt?: SQL): Promise<void> {
  if (await isBlocked(db, orderId, reviewerId, exempt)) throw conflict(REVIEWER_PREFERENCE_MESSAGES.blockedClaim);
}

/**
 * The ids of the holder's orders that a block of the reviewer takes from them (decision 080): every order of the
 * holder (its organisation's, or a lone account's own) that no administrator assigned to them with a reason.
 */
export function ordersBlockedFor(holder: Holder, reviewerId: string): SQL {
  const ofHolder = 'organisationId' in holder ? sql`s.organisation_id = ${holder.organisationId}` : sql`s.user_id = ${holder.userId} and s.organisation_id is null`;
  return sql`select s.id from ${submissions} s where ${ofHolder} and not ${assignedDespiteBlock(sql`s.id`, reviewerId)}`;
}

/**
 * An administrator assigns an order: to a reviewer its customer blocked only with a reason (400 without), which is
 * recorded with who gave it. Runs in the assignment's transaction, so a refused assignment records nothing.
 */
export async function recordBlockedAssignment(
  db: Executor,
  input: { orderId: string; reviewerId: string | null; reason: string | undefined; assignedBy: string },
): Promise<void> {
  if (input.reviewerId === null || !(await isBlocked(db, input.orderId, input.reviewerId))) return;
  const reason = input.reason?.trim() ?? '';
  if (reason === '') throw badRequest(REVIEWER_PREFERENCE_MESSAGES.reasonRequired);
  await db.insert(blockedAssignments).values({ id: newId(), submissionId: input.orderId, reviewerId: input.reviewerId, assignedBy: input.assignedBy, reason });
}

/** The reasons recorded for an order's assignments to a blocked reviewer, oldest first, with who was given it and by whom. */
export async function blockedAssignmentsOf(db: Executor, orderId: string): Promise<BlockedAssignment[]> {
  const reviewer = alias(users, 'reviewer');
  const assigner = alias(users, 'assigner');
  const rows = await db
    .select({ row: blockedAssignments, reviewer: personColumns(reviewer), assigner: personColumns(assigner) })
    .from(blockedAssignments)
    .leftJoin(reviewer, eq(reviewer.id, blockedAssignments.reviewerId))
    .leftJoin(assigner, eq(assigner.id, blockedAssignments.assignedBy))
    .where(eq(blockedAssignments.submissionId, orderId))
    .orderBy(asc(blockedAssignments.createdAt), asc(blockedAssignments.id));
  const nameOf = (p: Person | null) => (p?.email ? displayName(p) : 'A former team member');
  return rows.map((r) => ({
    reviewerName: nameOf(r.reviewer as Person | null),
    assignedByName: nameOf(r.assigner as Person | null),
    reason: r.row.reason,
    createdAt: r.row.createdAt.toISOString(),
  }));
}
