import { z } from 'zod';
import { ENGLISH_VARIANTS } from './categories';
import { SERVICE_TIERS } from './service-tiers';
import { claimsByVerdictSchema } from './review-effort.schema';

// ---------------------------------------------------------------------------------------------
// The certificate of human review (issue 24, decision 033): what is signed, what the public sees, and how a text
// is hashed so anybody can check a copy against it. Used by the server, the verify page and the offline example.
// ---------------------------------------------------------------------------------------------

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not misread. */
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 bits: 80 random bits. */
export const CERTIFICATE_CODE_CHARACTERS = 16;
export const CERTIFICATE_CODE_PATTERN = /^HP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const CERTIFICATE_VERSION = 1;
export const CERTIFICATE_ALGORITHM = 'Ed25519';
export { CERTIFICATE_KEYS_PATH } from './certificate-page-markup';

export function certificatePath(code: string): string {
  return `/verify/${code}`;
}
export function certificateBadgePath(code: string): string {
  return `/verify/${code}/badge.svg`;
}
export function certificatePdfPath(code: string): string {
  return `/verify/${code}/certificate.pdf`;
}
export function certificateJsonPath(code: string): string {
  return `/api/v1/certificates/${code}`;
}

/**
 * A code as typed: upper case, without spaces, with the letters people confuse read as the digits they look like
 * (Crockford: I and L are 1, O is 0). Null when it cannot be a code.
 */
export function normaliseCertificateCode(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const body = compact.startsWith('HP') ? compact.slice(2) : compact;
  if (body.length !== CERTIFICATE_CODE_CHARACTERS) return null;
  const code = `HP-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}-${body.slice(12, 16)}`;
  return CERTIFICATE_CODE_PATTERN.test(code) ? code : null;
}

export { normaliseTextForHash } from './certificate-text';

export const certificateEffortSchema = z.object({
  activeMinutes: z.number().int().min(0),
  wordsChanged: z.number().int().min(0),
  claimsByVerdict: claimsByVerdictSchema,
  findingsFixed: z.number().int().min(0),
});
export type CertificateEffort = z.infer<typeof certificateEffortSchema>;

/** The signed body. Its RFC 8785 canonical JSON (sorted keys) is what the Ed25519 signature covers. */
export const certificateBodySchema = z.object({
  version: z.literal(CERTIFICATE_VERSION),
  code: z.string().regex(CERTIFICATE_CODE_PATTERN),
  orderId: z.string(),
  delivery: z.number().int().min(1),
  tier: z.enum(SERVICE_TIERS),
  englishVariant: z.enum(ENGLISH_VARIANTS),
  deliveredAt: z.string(),
  /** The reviewer's display name or first name and initial; never an e-mail address or a full surname. */
  reviewer: z.string(),
  /**
   * The second reviewer who signed the review off before it was delivered, named as `reviewer` is; null when no second
   * reviewer signed it off (decision 073). Absent from certificates issued before sign-offs existed.
   */
  signedOffBy: z.string().nullable().optional(),
  effort: certificateEffortSchema,
  /** Hex SHA-256 of the delivered text after normaliseTextForHash; null when the delivery is a document only. */
  textSha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  issuer: z.string(),
});
export type CertificateBody = z.infer<typeof certificateBodySchema>;

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const REVOCATION_REASONS = ['refunded', 'revised', 'corrected-after-audit'] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

export const REVOCATION_TEXT: Record<RevocationReason, string> = {
  refunded: 'The order was refunded in full, so this review no longer stands.',
  revised: 'The delivery was replaced by a revision, which has its own certificate.',
  'corrected-after-audit': 'An audit found this review needed correcting; the corrected version has its own certificate.',
};

/** GET /api/v1/certificates/:code: the signed body with its signature, or only that a certificate exists. */
export const publicCertificateSchema = z.discriminatedUnion('visibility', [
  z.object({
    visibility: z.literal('public'),
    code: z.string(),
    status: z.enum(CERTIFICATE_STATUSES),
    revokedAt: z.string().nullable(),
    revokedReason: z.enum(REVOCATION_REASONS).nullable(),
    certificate: certificateBodySchema,
    signature: z.string(),
    keyId: z.string(),
    algorithm: z.literal(CERTIFICATE_ALGORITHM),
  }),
  z.object({
    visibility: z.literal('private'),
    code: z.string(),
    status: z.enum(CERTIFICATE_STATUSES),
    issuedAt: z.string(),
  }),
]);
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** One published key as a JWK (RFC 8037), so Web Crypto and Node import it as it is. */
export const certificateKeySchema = z.object({
  kid: z.string(),
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export const certificateKeysSchema = z.object({ keys: z.array(certificateKeySchema) });
export type CertificateKey = z.infer<typeof certificateKeySchema>;

/** The customer's own view of an order's certificate (order details). */
export const ownCertificateSchema = z.object({
  code: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  isPrivate: z.boolean(),
  revokedReason: z.enum(REVOCATION_REASONS).nullable(),
  issuedAt: z.string(),
});
export type OwnCertificate = z.infer<typeof ownCertificateSchema>;
export const certificateVisibilitySchema = z.object({ isPrivate: z.boolean({ error: 'isPrivate must be true or false' }) });

export const CERTIFICATE_MESSAGES = {
  notFound: 'No certificate has this code.',
  tooMany: 'Too many certificate look-ups from your connection. Please try again later.',
  verified: 'Verified',
  notVerified: 'Not verified: the signature does not match a published HumanProof key.',
  matches: 'Matches the reviewed text',
  differs: 'Does not match: this text differs from the reviewed version',
  privateNotice: 'A valid certificate of human review exists for this text. Its owner keeps the details private.',
  noCertificateYet: 'No certificate yet: it is issued when the review is completed.',
} as const;

/** The badge's HTML snippet a customer pastes into their page. */
export function badgeSnippet(origin: string, code: string): string {
  return `<a href="${origin}${certificatePath(code)}"><img src="${origin}${certificateBadgePath(code)}" alt="Human review certificate ${code}" width="220" height="40"></a>`;
}
