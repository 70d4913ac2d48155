import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as rdfcCryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { createVerifyCryptosuite } from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import type { DocumentLoader } from '@digitalbazaar/vc';
import { JCS_SUITE, RDFC_SUITE } from './credential.schema';

// ---------------------------------------------------------------------------------------------
// Verifying a HumanProof credential in Node with Digital Bazaar's maintained libraries (issue 43, decision 060):
// each of its two proofs on its own (so each would satisfy a verifier that supports only that suite), and its
// revocation bit. The caller's document loader (shared/credential-loader.ts) decides which keys are trusted.
// examples/verify-certificate.ts and the tests use this.
// ---------------------------------------------------------------------------------------------

export const CREDENTIAL_SUITES = [RDFC_SUITE, JCS_SUITE] as const;
export type CredentialSuite = (typeof CREDENTIAL_SUITES)[number];

export interface ProofCheck {
  suite: CredentialSuite;
  verified: boolean;
  /** The verification method of the proof checked. */
  verificationMethod: string | null;
  /** Why it did not verify. */
  error: string | null;
}

function verifySuite(suite: CredentialSuite): unknown {
  return new DataIntegrityProof({ cryptosuite: suite === RDFC_SUITE ? rdfcCryptosuite : createVerifyCryptosuite() });
}

function messageOf(error: unknown): string {
  if (Array.isArray(error)) return error.map(messageOf).join('; ');
  if (error instanceof Error) return error.message;
  return String(error);
}

function proofsOf(credential: Record<string, unknown>): Record<string, unknown>[] {
  const proof = credential.proof;
  if (Array.isArray(proof)) return proof.filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null);
  return typeof proof === 'object' && proof !== null ? [proof as Record<string, unknown>] : [];
}

/**
 * One suite's proof, verified with @digitalbazaar/vc's verifyCredential and only that suite, so the other proof can
 * neither help nor hinder. The status is not looked at here (checkCredentialStatus does).
 */
export async function checkProof(credential: Record<string, unknown>, suite: CredentialSuite, documentLoader: DocumentLoader): Promise<ProofCheck> {
  const proof = proofsOf(credential).find((p) => p.cryptosuite === suite);
  const verificationMethod = typeof proof?.verificationMethod === 'string' ? proof.verificationMethod : null;
  if (!proof) return { suite, verified: false, verificationMethod, error: `the credential has no ${suite} proof` };
  try {
    const result = await vc.verifyCredential({
      credential,
      suite: verifySuite(suite),
      documentLoader,
      checkStatus: async () => ({ verified: true }),
    });
    const checked = result.results ?? [];
    const verified = result.verified && checked.length === 1 && checked[0]!.verified;
    const error = verified ? null : messageOf(checked.find((r) => r.error)?.error ?? result.error ?? 'not verified');
    return { suite, verified, verificationMethod, error };
  } catch (error) {
    return { suite, verified: false, verificationMethod, error: messageOf(error) };
  }
}

export function checkProofs(credential: Record<string, unknown>, documentLoader: DocumentLoader): Promise<ProofCheck[]> {
  return Promise.all(CREDENTIAL_SUITES.map((suite) => checkProof(credential, suite, documentLoader)));
}

export type StatusCheck = { checked: true; revoked: boolean } | { checked: false; error: string };

/**
 * The credential's revocation bit, with @digitalbazaar/vc-bitstring-status-list: the status list credential comes
 * from the caller's loader (fetched by the caller from the trusted site), its own proofs are verified and its issuer
 * must be the credential's.
 */
export async function checkCredentialStatus(credential: Record<string, unknown>, documentLoader: DocumentLoader): Promise<StatusCheck> {
  try {
    const result = await checkStatus({ credential, documentLoader, suite: CREDENTIAL_SUITES.map(verifySuite), verifyBitstringStatusListCredential: true, verifyMatchingIssuers: true });
    const first = result.results?.[0];
    if (!result.verified || !first) return { checked: false, error: messageOf(result.error ?? 'the status list could not be checked') };
    return { checked: true, revoked: first.status };
  } catch (error) {
    return { checked: false, error: messageOf(error) };
  }
}
