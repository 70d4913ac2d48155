/**
 * Test-only helpers for organisations (issue 27, decision 047): rows written straight into the database, so the
 * tests of the order, credit, key and live-update rules do not depend on the organisations feature's own routes.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { organisationMembers, organisations } from '../db/schema';
import { onMemberLeft } from '../features/organisations';
import { newId } from '../lib/ids';

export type TestOrganisationRole = 'owner' | 'member';

/** A new organisation with `ownerId` as its owner; answers its id. */
export async function createOrganisation(db: Executor, ownerId: string, name = 'Acme Ltd'): Promise<string> {
  const id = newId();
  await db.insert(organisations).values({ id, name, createdBy: ownerId });
  await addMember(db, id, ownerId, 'owner');
  return id;
}

/** Makes `userId` a member (or owner) of the organisation. */
export async function addMember(db: Executor, organisationId: string, userId: string, role: TestOrganisationRole = 'member'): Promise<void> {
  await db.insert(organisationMembers).values({ organisationId, userId, role });
}

/**
 * `userId` leaves (or is removed from) the organisation: the membership row goes and the organisations feature's
 * onMemberLeft runs (it revokes their keys made for it). Orders stay with the organisation.
 */
export async function removeMember(db: Executor, organisationId: string, userId: string): Promise<void> {
  await db.delete(organisationMembers).where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  await onMemberLeft(db, organisationId, userId);
}
