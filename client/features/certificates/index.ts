/** What other features may use from the certificates feature (issue 24). */
export { CertificateCard } from './certificate-card';
