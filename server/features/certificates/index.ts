/** What other features may use from certificates of human review (decision 033); the routes are registered in ../index.ts. */
export { issueCertificate, newCertificateCode, revokeCertificates, revokeIfRefundedInFull, sha256Hex, canonicalBytes } from './issue-certificate';
export { resolveSigningKey, type SigningKey } from './signing-key';
export { certificateCodeOfOrder } from './read-certificates';
