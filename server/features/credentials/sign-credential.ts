import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as rdfcCryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { createSignCryptosuite } from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import type { DataIntegrityProof as Proof } from '../../../shared/credential.schema';
import { verificationMethodOf } from '../../../shared/credential.schema';
import { documentLoaderFor } from '../../../shared/credential-loader';
import type { SigningKey } from '../certificates';

/** The signing key as a Multikey controlled by the issuer's DID, made once per key and DID. */
const multikeys = new Map<string, Promise<Ed25519Multikey.Ed25519KeyPair>>();
function multikeyOf(key: SigningKey, did: string): Promise<Ed25519Multikey.Ed25519KeyPair> {
  const id = verificationMethodOf(did, key.id);
  let found = multikeys.get(id);
  if (!found) {
    found = Ed25519Multikey.fromJwk({ jwk: key.privateKey.export({ format: 'jwk' }), secretKey: true, id, controller: did });
    multikeys.set(id, found);
  }
  return found;
}

/**
 * Signs an unsigned credential twice, with `eddsa-rdfc-2022` and `eddsa-jcs-2022`, as a proof set: each proof is made
 * over the credential without the other, so a verifier that supports only one suite verifies that one on its own.
 * @digitalbazaar/vc does the work (its issue() with a Data Integrity suite each time); the loader has every context
 * bundled, so signing never touches the network.
 */
export async function signWithBothSuites<T extends object>(unsigned: T, key: SigningKey, options: { did: string; origin: string; now?: Date }): Promise<T & { proof: Proof[] }> {
  const multikey = await multikeyOf(key, options.did);
  const documentLoader = documentLoaderFor({ origin: options.origin });
  const date = options.now ?? new Date();
  const proofs: Proof[] = [];
  for (const cryptosuite of [rdfcCryptosuite, createSignCryptosuite()]) {
    const suite = new DataIntegrityProof({ signer: multikey.signer(), cryptosuite, date });
    const signed = await vc.issue({ credential: structuredClone(unsigned), suite, documentLoader });
    proofs.push(signed.proof as Proof);
  }
  return { ...unsigned, proof: proofs };
}

/** A JWK's public key as a Multikey's publicKeyMultibase (base58btc of the Ed25519 multicodec prefix and the key). */
export async function multibaseOfJwk(x: string): Promise<string> {
  return (await Ed25519Multikey.fromJwk({ jwk: { kty: 'OKP', crv: 'Ed25519', x } })).publicKeyMultibase;
}

/** An ISO date-time to whole seconds, as XML Schema's dateTimeStamp and every verifier read it. */
export function wholeSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
