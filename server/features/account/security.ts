import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { AccountSecurity, DeviceSession } from '../../../shared/account.schema';
import type { Executor } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema';
import { describeUserAgent } from './user-agent';

/** The password of the account's e-mail-and-password login (better-auth's "credential" account), or null. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  return row?.password ?? null;
}

export async function accountSecurity(db: Executor, userId: string): Promise<AccountSecurity | null> {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, hasPassword: (await findPasswordHash(db, userId)) !== null };
}

/** The account's live sessions, newest activity first; `currentToken` marks "This device". */
export async function listDeviceSessions(
  db: Executor,
  userId: string,
  currentToken: string | null,
): Promise<DeviceSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      token: sessions.token,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: currentToken !== null && row.token === currentToken,
  }));
}
