/** The certificate as a W3C Verifiable Credential (issue 43, decision 060): what other features use. */
export { credentialOf } from './issue-credential';
export { didDocumentOf } from './did-document';
