import { and, eq, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { CLAIM_IDLE_HOURS, TEAM_MESSAGES, type ClaimInfo } from '../../../shared/team.schema';
import type { Executor } from '../../db/client';
import { reviewDeskOrders, submissions, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { displayName, personColumns, type Person } from '../../lib/person';
import { recordLiveEvent } from '../live-updates';
import { ORDER_NOT_FOUND } from '../orders';
import { assertNotBlocked } from '../reviewer-preferences';
import { deskRowOfOrder, deskVersion, newDeskRows } from './desk-state';

/**
 * Claims on orders (issue 14, decision 021). Everything is decided by the database at the moment of the request:
 * a claim is held while `claim_active_at` is younger than CLAIM_IDLE_HOURS (`now()` of the statement's
 * transaction), so any instance answers the same and nothing runs on a timer. Every change is one conditional
 * statement on the order's row in `review_desk_orders` (decision 075): an upsert whose update holds the condition,
 * so two reviewers racing for an order cannot both win (the second waits on the first's row, then finds it held).
 */
const IDLE = sql.raw(`interval '${CLAIM_IDLE_HOURS} hours'`);

/** The order is held: someone claimed it and the claim has not lapsed. */
export const claimHeld: SQL<boolean> = sql<boolean>`(${reviewDeskOrders.claimedBy} is not null and ${reviewDeskOrders.claimActiveAt} > now() - ${IDLE})`;

const claimantColumns = personColumns(users);

/** A live claim as the API answers it, from the claimant and the order's claim times. */
export function toClaimInfo(userId: string, claimant: Person, claimedAt: Date | null, activeAtOrNull: Date | null): ClaimInfo {
  const activeAt = activeAtOrNull ?? claimedAt ?? new Date();
  return {
    userId,
    name: displayName(claimant),
    claimedAt: (claimedAt ?? activeAt).toISOString(),
    activeAt: activeAt.toISOString(),
    lapsesAt: new Date(activeAt.getTime() + CLAIM_IDLE_HOURS * 3_600_000).toISOString(),
  };
}

/**
 * The live claimant of the order, as JSON in the order's own query (null when nobody holds it or the claim
 * lapsed): the queue list reads it per listed row instead of a query of its own (decision 037). The query joins the
 * order's desk row (deskRowOfOrder).
 */
export const claimantColumn = sql<(Person & { id: string }) | null>`(select json_build_object('id', c.id, 'firstName', c.first_name,
  'lastName', c.last_name, 'name', c.name, 'email', c.email) from ${users} c where c.id = ${reviewDeskOrders.claimedBy} and ${reviewDeskOrders.claimActiveAt} > now() - ${IDLE})`;

/** The live claim of each order that has one, keyed by order id (lapsed claims are left out). */
export async function claimsByOrder(db: Executor, ids: string[]): Promise<Map<string, ClaimInfo>> {
  const byId = new Map<string, ClaimInfo>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({
      id: reviewDeskOrders.orderId,
      userId: users.id,
      claimedAt: reviewDeskOrders.claimedAt,
      activeAt: reviewDeskOrders.claimActiveAt,
      claimant: claimantColumns,
    })
    .from(reviewDeskOrders)
    .innerJoin(users, eq(users.id, reviewDeskOrders.claimedBy))
    .where(and(inArray(reviewDeskOrders.orderId, ids), claimHeld));
  for (const r of rows) byId.set(r.id, toClaimInfo(r.userId, r.claimant, r.claimedAt, r.activeAt));
  return byId;
}

/** Why an order's claim refused `userId`: 404 unknown order, 409 naming the claimant, or 409 "claim it first". */
export async function claimRefusal(db: Executor, id: string, userId: string): Promise<Error> {
  const [row] = await db
    .select({ status: submissions.status, claimedBy: reviewDeskOrders.claimedBy, held: claimHeld, claimant: claimantColumns })
    .from(submissions)
    .leftJoin(reviewDeskOrders, deskRowOfOrder)
    .leftJoin(users, eq(users.id, reviewDeskOrders.claimedBy))
    .where(eq(submissions.id, id))
    .limit(1);
  if (!row) return notFound(ORDER_NOT_FOUND);
  if (row.held && row.claimedBy !== userId && row.claimant) return conflict(TEAM_MESSAGES.claimedBy(displayName(row.claimant)));
  if (row.status === 'cancelled') return conflict(TEAM_MESSAGES.cannotClaim);
  return conflict(TEAM_MESSAGES.notClaimed);
}

/**
 * Work on an order beside its draft (the stored review decisions, issue 42): refused, as a save is, when someone else
 * holds the claim (409 naming them) or the order is cancelled; a free order needs no claim for it.
 */
export async function assertMayWorkOn(db: Executor, id: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ status: submissions.status, claimedBy: reviewDeskOrders.claimedBy, held: claimHeld })
    .from(submissions)
    .leftJoin(reviewDeskOrders, deskRowOfOrder)
    .where(eq(submissions.id, id))
    .limit(1);
  if (!row || row.status === 'cancelled' || (row.held && row.claimedBy !== userId)) throw await claimRefusal(db, id, userId);
  await assertHolderNotBlocked(db, id, userId);
}

/**
 * 409 when the order's customer blocked `userId`, unless they hold its claim from an administrator who gave a reason
 * (decisions 074, 080). A save checks it after taking the claim's row, so a block set meanwhile cannot be missed: its
 * release of the claim waits for the save and then takes the claim back.
 */
export async function assertHolderNotBlocked(db: Executor, id: string, userId: string): Promise<void> {
  await assertNotBlocked(db, id, userId, and(eq(reviewDeskOrders.claimedBy, userId), claimHeld));
}

/**
 * A reviewer's new claims and the release of their claims (a block, a suspension) take turns (decision 080): a claim
 * checks the block and records itself under this lock, and a release reads the claims under it, so a claim made
 * while a customer blocks the reviewer is either refused or released, never left behind. Held to the transaction's end.
 */
async function lockReviewerClaims(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reviewer-claims:${userId}`}, 0))`);
}

/**
 * Claims an order for `userId`, or refreshes their own claim. Free, lapsed or already theirs: claimed; held by
 * someone else: 409 "Claimed by Ana".
 */
export async function claimOrder(db: Executor, id: string, userId: string): Promise<void> {
  const mine = and(eq(reviewDeskOrders.claimedBy, userId), claimHeld);
  await db.transaction(async (tx) => {
    await lockReviewerClaims(tx, userId);
    await assertNotBlocked(tx, id, userId, mine);
    const claimed = await tx
      .insert(reviewDeskOrders)
      .select(newDeskRows(and(eq(submissions.id, id), ne(submissions.status, 'cancelled'))!, { claimedBy: sql`${userId}`, claimedAt: sql`now()`, claimActiveAt: sql`now()` }))
      .onConflictDoUpdate({
        target: reviewDeskOrders.orderId,
        set: {
          claimedBy: userId,
          claimedAt: sql`case when ${mine} then ${reviewDeskOrders.claimedAt} else now() end`,
          claimActiveAt: sql`now()`,
        },
        setWhere: or(isNull(reviewDeskOrders.claimedBy), eq(reviewDeskOrders.claimedBy, userId), not(claimHeld)),
      })
      .returning({ id: reviewDeskOrders.orderId });
    if (claimed.length === 0) throw await claimRefusal(tx, id, userId);
    await recordLiveEvent(tx, 'claim', id);
  });
}

/** Gives the order back to the queue: its holder may, an admin always may, anyone may once it lapsed. */
export async function releaseOrder(db: Executor, id: string, user: { id: string; isAdmin: boolean }): Promise<void> {
  const released = await db
    .insert(reviewDeskOrders)
    .select(newDeskRows(eq(submissions.id, id)))
    .onConflictDoUpdate({
      target: reviewDeskOrders.orderId,
      set: { claimedBy: null, claimedAt: null, claimActiveAt: null },
      setWhere: user.isAdmin ? undefined : or(isNull(reviewDeskOrders.claimedBy), eq(reviewDeskOrders.claimedBy, user.id), not(claimHeld)),
    })
    .returning({ id: reviewDeskOrders.orderId });
  if (released.length === 0) throw await claimRefusal(db, id, user.id);
  await recordLiveEvent(db, 'claim', id);
}

/** Whether `userId` is on the team now: an admin (flag or ADMIN_EMAILS) or a reviewer who is not suspended. */
export async function isActiveStaff(db: Executor, userId: string, adminEmails: readonly string[]): Promise<boolean> {
  const adminByEmail = adminEmails.length > 0 ? inArray(sql`lower(${users.email})`, [...adminEmails]) : undefined;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        or(eq(users.isAdmin, true), and(eq(users.isReviewer, true), isNull(users.suspendedAt)), adminByEmail),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An admin hands the order to a team member (a fresh claim in their name), or back to the queue with null. */
export async function assignOrder(
  db: Executor,
  id: string,
  assignee: string | null,
  adminEmails: readonly string[],
): Promise<void> {
  if (assignee !== null && !(await isActiveStaff(db, assignee, adminEmails))) throw badRequest(TEAM_MESSAGES.notOnTeam);
  const now = sql`now()`;
  const claim = assignee === null ? { claimedBy: null, claimedAt: null, claimActiveAt: null } : { claimedBy: assignee, claimedAt: now, claimActiveAt: now };
  const assigned = await db
    .insert(reviewDeskOrders)
    .select(
      newDeskRows(
        and(eq(submissions.id, id), assignee === null ? undefined : ne(submissions.status, 'cancelled'))!,
        assignee === null ? {} : { claimedBy: sql`${assignee}`, claimedAt: now, claimActiveAt: now },
      ),
    )
    .onConflictDoUpdate({ target: reviewDeskOrders.orderId, set: claim })
    .returning({ id: reviewDeskOrders.orderId });
  if (assigned.length === 0) {
    const [exists] = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, id)).limit(1);
    throw exists ? conflict(TEAM_MESSAGES.cannotClaim) : notFound(ORDER_NOT_FOUND);
  }
  await recordLiveEvent(db, 'claim', id);
}

/**
 * A suspended or removed reviewer's open claims go back to the queue; with `orderIds` (a statement of order ids),
 * only their claims on those orders (a customer's block, decision 080).
 */
export async function releaseClaimsOf(db: Executor, userId: string, orderIds?: SQL): Promise<number> {
  await lockReviewerClaims(db, userId);
  const released = await db
    .update(reviewDeskOrders)
    .set({ claimedBy: null, claimedAt: null, claimActiveAt: null })
    .where(and(eq(reviewDeskOrders.claimedBy, userId), orderIds ? sql`${reviewDeskOrders.orderId} in (${orderIds})` : undefined))
    .returning({ id: reviewDeskOrders.orderId });
  await recordLiveEvent(db, 'claim', released.map((r) => r.id));
  return released.length;
}

/** Open (held) claims per team member. */
export async function openClaimCounts(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: reviewDeskOrders.claimedBy, count: sql<number>`count(*)::int` })
    .from(reviewDeskOrders)
    .where(claimHeld)
    .groupBy(reviewDeskOrders.claimedBy);
  return new Map(rows.flatMap((r) => (r.userId ? [[r.userId, Number(r.count)] as const] : [])));
}

/**
 * The guard of every change to the review text: one UPDATE that succeeds only for the claim's holder, on a live
 * claim, from the version they loaded; it bumps the version and the claim's activity. A stale version is told to
 * reload (checked first: the reader's copy is out of date whoever holds the order now); otherwise the claimant is
 * named. `version` null (a status move, which does not carry the text) checks the claim only. Runs inside the change's transaction, so a change that fails later rolls the bump back.
 */
export async function takeReviewVersion(db: Executor, id: string, userId: string, version: number | null): Promise<number> {
  const [row] = await db
    .update(reviewDeskOrders)
    .set({ reviewVersion: sql`${reviewDeskOrders.reviewVersion} + 1`, claimActiveAt: sql`now()` })
    .where(
      and(
        eq(reviewDeskOrders.orderId, id),
        version === null ? undefined : eq(reviewDeskOrders.reviewVersion, version),
        eq(reviewDeskOrders.claimedBy, userId),
        claimHeld,
      ),
    )
    .returning({ version: reviewDeskOrders.reviewVersion });
  if (row) return row.version;
  const [current] = await db
    .select({ version: deskVersion })
    .from(submissions)
    .leftJoin(reviewDeskOrders, deskRowOfOrder)
    .where(eq(submissions.id, id))
    .limit(1);
  if (current && version !== null && current.version !== version) throw conflict(TEAM_MESSAGES.staleDraft);
  throw await claimRefusal(db, id, userId);
}
