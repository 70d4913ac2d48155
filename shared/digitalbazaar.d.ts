// Types for the parts of Digital Bazaar's Verifiable Credential libraries (issue 43, decision 060) this project calls;
// the packages ship JavaScript only.

declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (url: string) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>;
  export interface VerifyResult {
    verified: boolean;
    error?: Error | Error[];
    results?: { proof: Record<string, unknown>; verified: boolean; error?: Error; verificationMethod?: { id?: string } }[];
    statusResult?: { verified: boolean; error?: Error };
  }
  export function issue(options: { credential: object; suite: unknown; documentLoader: DocumentLoader; now?: string | Date }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: object; documentLoader: DocumentLoader; suite: unknown }) => Promise<{ verified: boolean; error?: Error }>;
    now?: string | Date;
  }): Promise<VerifyResult>;
}

declare module '@digitalbazaar/data-integrity' {
  import type { DocumentLoader } from '@digitalbazaar/vc';
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: string | Date });
    verifyProof(options: {
      proof: object;
      document: object;
      proofSet: object[];
      purpose: { validate: (...args: unknown[]) => Promise<{ valid: boolean }> };
      documentLoader: DocumentLoader;
    }): Promise<{ verified: boolean; error?: Error }>;
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalbazaar/eddsa-jcs-2022-cryptosuite' {
  export function createSignCryptosuite(): unknown;
  export function createVerifyCryptosuite(): unknown;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): { id?: string; algorithm: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
    export(options?: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<Record<string, string>>;
  }
  export function fromJwk(options: { jwk: object; secretKey?: boolean; id?: string; controller?: string }): Promise<Ed25519KeyPair>;
  export function from(key: object): Promise<Ed25519KeyPair>;
  export function toJwk(options: { keyPair: Ed25519KeyPair; secretKey?: boolean }): Promise<{ kty: string; crv: string; x: string; d?: string }>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  import type { DocumentLoader } from '@digitalbazaar/vc';
  export class BitstringStatusList {
    constructor(options: { length: number });
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
    static decode(options: { encodedList: string }): Promise<BitstringStatusList>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: { id: string; list: BitstringStatusList; statusPurpose: string }): Promise<Record<string, unknown>>;
  export function checkStatus(options: {
    credential: object;
    documentLoader: DocumentLoader;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; results?: { verified: boolean; status: boolean }[]; error?: Error }>;
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const contexts: Map<string, object>;
}
declare module 'did-context' {
  export const contexts: Map<string, object>;
}

declare module 'jsonld' {
  const jsonld: {
    toRDF(input: object, options: { format?: string; documentLoader?: unknown; safe?: boolean }): Promise<unknown>;
  };
  export default jsonld;
}
