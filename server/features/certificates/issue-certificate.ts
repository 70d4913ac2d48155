import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import canonicalize from 'canonicalize';
import {
  CERTIFICATE_VERSION,
  normaliseTextForHash,
  type CertificateBody,
  type RevocationReason,
} from '../../../shared/certificate.schema';
import { activeMinutesOf, type EffortRecord } from '../../../shared/review-effort.schema';
import type { Executor } from '../../db/client';
import { certificateKeys, certificates, users, type SubmissionRow } from '../../db/schema';
import { readableId } from '../../lib/ids';
import { writeEditorialRecord } from '../editorial-records';
import { isOrderPrivate } from './read-certificates';
import { signBytes, type SigningKey } from './signing-key';

/** The bytes the signature covers: the body's RFC 8785 canonical JSON. */
export function canonicalBytes(body: unknown): string {
  const text = canonicalize(body);
  if (text === undefined) throw new Error('certificate body has no canonical form');
  return text;
}

export function newCertificateCode(): string {
  const body = readableId(16);
  return `HP-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}-${body.slice(12, 16)}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(normaliseTextForHash(text), 'utf8').digest('hex');
}

/**
 * How a reviewer is named in public: their first name and the initial of their surname ("Jane D."), never an
 * e-mail address or a full surname. Accounts without first/last names use the first and last words of `name`.
 */
export function publicReviewerName(user: { firstName: string | null; lastName: string | null; name: string } | undefined): string {
  if (!user) return 'A HumanProof reviewer';
  const words = user.name.trim().split(/\s+/).filter((w) => w !== '' && !w.includes('@'));
  const first = user.firstName?.trim() || words[0] || '';
  const last = user.lastName?.trim() || (words.length > 1 ? words[words.length - 1]! : '');
  if (first === '') return 'A HumanProof reviewer';
  const initial = [...last][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** Records the key in the published list the first time it signs (every key that ever signed stays published). */
export async function publishKey(db: Executor, key: SigningKey): Promise<void> {
  await db.insert(certificateKeys).values({ id: key.id, publicKey: key.publicKey }).onConflictDoNothing();
}

export interface CertificateInput {
  /** From newCertificateCode(), made before the move so the completion's webhook names it. */
  code: string;
  key: SigningKey;
  issuer: string;
  order: SubmissionRow;
  delivery: { id: string; number: number; deliveredAt: Date; deliveredBy: string | null };
  deliveredText: string;
  effort: EffortRecord;
  /** When the review desk's claim on the order began (null: none), for the editorial record's start of the review. */
  claimedAt?: Date | null;
  /** The second reviewer who signed the review off before this delivery (decision 073), if any. */
  signedOffBy?: string | null;
}

/**
 * Signs and stores the certificate of a delivery, inside the completing transaction, with the delivery's
 * editorial-control record, and revokes the certificate of the delivery it replaces. Returns the code. A revision's
 * certificate inherits the customer's privacy choice for the order; the caller holds the order's row lock
 * (lockOrder), which the privacy switch takes too, so a switch made during the delivery applies to this
 * certificate as well.
 */
export async function issueCertificate(tx: Executor, input: CertificateInput): Promise<string> {
  const { order, delivery, effort } = input;
  const personOf = async (id: string | null | undefined) =>
    id ? (await tx.select({ firstName: users.firstName, lastName: users.lastName, name: users.name }).from(users).where(eq(users.id, id)).limit(1))[0] : undefined;
  const reviewer = await personOf(delivery.deliveredBy);
  const signer = input.signedOffBy ? publicReviewerName(await personOf(input.signedOffBy)) : null;
  const { code } = input;
  const body: CertificateBody = {
    version: CERTIFICATE_VERSION,
    code,
    orderId: order.id,
    delivery: delivery.number,
    tier: order.serviceTier,
    englishVariant: order.englishVariant,
    deliveredAt: delivery.deliveredAt.toISOString(),
    reviewer: publicReviewerName(reviewer),
    signedOffBy: signer,
    effort: {
      activeMinutes: activeMinutesOf(effort.activeSeconds),
      wordsChanged: effort.wordsChanged,
      claimsByVerdict: effort.claimsByVerdict,
      findingsFixed: effort.findingsFixed,
    },
    textSha256: input.deliveredText.trim() === '' ? null : sha256Hex(input.deliveredText),
    issuer: input.issuer,
  };
  await publishKey(tx, input.key);
  const isPrivate = await isOrderPrivate(tx, order.id);
  await revokeCertificates(tx, order.id, 'revised', delivery.id);
  await tx.insert(certificates).values({
    code,
    deliveryId: delivery.id,
    submissionId: order.id,
    body,
    signature: signBytes(input.key, canonicalBytes(body)),
    keyId: input.key.id,
    isPrivate,
  });
  // The editorial-control record of this delivery (issue 43), which the certificate's credential binds.
  await writeEditorialRecord(tx, {
    order,
    delivery,
    certificateCode: code,
    reviewerName: body.reviewer,
    textSha256: body.textSha256,
    effort,
    claimedAt: input.claimedAt ?? null,
    secondReviewer: input.signedOffBy && signer ? { userId: input.signedOffBy, name: signer } : null,
  });
  return code;
}

/** Revokes an order's live certificates (all, or all but one delivery's). */
export async function revokeCertificates(db: Executor, submissionId: string, reason: RevocationReason, keepDeliveryId?: string): Promise<number> {
  const revoked = await db
    .update(certificates)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(certificates.submissionId, submissionId),
        isNull(certificates.revokedAt),
        keepDeliveryId ? ne(certificates.deliveryId, keepDeliveryId) : undefined,
      ),
    )
    .returning({ code: certificates.code });
  return revoked.length;
}

/**
 * After a refund is recorded: when nothing paid remains (refunded in full), the review no longer stands and its
 * certificates are revoked. Called inside the refund's transaction.
 */
export async function revokeIfRefundedInFull(db: Executor, submissionId: string): Promise<boolean> {
  const result = await db.execute<{ paid: number; refunded: number }>(sql`
    select
      coalesce((select sum(amount_pence) from payments where submission_id = ${submissionId} and status = 'succeeded'), 0)::int as paid,
      coalesce((select sum(amount_pence) from refunds where submission_id = ${submissionId}), 0)::int as refunded`);
  const row = result.rows[0];
  if (!row || Number(row.paid) <= 0 || Number(row.refunded) < Number(row.paid)) return false;
  return (await revokeCertificates(db, submissionId, 'refunded')) > 0;
}
