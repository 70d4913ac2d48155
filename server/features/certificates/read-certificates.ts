import { asc, desc, eq } from 'drizzle-orm';
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

export async function findCertificate(db: Executor, code: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
  return row ?? null;
}

/** The order's newest certificate (the latest delivery's), revoked or not. */
export async function latestCertificateOfOrder(db: Executor, submissionId: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.submissionId, submissionId))
    .orderBy(desc(certificates.createdAt), desc(certificates.code))
    .limit(1);
  return row ?? null;
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
