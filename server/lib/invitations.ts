import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS } from '../../shared/invitation';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { forbidden, HttpError, notFound } from './http-error';

/**
 * Invitations by e-mail (the review team, decision 021; organisations, decision 043). A link carries a random
 * 256-bit token; only its SHA-256 is stored, so a copy of the database cannot be turned into working links. A link
 * works once (one conditional UPDATE marks it used), for INVITATION_TTL_DAYS, and only for the signed-in account
 * whose verified address is the invited one.
 */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new link's token (for the e-mail only) and the hash to store. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The expiry to store with a new invitation, on the database's clock. */
export function invitationExpiry() {
  return sql`now() + ${sql.raw(`interval '${INVITATION_TTL_DAYS} days'`)}`;
}

/** The invited address as stored and compared: trimmed, lower case. */
export const invitedAddress = (email: string) => email.trim().toLowerCase();

/** A stored invitation's state, as the refusal below reads it (`expired` computed on the database's clock). */
export interface InvitationState {
  acceptedAt: Date | null;
  revokedAt: Date | null;
  expired: boolean;
}

export interface InvitationRefusalMessages {
  invitationInvalid: string;
  invitationUsed: string;
  invitationRevoked: string;
  invitationExpired: string;
}

/** Whether the link may still be accepted. */
export const invitationUsable = (row: InvitationState) => !row.acceptedAt && !row.revokedAt && !row.expired;

/** Why a link no longer works: used, withdrawn or expired (410), or never existed (404). */
export function invitationRefusal(row: InvitationState | undefined, messages: InvitationRefusalMessages): HttpError {
  if (!row) return notFound(messages.invitationInvalid);
  if (row.acceptedAt) return new HttpError(410, messages.invitationUsed);
  if (row.revokedAt) return new HttpError(410, messages.invitationRevoked);
  return new HttpError(410, messages.invitationExpired);
}

/**
 * The signed-in account may accept only as the invited address, verified: holding the link proves nothing about the
 * address (it may have been forwarded, and anyone can sign up as an address nobody has claimed yet); only an address
 * verified through its own e-mail link may accept (issue 29). Acceptance never verifies an address itself.
 */
export async function requireInvitedAccount(
  tx: Executor,
  invited: string,
  user: { id: string; email: string },
  messages: { invitationOtherAccount: (email: string) => string; invitationUnverified: (email: string) => string },
): Promise<void> {
  if (invited !== invitedAddress(user.email)) throw forbidden(messages.invitationOtherAccount(invited));
  const [account] = await tx.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!account?.emailVerified) throw forbidden(messages.invitationUnverified(invited));
}
