export { issueCertificate, newCertificateCode, publishKey, revokeCertificates, revokeIfRefundedInFull, sha256Hex, canonicalBytes } from './issue-certificate';
export { resolveSigningKey, type SigningKey } from './signing-key';
export { certificateRoutes, lookUp, lookUpLimit, publicCertificateRoute } from './routes';
export { certificateCodeOfOrder, findCertificate, publishedKeys, type CertificateRow } from './read-certificates';
