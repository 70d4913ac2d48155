import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { organisationMembers, users } from '../db/schema';
import { normaliseAddress } from './format';

export interface AccountContact {
  email: string;
  firstName: string | null;
  /** Full name, or '' when the account has none. */
  name: string;
}

export async function findAccount(db: Executor, userId: string): Promise<AccountContact | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const fullName = [row.firstName, row.lastName].filter((p) => p?.trim()).join(' ') || row.name.trim();
  return { email: row.email, firstName: row.firstName?.trim() || null, name: fullName };
}

/**
 * The account an order's customer e-mails go to: its placer, while they may still see it (decision 047). An
 * organisation's order whose placer has left or been removed goes to the organisation's longest-standing owner
 * (else member) instead, so a former member never hears of the organisation's orders; none when nobody is left.
 */
export async function findOrderCustomer(db: Executor, order: { userId: string; organisationId: string | null }): Promise<AccountContact | null> {
  if (!order.organisationId) return findAccount(db, order.userId);
  const [member] = await db
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, order.organisationId))
    .orderBy(
      sql`(${organisationMembers.userId} = ${order.userId}) desc`,
      sql`(${organisationMembers.role} = 'owner') desc`,
      organisationMembers.joinedAt,
      organisationMembers.userId,
    )
    .limit(1);
  return member ? findAccount(db, member.userId) : null;
}

/** Every admin account plus ADMIN_EMAILS, valid, lower case, each once. */
export async function teamAddresses(db: Executor, adminEmails: readonly string[]): Promise<string[]> {
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const all = new Set<string>();
  for (const candidate of [...admins.map((a) => a.email), ...adminEmails]) {
    const address = normaliseAddress(candidate);
    if (address) all.add(address);
  }
  return [...all].sort();
}
