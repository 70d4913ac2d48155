import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  CERTIFICATE_ALGORITHM,
  certificateBodySchema,
  type CertificateKey,
  type OwnCertificate,
  type PublicCertificate,
  type RevocationReason,
} from '../../../shared/certificate.schema';
import type { Executor } from '../../db/client';
import { certificateKeys, certificates } from '../../db/schema';

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * The customer's privacy choice is the order's, not one certificate's (decision 033): a certificate is private when
 * any certificate of its order is. The switch and issuing keep the column equal across the order; reading it this
 * way as well means a certificate that somehow missed it (an old row, a future way of issuing) fails closed.
 * The outer column is spelled out: Drizzle writes a one-table select's columns unqualified, which here would be sibling's.
 */
const orderIsPrivate = sql<boolean>`exists (select 1 from certificates as sibling where sibling.submission_id = certificates.submission_id and sibling.is_private)`.mapWith(Boolean);

/** Every column, with `isPrivate` as the order's choice. Every reader of a certificate goes through this. */
function selectCertificates(db: Executor) {
  return db.select({ ...getTableColumns(certificates), isPrivate: orderIsPrivate }).from(certificates);
}

export async function findCertificate(db: Executor, code: string): Promise<CertificateRow | null> {
  const [row] = await selectCertificates(db).where(eq(certificates.code, code)).limit(1);
  return row ?? null;
}

/** The order's newest certificate (the latest delivery's), revoked or not. */
export async function latestCertificateOfOrder(db: Executor, submissionId: string): Promise<CertificateRow | null> {
  const [row] = await selectCertificates(db)
    .where(eq(certificates.submissionId, submissionId))
    .orderBy(desc(certificates.createdAt), desc(certificates.code))
    .limit(1);
  return row ?? null;
}

/** The order's choice, for a certificate about to be issued: it inherits what the customer chose for the others. */
export async function isOrderPrivate(db: Executor, submissionId: string): Promise<boolean> {
  const [row] = await db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.submissionId, submissionId), eq(certificates.isPrivate, true)))
    .limit(1);
  return row !== undefined;
}

/** The code for the API's order answer and the order.completed webhook: the latest delivery's certificate. */
export async function certificateCodeOfOrder(db: Executor, submissionId: string): Promise<string | null> {
  return (await latestCertificateOfOrder(db, submissionId))?.code ?? null;
}

export function isRevoked(row: CertificateRow): boolean {
  return row.revokedAt !== null;
}

/** What anybody may see: the signed body and its signature, or, for a private certificate, only that it exists. */
export function toPublicCertificate(row: CertificateRow): PublicCertificate {
  const status = isRevoked(row) ? 'revoked' : 'valid';
  if (row.isPrivate) return { visibility: 'private', code: row.code, status, issuedAt: row.createdAt.toISOString() };
  return {
    visibility: 'public',
    code: row.code,
    status,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: (row.revokedReason as RevocationReason | null) ?? null,
    certificate: certificateBodySchema.parse(row.body),
    signature: row.signature,
    keyId: row.keyId,
    algorithm: CERTIFICATE_ALGORITHM,
  };
}

export function toOwnCertificate(row: CertificateRow): OwnCertificate {
  return {
    code: row.code,
    status: isRevoked(row) ? 'revoked' : 'valid',
    isPrivate: row.isPrivate,
    revokedReason: (row.revokedReason as RevocationReason | null) ?? null,
    issuedAt: row.createdAt.toISOString(),
  };
}

/** Every key that ever signed, oldest first, as JWKs. */
export async function publishedKeys(db: Executor): Promise<CertificateKey[]> {
  const rows = await db.select().from(certificateKeys).orderBy(asc(certificateKeys.createdAt), asc(certificateKeys.id));
  return rows.map((row) => ({ kid: row.id, kty: 'OKP', crv: 'Ed25519', x: row.publicKey, alg: 'EdDSA', use: 'sig' }));
}
