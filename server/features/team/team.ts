import { and, asc, eq, gt, inArray, isNull, notLike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  type Invitation,
  type InvitationLookup,
  type Team,
  type TeamMember,
} from '../../../shared/team.schema';
import type { Database, Executor } from '../../db/client';
import { teamInvitations, users, type TeamInvitationRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import {
  hashInvitationToken,
  invitationExpiry,
  invitationRefusal,
  invitedAddress,
  newInvitationToken,
  requireInvitedAccount,
  type InvitationState,
} from '../../lib/invitations';
import { notifyTeamInvitation } from '../../mail/notify';
import { displayName, personColumns } from '../../lib/person';
import type { MailSettings } from '../../mail/settings';
import { openClaimCounts, releaseClaimsOf } from '../review-desk';

/**
 * The review team (issue 14, decision 021): invitations by e-mail, and an admin's suspend / reinstate / remove.
 * An invitation's link follows server/lib/invitations.ts: a random 256-bit token of which only the SHA-256 is
 * stored, working once and for 7 days, for the verified invited address only.
 */
export { hashInvitationToken };

const lower = invitedAddress;
/** The address a deleted account is left with (server/features/account/delete-account.ts, deletedAddress). */
const DELETED_ADDRESS_PATTERN = 'deleted-%@deleted.invalid';

function adminByEmail(adminEmails: readonly string[]) {
  return adminEmails.length > 0 ? inArray(sql`lower(${users.email})`, [...adminEmails]) : undefined;
}

function toInvitation(row: TeamInvitationRow, invitedBy: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** An admin invites an address: a new single-use link (any earlier pending one for the address is withdrawn). */
export async function inviteReviewer(
  db: Database,
  mail: MailSettings,
  input: { email: string; inviter: { id: string; name: string }; adminEmails: readonly string[] },
): Promise<Invitation> {
  const email = lower(input.email);
  return db.transaction(async (tx) => {
    // One invitation of an address at a time: two admins inviting it at once queue here, and the second withdraws
    // the first's link below, so exactly one stays valid (issue 29; PostgreSQL runs them concurrently).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`team-invitation:${email}`}, 0))`);
    const [existing] = await tx
      .select({ isAdmin: users.isAdmin, isReviewer: users.isReviewer, suspendedAt: users.suspendedAt, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (existing && (existing.isAdmin || input.adminEmails.includes(email) || (existing.isReviewer && !existing.suspendedAt))) {
      throw conflict(TEAM_MESSAGES.alreadyOnTeam);
    }
    await tx
      .update(teamInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(teamInvitations.email, email), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)));
    const { token, tokenHash } = newInvitationToken();
    const [row] = await tx
      .insert(teamInvitations)
      .values({ id: newId(), email, tokenHash, invitedBy: input.inviter.id, expiresAt: invitationExpiry() })
      .returning();
    await notifyTeamInvitation(mail, tx, { id: row!.id, email, inviter: input.inviter.name, token, days: INVITATION_TTL_DAYS });
    return toInvitation(row!, input.inviter.name);
  });
}

/** Why a link no longer works: used, withdrawn or expired (410), or never existed (404). */
const refusal = (row: InvitationState | undefined) => invitationRefusal(row, TEAM_MESSAGES);

const invitationState = {
  id: teamInvitations.id,
  email: teamInvitations.email,
  expiresAt: teamInvitations.expiresAt,
  acceptedAt: teamInvitations.acceptedAt,
  revokedAt: teamInvitations.revokedAt,
  expired: sql<boolean>`${teamInvitations.expiresAt} <= now()`,
};

/** The join page asks whom a link invites, before the visitor signs in or up. */
export async function lookUpInvitation(db: Executor, token: string): Promise<InvitationLookup> {
  const [row] = await db.select(invitationState).from(teamInvitations).where(eq(teamInvitations.tokenHash, hashInvitationToken(token))).limit(1);
  if (!row || row.acceptedAt || row.revokedAt || row.expired) throw refusal(row);
  return { email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The signed-in account accepts: it must be the invited address, verified (a forwarded link does not make someone
 * else a reviewer, even one who signs up as an unclaimed invited address). The link is consumed by one conditional UPDATE, so two clicks at once make one acceptance.
 */
export async function acceptInvitation(db: Database, token: string, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const hash = hashInvitationToken(token);
    const [row] = await tx.select(invitationState).from(teamInvitations).where(eq(teamInvitations.tokenHash, hash)).limit(1);
    if (!row) throw refusal(row);
    await requireInvitedAccount(tx, row.email, user, TEAM_MESSAGES);
    const [taken] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(
        and(
          eq(teamInvitations.id, row.id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          gt(teamInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: teamInvitations.id });
    if (!taken) throw refusal(row.acceptedAt || row.revokedAt || row.expired ? row : { ...row, acceptedAt: new Date() });
    // Acceptance never verifies an address: only the verification e-mail's link does.
    await tx
      .update(users)
      .set({ isReviewer: true, suspendedAt: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}

/** The team page: every admin and reviewer, and the invitations still pending. */
export async function listTeam(db: Executor, adminEmails: readonly string[]): Promise<Team> {
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    // A deleted account (decision 014) is nobody's team member, whatever its row still says.
    .where(and(or(eq(users.isAdmin, true), eq(users.isReviewer, true), adminByEmail(adminEmails)), notLike(users.email, DELETED_ADDRESS_PATTERN)))
    .orderBy(asc(users.email));
  const claims = await openClaimCounts(db);
  const members: TeamMember[] = people.map((p) => {
    const admin = p.isAdmin || adminEmails.includes(lower(p.email));
    return {
      id: p.id,
      name: displayName(p),
      email: p.email,
      role: admin ? 'admin' : 'reviewer',
      suspended: !admin && p.suspendedAt !== null,
      openClaims: claims.get(p.id) ?? 0,
      manageable: !admin,
    };
  });
  const inviter = alias(users, 'inviter');
  const pending = await db
    .select({ row: teamInvitations, inviter: personColumns(inviter) })
    .from(teamInvitations)
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, sql`now()`)))
    .orderBy(asc(teamInvitations.createdAt));
  return {
    members,
    invitations: pending.map((p) => toInvitation(p.row, p.inviter ? displayName(p.inviter) : null)),
  };
}

export async function revokeInvitation(db: Executor, id: string): Promise<void> {
  const revoked = await db
    .update(teamInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning({ id: teamInvitations.id });
  if (revoked.length === 0) throw notFound(TEAM_MESSAGES.invitationNotFound);
}

export type MemberChange = 'suspend' | 'reinstate' | 'remove';

/**
 * Suspend (no staff access until reinstated), reinstate, or remove (back to a customer account) a reviewer. Admins
 * are managed with the admin command. Suspending or removing gives the reviewer's open claims back to the queue,
 * in the same transaction.
 */
export async function changeMember(db: Database, id: string, change: MemberChange, adminEmails: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, isReviewer: users.isReviewer })
      .from(users)
      .where(eq(users.id, id))
      .for('update')
      .limit(1);
    if (!member || (!member.isReviewer && !member.isAdmin && !adminEmails.includes(lower(member.email)))) {
      throw notFound(TEAM_MESSAGES.memberNotFound);
    }
    if (member.isAdmin || adminEmails.includes(lower(member.email))) throw conflict(TEAM_MESSAGES.cannotChangeAdmin);
    const set =
      change === 'suspend'
        ? { suspendedAt: sql`coalesce(${users.suspendedAt}, now())` }
        : change === 'reinstate'
          ? { suspendedAt: null }
          : { isReviewer: false, suspendedAt: null };
    await tx.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, id));
    if (change !== 'reinstate') await releaseClaimsOf(tx, id);
  });
}
