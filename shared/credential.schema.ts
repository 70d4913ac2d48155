// ---------------------------------------------------------------------------------------------
// The certificate of human review as a W3C Verifiable Credential 2.0 (issue 43, decision 060): its addresses, its
// issuer's did:web identifier, the HumanProof JSON-LD context and the shapes the server, the verify page, the offline
// example and the tests share. No zod and no library here: the verify page imports it.
// ---------------------------------------------------------------------------------------------

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const DID_V1_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_V1_CONTEXT = 'https://w3id.org/security/multikey/v1';

/** Where the app serves its versioned JSON-LD context; the credential names `${PUBLIC_URL}${this}`. */
export const HUMANPROOF_CONTEXT_PATH = '/ns/credentials/v1';
export const DID_DOCUMENT_PATH = '/.well-known/did.json';
export const CREDENTIAL_MEDIA_TYPE = 'application/vc';
export const RDFC_SUITE = 'eddsa-rdfc-2022';
export const JCS_SUITE = 'eddsa-jcs-2022';
export const CREDENTIAL_TYPES = ['VerifiableCredential', 'HumanReviewCredential'] as const;
export const EVIDENCE_TYPES = ['EditorialControlRecord'] as const;

/** Entries per status list: 131,072 bits, 16 KB before compression (the Bitstring Status List's minimum). */
export const STATUS_LIST_LENGTH = 131_072;
/** A list takes new credentials until this many are in it, so a random index always has a large crowd. */
export const STATUS_LIST_FILL = 65_536;

export function credentialPath(code: string): string {
  return `/api/v1/certificates/${code}/credential`;
}
export function statusListPath(list: number): string {
  return `/credentials/status/${list}`;
}
/** The record's JSON for one delivery; without `delivery` the routes answer the latest. */
export function editorialRecordV1Path(orderId: string, delivery?: number): string {
  return `/api/v1/orders/${orderId}/editorial-record${delivery === undefined ? '' : `?delivery=${delivery}`}`;
}
export function editorialRecordPath(orderId: string, delivery?: number): string {
  return `/api/submissions/${orderId}/editorial-record${delivery === undefined ? '' : `?delivery=${delivery}`}`;
}
export function editorialRecordPdfPath(orderId: string, delivery?: number): string {
  return `/api/submissions/${orderId}/editorial-record.pdf${delivery === undefined ? '' : `?delivery=${delivery}`}`;
}

/**
 * The did:web identifier of a site (W3C did:web method): the host, with a port percent-encoded as `%3A`, then each
 * path segment after a colon. `http://localhost:5000` is `did:web:localhost%3A5000`.
 */
export function didWebOf(origin: string): string {
  const url = new URL(origin);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const segments = url.pathname.split('/').filter((s) => s !== '').map(encodeURIComponent);
  return ['did:web', host, ...segments].join(':');
}

/** The verification method of a key: `<did>#<key id>`. */
export function verificationMethodOf(did: string, keyId: string): string {
  return `${did}#${keyId}`;
}

/**
 * The HumanProof context: every term the credential and the status list use beyond the VC 2.0 context, each with
 * its own IRI, so RDF canonicalisation never falls back to the VC context's issuer-dependent `@vocab`. The terms are
 * named under the context's own address, so each IRI leads to the document that defines it. Served at
 * HUMANPROOF_CONTEXT_PATH; the document loaders (server, tests, examples/verify-certificate.ts) hold this same
 * object and never fetch it.
 */
export function humanProofContext(origin: string): { '@context': Record<string, unknown> } {
  const hp = `${origin}${HUMANPROOF_CONTEXT_PATH}#`;
  const integer = (name: string) => ({ '@id': `${hp}${name}`, '@type': 'http://www.w3.org/2001/XMLSchema#integer' });
  const plain = (name: string) => ({ '@id': `${hp}${name}` });
  return {
    '@context': {
      '@version': 1.1,
      '@protected': true,
      HumanReviewCredential: { '@id': `${hp}HumanReviewCredential` },
      ReviewedText: { '@id': `${hp}ReviewedText` },
      EditorialControlRecord: { '@id': `${hp}EditorialControlRecord` },
      EditorialResponsibility: { '@id': `${hp}EditorialResponsibility` },
      certificateCode: plain('certificateCode'),
      order: plain('order'),
      delivery: integer('delivery'),
      serviceTier: plain('serviceTier'),
      englishVariant: plain('englishVariant'),
      reviewer: plain('reviewer'),
      editorialResponsibility: plain('editorialResponsibility'),
      organisation: plain('organisation'),
      effort: plain('effort'),
      activeMinutes: integer('activeMinutes'),
      wordsChanged: integer('wordsChanged'),
      findingsFixed: integer('findingsFixed'),
      claimsByVerdict: plain('claimsByVerdict'),
      supported: integer('supported'),
      corrected: integer('corrected'),
      unsupported: integer('unsupported'),
      opinion: integer('opinion'),
      textSha256: plain('textSha256'),
    },
  };
}

export function humanProofContextUrl(origin: string): string {
  return `${origin}${HUMANPROOF_CONTEXT_PATH}`;
}

/** A Data Integrity proof as the credential carries it. */
export interface DataIntegrityProof {
  '@context'?: unknown;
  type: 'DataIntegrityProof';
  cryptosuite: string;
  created?: string;
  verificationMethod: string;
  proofPurpose: string;
  proofValue: string;
}

export interface CredentialSubject {
  type: 'ReviewedText';
  certificateCode: string;
  order: string;
  delivery: number;
  serviceTier: string;
  englishVariant: string;
  reviewer: string;
  /** Absent when the customer named nobody: the page and the record then say "not named". */
  editorialResponsibility?: { type: 'EditorialResponsibility'; name: string; organisation?: string };
  effort: {
    activeMinutes: number;
    wordsChanged: number;
    findingsFixed: number;
    claimsByVerdict: Record<string, number>;
  };
  /** Hex SHA-256 of the delivered text after NFC, LF line endings and trim; absent for a document-only delivery. */
  textSha256?: string;
}

export interface HumanReviewCredential {
  '@context': string[];
  id: string;
  type: string[];
  name: string;
  description: string;
  issuer: string;
  validFrom: string;
  credentialSubject: CredentialSubject;
  credentialStatus: {
    id: string;
    type: 'BitstringStatusListEntry';
    statusPurpose: 'revocation';
    statusListIndex: string;
    statusListCredential: string;
  };
  evidence?: { id: string; type: string[]; name: string; mediaType: string; digestSRI: string }[];
  proof: DataIntegrityProof[];
}

export interface StatusListCredential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: string;
  validFrom: string;
  credentialSubject: { id: string; type: 'BitstringStatusList'; statusPurpose: string; encodedList: string };
  proof: DataIntegrityProof | DataIntegrityProof[];
}

/** What the credential's name and description say: the reviewer reviewed; editorial responsibility is the publisher's. */
export const CREDENTIAL_NAME = 'Certificate of human review';
export function credentialDescription(reviewer: string, editor: string): string {
  return `${reviewer}, a HumanProof reviewer, reviewed this text. Editorial responsibility: ${editor}. This certificate records a review; it does not state that any law is complied with.`;
}
