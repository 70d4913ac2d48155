import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  MAX_API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type ApiScope,
  type CreatedApiKey,
} from '../../../shared/api-v1.schema';
import type { Database, Executor } from '../../db/client';
import { apiKeys, organisationMembers, users, type ApiKeyRow } from '../../db/schema';
import { membershipOf } from '../organisations';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';

/** The stored form of a key: SHA-256 of the whole key (a key has 192 random bits, so no slow hash is needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** `hp_live_` + 32 characters of base64url (24 random bytes). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

export function toApiKey(row: ApiKeyRow, heldBy?: { name: string; email: string }): ApiKey {
  return {
    ...(heldBy ? { heldBy } : {}),
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createApiKey(
  db: Database,
  userId: string,
  input: { name: string; scopes: ApiScope[]; expiresAt: string | null },
  now = new Date(),
): Promise<CreatedApiKey> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest(API_KEY_MESSAGES.expiry);
  const key = generateApiKey();
  const scopes = [...new Set(input.scopes)].sort() as ApiScope[];
  const row = await db.transaction(async (tx) => {
    // Serialises this customer's key creations, so the cap holds under parallel requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${userId}`}, 0))`);
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (Number(active?.n ?? 0) >= MAX_API_KEYS_PER_ACCOUNT) throw conflict(API_KEY_MESSAGES.tooMany);
    // A member's key acts for the organisation (decision 047): its owners see and revoke it, and it stops when the
    // member leaves. The membership is read under the lock, in the same transaction as the insert.
    const organisationId = (await membershipOf(tx, userId))?.organisationId ?? null;
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ id: newId(), userId, organisationId, name: input.name, prefix: key.slice(0, API_KEY_PREFIX.length + 4), keyHash: hashApiKey(key), scopes, expiresAt })
      .returning();
    return inserted!;
  });
  return { ...toApiKey(row), key };
}

/**
 * The keys `userId` manages (decision 047): their own; an owner of an organisation also every key that can reach
 * its orders or credit, i.e. every key made for it and every key of its current members.
 */
async function managedKeys(db: Executor, userId: string): Promise<SQL> {
  const membership = await membershipOf(db, userId);
  if (membership?.role !== 'owner') return eq(apiKeys.userId, userId);
  const members = db.select({ id: organisationMembers.userId }).from(organisationMembers).where(eq(organisationMembers.organisationId, membership.organisationId));
  return or(eq(apiKeys.userId, userId), eq(apiKeys.organisationId, membership.organisationId), inArray(apiKeys.userId, members))!;
}

export async function listApiKeys(db: Executor, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, name: users.name, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(await managedKeys(db, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toApiKey(r.key, r.key.userId === userId ? undefined : { name: r.name, email: r.email }));
}

/** The account's own keys, oldest first, however many an owner manages (the data export's; never a secret). */
export async function ownApiKeys(db: Executor, userId: string): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((row) => toApiKey(row));
}

/**
 * Revokes one of the keys the customer manages (their own; an owner also their organisation's), at once for every
 * instance: the next request reads the row. Any other id is 404.
 */
export async function revokeApiKey(db: Executor, userId: string, id: string): Promise<ApiKey> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), await managedKeys(db, userId)))
    .returning();
  if (!row) throw notFound(API_KEY_MESSAGES.notFound);
  return toApiKey(row);
}

/**
 * "Revoke all keys" (issue 29, decision 032): every active key of the account stops working at once; the answer is
 * how many did. Revoked keys stay listed, like one revoked by hand.
 */
export async function revokeAllApiKeys(db: Executor, userId: string): Promise<number> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}
