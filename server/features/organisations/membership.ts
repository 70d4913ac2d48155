import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * Who holds what a customer shares with colleagues (billing details, house style, credit: decisions 043, 044, 046,
 * 047): an organisation, or a lone account. Tables of such settings key a row by organisation_id or user_id.
 */
export type Holder = { organisationId: string } | { userId: string };

/** A customer's holder: their organisation while they are a member (only its owners may change it), else themselves. */
export type CustomerHolder =
  | { organisationId: string; organisationName: string; canEdit: boolean }
  | { userId: string; organisationName: null; canEdit: true };

export async function holderOf(db: Executor, userId: string): Promise<CustomerHolder> {
  const membership = await membershipOf(db, userId);
  return membership
    ? { organisationId: membership.organisationId, organisationName: membership.organisationName, canEdit: membership.role === 'owner' }
    : { userId, organisationName: null, canEdit: true };
}

/** An order's holder: its organisation for an organisation's order, else its placer. */
export function holderOfOrder(order: { userId: string; organisationId: string | null }): Holder {
  return order.organisationId ? { organisationId: order.organisationId } : { userId: order.userId };
}

/** The holder's key columns, to write a row of a settings table: `{ organisationId }` or `{ userId }`. */
export function holderKey(holder: Holder): { organisationId: string } | { userId: string } {
  return 'organisationId' in holder ? { organisationId: holder.organisationId } : { userId: holder.userId };
}

/** The holder's row of a settings table keyed by organisation_id or user_id (each unique). */
export function heldBy(table: { organisationId: AnyPgColumn; userId: AnyPgColumn }, holder: Holder): SQL {
  return 'organisationId' in holder ? eq(table.organisationId, holder.organisationId) : eq(table.userId, holder.userId);
}

/** The unique column an upsert of the holder's row conflicts on. */
export function holderColumn<O extends AnyPgColumn, U extends AnyPgColumn>(table: { organisationId: O; userId: U }, holder: Holder): O | U {
  return 'organisationId' in holder ? table.organisationId : table.userId;
}
