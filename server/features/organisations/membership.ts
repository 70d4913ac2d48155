import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organisationMembers, organisations } from '../../db/schema';

export type OrganisationRole = 'owner' | 'member';

export interface Membership {
  organisationId: string;
  organisationName: string;
  role: OrganisationRole;
}

/** The organisation an account belongs to (at most one, decision 043), with its role there; null for a lone account. */
export async function membershipOf(db: Executor, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ organisationId: organisationMembers.organisationId, organisationName: organisations.name, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .limit(1);
  return row ?? null;
}
