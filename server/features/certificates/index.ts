export { issueCertificate, newCertificateCode, revokeCertificates, revokeIfRefundedInFull, sha256Hex, canonicalBytes } from './issue-certificate';
export { resolveSigningKey, type SigningKey } from './signing-key';
export { certificateRoutes, publicCertificateRoute } from './routes';
export { certificateCodeOfOrder } from './read-certificates';
