import { DID_V1_CONTEXT, didWebOf, MULTIKEY_V1_CONTEXT, verificationMethodOf } from '../../../shared/credential.schema';
import type { DidDocument } from '../../../shared/credential-loader';
import type { Executor } from '../../db/client';
import { publishedKeys } from '../certificates';
import { multibaseOfJwk } from './sign-credential';

type Multikey = { id: string; type: 'Multikey'; controller: string; publicKeyMultibase: string };

/**
 * /.well-known/did.json: the DID document of did:web:<PUBLIC_URL's host>. Every key that ever signed (the same keys
 * /.well-known/humanproof-keys.json publishes as JWKs, oldest first) is a Multikey verification method and an
 * assertion method, so a credential signed before a rotation keeps verifying.
 */
export async function didDocumentOf(db: Executor, origin: string): Promise<DidDocument & { '@context': string[]; verificationMethod: Multikey[]; assertionMethod: string[] }> {
  const did = didWebOf(origin);
  const keys = await publishedKeys(db);
  const methods = await Promise.all(
    keys.map(async (key): Promise<Multikey> => ({ id: verificationMethodOf(did, key.kid), type: 'Multikey', controller: did, publicKeyMultibase: await multibaseOfJwk(key.x) })),
  );
  return { '@context': [DID_V1_CONTEXT, MULTIKEY_V1_CONTEXT], id: did, verificationMethod: methods, assertionMethod: methods.map((m) => m.id) };
}
