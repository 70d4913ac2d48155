import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** Grants (or revokes) admin on an existing account; false when no account has that e-mail. */
export async function grantAdmin(db: Executor, email: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}
