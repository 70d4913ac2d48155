/** What other features may use from certificates of human review (decision 033); the routes are registered in ../index.ts. */
export { issueCertificate, newCertificateCode, publicReviewerName, publishKey, revokeCertificates, revokeIfRefundedInFull, sha256Hex, canonicalBytes } from './issue-certificate';
export { resolveSigningKey, type SigningKey } from './signing-key';
export { certificateCodeOfOrder, findCertificate, publishedKeys, type CertificateRow } from './read-certificates';
export { assertMayReadPrivate, lookUp, lookUpLimit, publicLookUpOptions } from './look-up';
