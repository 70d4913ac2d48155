import { and, asc, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  INVITATION_TTL_DAYS,
  ORGANISATION_MESSAGES,
  type MyOrganisation,
  type OrganisationInvitation,
  type OrganisationInvitationLookup,
  type OrganisationRole,
} from '../../../shared/organisation.schema';
import type { Database, Executor } from '../../db/client';
import { apiKeys, organisationInvitations, organisationMembers, organisations, submissions, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import {
  hashInvitationToken,
  invitationExpiry,
  invitationRefusal,
  invitationUsable,
  invitedAddress,
  newInvitationToken,
  requireInvitedAccount,
} from '../../lib/invitations';
import { displayName, personColumns } from '../../lib/person';
import { notifyOrganisationInvitation } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { membershipOf, type Membership } from './membership';

/**
 * Organisations (issue 27, decision 043): one per account at most; owners manage the name, members and
 * invitations, members place and see the organisation's orders (server/features/customer-orders). Every change to
 * who belongs runs in a transaction holding the organisation's row lock, so two owners acting at once cannot
 * leave it without an owner.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const person = personColumns(users);

/** The signed-in account's membership, its organisation's row locked for the rest of the transaction; 404 without one. */
async function lockedMembership(tx: Tx, userId: string): Promise<Membership> {
  const first = await membershipOf(tx, userId);
  if (!first) throw notFound(ORGANISATION_MESSAGES.notInOrganisation);
  await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, first.organisationId)).for('update');
  // Read again under the lock: another transaction may have changed the role or removed the account meanwhile.
  const current = await membershipOf(tx, userId);
  if (!current || current.organisationId !== first.organisationId) throw notFound(ORGANISATION_MESSAGES.notInOrganisation);
  return current;
}

async function lockedOwner(tx: Tx, userId: string): Promise<Membership> {
  const me = await lockedMembership(tx, userId);
  if (me.role !== 'owner') throw forbidden(ORGANISATION_MESSAGES.ownerOnly);
  return me;
}

async function roleCounts(tx: Executor, organisationId: string): Promise<{ owners: number; members: number }> {
  const [row] = await tx
    .select({
      owners: sql<number>`count(*) filter (where ${organisationMembers.role} = 'owner')::int`,
      members: sql<number>`count(*)::int`,
    })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId));
  return { owners: Number(row?.owners ?? 0), members: Number(row?.members ?? 0) };
}

/** A member of `organisationId` by user id; another organisation's (or nobody's) id is a 404. */
async function memberOf(tx: Executor, organisationId: string, userId: string) {
  const [row] = await tx
    .select({ userId: organisationMembers.userId, role: organisationMembers.role, ...person })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound(ORGANISATION_MESSAGES.memberNotFound);
  return row;
}

const pendingInvitation = and(
  isNull(organisationInvitations.acceptedAt),
  isNull(organisationInvitations.revokedAt),
  gt(organisationInvitations.expiresAt, sql`now()`),
);

/**
 * Called in the transaction that ends a membership (leaving, removal, account deletion): what the account could do
 * for the organisation stops. Today that is its organisation API keys (decision 043); the orders it placed stay
 * with the organisation (submissions.organisation_id is never cleared here).
 */
export async function onMemberLeft(tx: Executor, organisationId: string, userId: string): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.organisationId, organisationId), isNull(apiKeys.revokedAt)));
}

/** Ends `userId`'s membership; when nobody is left, the pending invitations go too (nobody could manage them). */
async function endMembership(tx: Tx, organisationId: string, userId: string): Promise<void> {
  await tx
    .delete(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  await onMemberLeft(tx, organisationId, userId);
  const { members } = await roleCounts(tx, organisationId);
  if (members === 0) {
    await tx
      .update(organisationInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(organisationInvitations.organisationId, organisationId), isNull(organisationInvitations.acceptedAt), isNull(organisationInvitations.revokedAt)));
  }
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** GET /api/organisation: the account's organisation with its members (and, for an owner, pending invitations). */
export async function myOrganisation(db: Executor, userId: string): Promise<MyOrganisation | null> {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const [organisation] = await db
    .select({ id: organisations.id, name: organisations.name, createdAt: organisations.createdAt })
    .from(organisations)
    .where(eq(organisations.id, membership.organisationId))
    .limit(1);
  if (!organisation) return null;
  const members = await db
    .select({ userId: organisationMembers.userId, role: organisationMembers.role, joinedAt: organisationMembers.joinedAt, ...person })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisation.id))
    .orderBy(asc(organisationMembers.joinedAt), asc(users.email));
  const invitations = membership.role === 'owner' ? await pendingInvitations(db, organisation.id) : [];
  return {
    id: organisation.id,
    name: organisation.name,
    role: membership.role,
    createdAt: organisation.createdAt.toISOString(),
    members: members.map((m) => ({
      userId: m.userId,
      name: displayName(m),
      email: m.email,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      isYou: m.userId === userId,
    })),
    invitations,
  };
}

async function pendingInvitations(db: Executor, organisationId: string): Promise<OrganisationInvitation[]> {
  const inviter = alias(users, 'inviter');
  const rows = await db
    .select({ row: organisationInvitations, inviter: personColumns(inviter) })
    .from(organisationInvitations)
    .leftJoin(inviter, eq(inviter.id, organisationInvitations.invitedBy))
    .where(and(eq(organisationInvitations.organisationId, organisationId), pendingInvitation))
    .orderBy(asc(organisationInvitations.createdAt));
  return rows.map(({ row, inviter: by }) => ({
    id: row.id,
    email: row.email,
    invitedBy: by ? displayName(by) : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Creating and renaming
// ---------------------------------------------------------------------------------------------

/** A customer creates an organisation and is its first owner; an account already in one gets a 409. */
export async function createOrganisation(db: Database, userId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (await membershipOf(tx, userId)) throw conflict(ORGANISATION_MESSAGES.alreadyInOrganisation);
    const id = newId();
    await tx.insert(organisations).values({ id, name, createdBy: userId });
    // The unique index on the member's user id settles two creations (or an acceptance) at once: one wins.
    const joined = await tx
      .insert(organisationMembers)
      .values({ organisationId: id, userId, role: 'owner' })
      .onConflictDoNothing()
      .returning({ userId: organisationMembers.userId });
    if (joined.length === 0) throw conflict(ORGANISATION_MESSAGES.alreadyInOrganisation);
    // What the founder set up alone carries over: their billing details and house style become the organisation's
    // first ones (copies: theirs stay for the day they leave).
    await tx.execute(sql`insert into billing_details (id, organisation_id, billing_name, address, purchase_order_reference)
      select ${newId()}, ${id}, billing_name, address, purchase_order_reference from billing_details where user_id = ${userId}`);
    await tx.execute(sql`insert into style_guides (id, organisation_id, spelling_variant, terms, rules, updated_by)
      select ${newId()}, ${id}, spelling_variant, terms, rules, ${userId} from style_guides where user_id = ${userId}`);
  });
}

export async function renameOrganisation(db: Database, userId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await lockedOwner(tx, userId);
    await tx.update(organisations).set({ name, updatedAt: new Date() }).where(eq(organisations.id, me.organisationId));
  });
}

// ---------------------------------------------------------------------------------------------
// Invitations (the review team's rules: server/lib/invitations.ts)
// ---------------------------------------------------------------------------------------------

/** An owner invites an address: a new single-use link (an earlier pending one to the address is withdrawn). */
export async function inviteMember(
  db: Database,
  mail: MailSettings,
  input: { email: string; inviter: { id: string; name: string } },
): Promise<OrganisationInvitation> {
  const email = invitedAddress(input.email);
  return db.transaction(async (tx) => {
    // The organisation's row lock also queues two owners inviting one address at once: one link stays valid.
    const me = await lockedOwner(tx, input.inviter.id);
    const [member] = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, me.organisationId), eq(sql`lower(${users.email})`, email)))
      .limit(1);
    if (member) throw conflict(ORGANISATION_MESSAGES.alreadyMember);
    await tx
      .update(organisationInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(organisationInvitations.organisationId, me.organisationId),
          eq(organisationInvitations.email, email),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      );
    const { token, tokenHash } = newInvitationToken();
    const [row] = await tx
      .insert(organisationInvitations)
      .values({ id: newId(), organisationId: me.organisationId, email, tokenHash, invitedBy: input.inviter.id, expiresAt: invitationExpiry() })
      .returning();
    await notifyOrganisationInvitation(mail, tx, {
      id: row!.id,
      email,
      inviter: input.inviter.name,
      organisation: me.organisationName,
      token,
      days: INVITATION_TTL_DAYS,
    });
    return {
      id: row!.id,
      email,
      invitedBy: input.inviter.name,
      createdAt: row!.createdAt.toISOString(),
      expiresAt: row!.expiresAt.toISOString(),
    };
  });
}

/** An owner withdraws a pending invitation of their organisation; any other id is a 404. */
export async function revokeOrganisationInvitation(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await lockedOwner(tx, userId);
    const revoked = await tx
      .update(organisationInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(organisationInvitations.id, id),
          eq(organisationInvitations.organisationId, me.organisationId),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.revokedAt),
        ),
      )
      .returning({ id: organisationInvitations.id });
    if (revoked.length === 0) throw notFound(ORGANISATION_MESSAGES.invitationNotFound);
  });
}

const invitationState = {
  id: organisationInvitations.id,
  organisationId: organisationInvitations.organisationId,
  email: organisationInvitations.email,
  expiresAt: organisationInvitations.expiresAt,
  acceptedAt: organisationInvitations.acceptedAt,
  revokedAt: organisationInvitations.revokedAt,
  expired: sql<boolean>`${organisationInvitations.expiresAt} <= now()`,
  organisationName: organisations.name,
};

async function invitationByToken(db: Executor, token: string) {
  const [row] = await db
    .select(invitationState)
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row;
}

/** The join page asks what a link invites to, before the visitor signs in or up. */
export async function lookUpOrganisationInvitation(db: Executor, token: string): Promise<OrganisationInvitationLookup> {
  const row = await invitationByToken(db, token);
  if (!row || !invitationUsable(row)) throw invitationRefusal(row, ORGANISATION_MESSAGES);
  return { organisationName: row.organisationName, email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The signed-in account accepts as a member: it must be the invited address, verified, and in no organisation yet.
 * The link is consumed by one conditional UPDATE, so two clicks at once make one acceptance; a refusal leaves the
 * link as it was.
 */
export async function acceptOrganisationInvitation(db: Database, token: string, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await invitationByToken(tx, token);
    if (!row) throw invitationRefusal(row, ORGANISATION_MESSAGES);
    await requireInvitedAccount(tx, row.email, user, ORGANISATION_MESSAGES);
    if (!invitationUsable(row)) throw invitationRefusal(row, ORGANISATION_MESSAGES);
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, row.organisationId)).for('update');
    if (await membershipOf(tx, user.id)) throw conflict(ORGANISATION_MESSAGES.acceptAlreadyInOrganisation);
    const [taken] = await tx
      .update(organisationInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(and(eq(organisationInvitations.id, row.id), pendingInvitation))
      .returning({ id: organisationInvitations.id });
    if (!taken) throw invitationRefusal({ ...row, acceptedAt: row.acceptedAt ?? new Date() }, ORGANISATION_MESSAGES);
    const joined = await tx
      .insert(organisationMembers)
      .values({ organisationId: row.organisationId, userId: user.id, role: 'member' })
      .onConflictDoNothing()
      .returning({ userId: organisationMembers.userId });
    if (joined.length === 0) throw conflict(ORGANISATION_MESSAGES.acceptAlreadyInOrganisation);
  });
}

// ---------------------------------------------------------------------------------------------
// Members: roles, removal, leaving
// ---------------------------------------------------------------------------------------------

/** An owner makes a member an owner, or an owner a member; the last owner stays an owner. */
export async function changeMemberRole(db: Database, userId: string, targetId: string, role: OrganisationRole): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await lockedOwner(tx, userId);
    const target = await memberOf(tx, me.organisationId, targetId);
    if (target.role === role) return;
    if (target.role === 'owner' && (await roleCounts(tx, me.organisationId)).owners <= 1) {
      throw conflict(ORGANISATION_MESSAGES.lastOwnerDemote);
    }
    await tx
      .update(organisationMembers)
      .set({ role })
      .where(and(eq(organisationMembers.organisationId, me.organisationId), eq(organisationMembers.userId, targetId)));
  });
}

/** The account leaves: the orders it placed stay with the organisation; the last owner of others must hand over first. */
export async function leaveOrganisation(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await lockedMembership(tx, userId);
    await leaveLocked(tx, me, userId);
  });
}

async function leaveLocked(tx: Tx, me: Membership, userId: string): Promise<void> {
  const counts = await roleCounts(tx, me.organisationId);
  if (me.role === 'owner' && counts.owners <= 1 && counts.members > 1) throw conflict(ORGANISATION_MESSAGES.lastOwnerLeave);
  await endMembership(tx, me.organisationId, userId);
}

/** An owner removes a member (removing oneself is leaving); the orders the member placed stay with the organisation. */
export async function removeMember(db: Database, userId: string, targetId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await lockedOwner(tx, userId);
    if (targetId === userId) return leaveLocked(tx, me, userId);
    const target = await memberOf(tx, me.organisationId, targetId);
    if (target.role === 'owner' && (await roleCounts(tx, me.organisationId)).owners <= 1) {
      throw conflict(ORGANISATION_MESSAGES.lastOwnerRemove);
    }
    await endMembership(tx, me.organisationId, targetId);
  });
}

// ---------------------------------------------------------------------------------------------
// Account deletion (server/features/account/delete-account.ts, decision 043)
// ---------------------------------------------------------------------------------------------

/**
 * Before an account's data is erased: its membership ends (the sole owner of an organisation with other members
 * gets a 409 and must hand over first), and every organisation order it placed passes to a remaining member of
 * that organisation (an owner first, then the longest-standing member), with that member's contact details, so the
 * erasure that follows leaves the organisation's orders alone. An organisation with nobody left keeps today's rule:
 * its orders by this account are erased with it.
 */
export async function handOverOrganisationOrders(tx: Tx, userId: string): Promise<void> {
  const me = await membershipOf(tx, userId);
  if (me) {
    const locked = await lockedMembership(tx, userId);
    const counts = await roleCounts(tx, locked.organisationId);
    if (locked.role === 'owner' && counts.owners <= 1 && counts.members > 1) throw conflict(ORGANISATION_MESSAGES.lastOwnerDelete);
    await endMembership(tx, locked.organisationId, userId);
  }
  const placedFor = await tx
    .selectDistinct({ organisationId: submissions.organisationId })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), isNotNull(submissions.organisationId)));
  for (const { organisationId } of placedFor) {
    if (!organisationId) continue;
    const [successor] = await tx
      .select({ id: users.id, ...person })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, organisationId), ne(organisationMembers.userId, userId)))
      .orderBy(desc(sql`${organisationMembers.role} = 'owner'`), asc(organisationMembers.joinedAt))
      .limit(1);
    if (!successor) continue;
    await tx
      .update(submissions)
      .set({
        userId: successor.id,
        contactName: displayName(successor),
        contactEmail: successor.email,
        contactPhone: '',
        contactWebsite: '',
        updatedAt: new Date(),
      })
      .where(and(eq(submissions.userId, userId), eq(submissions.organisationId, organisationId)));
  }
}
