import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import { contexts as didContexts } from 'did-context';
import type { DocumentLoader } from '@digitalbazaar/vc';
import { humanProofContext, humanProofContextUrl, MULTIKEY_V1_CONTEXT } from './credential.schema';

// ---------------------------------------------------------------------------------------------
// The JSON-LD document loader for issuing and verifying credentials in Node (issue 43, decision 060): it never
// touches the network. It knows the contexts bundled in the npm packages (VC 1.1 and 2.0, Data Integrity, Multikey,
// Bitstring Status List, DID 1.0), HumanProof's own context for the one site it is made for, and the documents its
// caller hands it (a DID document the user's chosen site published, a status list fetched from that site).
// Anything else is refused by name. The server, the tests and examples/verify-certificate.ts use it; the verify page
// does not (it checks the JCS proof with Web Crypto alone, shared/credential-verify.ts).
// ---------------------------------------------------------------------------------------------

/** Every context a HumanProof credential or its status list may name, by URL. */
export function bundledContexts(origin: string): Map<string, object> {
  return new Map<string, object>([
    ...credentialsContexts,
    ...dataIntegrityContexts,
    ...multikeyContexts,
    ...statusListContexts,
    ...didContexts,
    [humanProofContextUrl(origin), humanProofContext(origin)],
  ]);
}

export interface DidDocument {
  '@context'?: unknown;
  id: string;
  verificationMethod?: { id: string; type: string; controller: string; publicKeyMultibase: string }[];
  assertionMethod?: (string | { id: string })[];
}

export interface LoaderOptions {
  /** The site whose HumanProof context is bundled (its PUBLIC_URL, or the site the user names). */
  origin: string;
  /** DID documents the caller trusts, by DID: never one a credential names for itself. */
  didDocuments?: readonly DidDocument[];
  /** Other documents by URL: a status list credential the caller fetched from the trusted site. */
  documents?: ReadonlyMap<string, unknown>;
}

export class DocumentNotBundledError extends Error {
  constructor(readonly url: string) {
    super(`Not loaded: ${url} is not a bundled context, a trusted DID document or a document given to the loader (nothing is fetched)`);
    this.name = 'DocumentNotBundledError';
  }
}

export function documentLoaderFor(options: LoaderOptions): DocumentLoader {
  const contexts = bundledContexts(options.origin);
  const dids = new Map((options.didDocuments ?? []).map((doc) => [doc.id, doc]));
  return async (url: string) => {
    const context = contexts.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: structuredClone(context) };
    const given = options.documents?.get(url);
    if (given !== undefined) return { contextUrl: null, documentUrl: url, document: structuredClone(given) };
    const hash = url.indexOf('#');
    const did = dids.get(hash === -1 ? url : url.slice(0, hash));
    if (did) {
      if (hash === -1) return { contextUrl: null, documentUrl: url, document: structuredClone(did) };
      // A verification method is loaded on its own, with the Multikey context the suites expect of it.
      const method = did.verificationMethod?.find((m) => m.id === url);
      if (method) return { contextUrl: null, documentUrl: url, document: { '@context': MULTIKEY_V1_CONTEXT, ...structuredClone(method) } };
    }
    throw new DocumentNotBundledError(url);
  };
}
