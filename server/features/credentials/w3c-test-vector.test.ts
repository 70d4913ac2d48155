/**
 * Issue 43: the W3C eddsa-jcs-2022 test vector (w3c/vc-di-eddsa, TestVectors/eddsa-jcs-2022; see
 * w3c-test-vectors/README.md), reproduced with the libraries HumanProof signs with and checked with the verify page's
 * own JCS code, step by step.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { createSignCryptosuite, createVerifyCryptosuite } from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { documentLoaderFor } from '../../../shared/credential-loader';
import { base58Decode, checkJcsProof, ed25519FromMultibase, jcsProofOf, jcsVerifyData } from '../../../shared/credential-verify';

const DIR = path.join(import.meta.dirname, 'w3c-test-vectors');
const read = (name: string) => readFileSync(path.join(DIR, name), 'utf8');
const json = (name: string) => JSON.parse(read(name)) as Record<string, unknown>;
const text = (name: string) => read(name).trim();

const keyPair = json('keyPair.json') as { publicKeyMultibase: string; privateKeyMultibase: string };
const unsigned = json('unsigned.json');
const signed = json('eddsa-jcs-2022/signedJCS.json');
const proofConfig = json('eddsa-jcs-2022/proofConfigJCS.json');
const did = `did:key:${keyPair.publicKeyMultibase}`;
const verificationMethod = `${did}#${keyPair.publicKeyMultibase}`;
const EXAMPLES_CONTEXT = 'https://www.w3.org/ns/credentials/examples/v2';

/**
 * A verifier's loader for the vector: the bundled contexts, the did:key document its key implies, and the VC
 * examples context (its published content: one @vocab), which no npm package ships.
 */
function vectorLoader() {
  return documentLoaderFor({
    origin: 'https://vc.example',
    didDocuments: [
      {
        '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
        id: did,
        verificationMethod: [{ id: verificationMethod, type: 'Multikey', controller: did, publicKeyMultibase: keyPair.publicKeyMultibase }],
        assertionMethod: [verificationMethod],
      },
    ],
    documents: new Map([[EXAMPLES_CONTEXT, { '@context': { '@vocab': 'https://www.w3.org/ns/credentials/examples#' } }]]),
  });
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

describe('the W3C eddsa-jcs-2022 test vector (issue 43)', () => {
  it('is reproduced exactly by @digitalbazaar/vc with the eddsa-jcs-2022 cryptosuite: same proof value, same signed credential', async () => {
    const key = await Ed25519Multikey.from({
      type: 'Multikey',
      id: verificationMethod,
      controller: did,
      publicKeyMultibase: keyPair.publicKeyMultibase,
      secretKeyMultibase: keyPair.privateKeyMultibase,
    });
    const suite = new DataIntegrityProof({ signer: key.signer(), cryptosuite: createSignCryptosuite(), date: String(proofConfig.created) });
    const made = await vc.issue({ credential: structuredClone(unsigned), suite, documentLoader: vectorLoader() });
    expect((made.proof as Record<string, unknown>).proofValue).toBe(text('eddsa-jcs-2022/sigBTC58JCS.txt'));
    expect(made).toEqual(signed);
  });

  it('matches every intermediate value with the verify page’s own JCS code, and verifies with it', async () => {
    expect(canonicalize(unsigned)).toBe(text('eddsa-jcs-2022/canonDocJCS.txt'));
    expect(sha256Hex(canonicalize(unsigned)!)).toBe(text('eddsa-jcs-2022/docHashJCS.txt'));
    expect(canonicalize(proofConfig)).toBe(text('eddsa-jcs-2022/proofCanonJCS.txt'));
    expect(sha256Hex(canonicalize(proofConfig)!)).toBe(text('eddsa-jcs-2022/proofHashJCS.txt'));
    const proof = jcsProofOf(signed)!;
    expect(hex((await jcsVerifyData(signed, proof))!)).toBe(text('eddsa-jcs-2022/combinedHashJCS.txt'));
    expect(hex(base58Decode(String(proof.proofValue).slice(1)))).toBe(text('eddsa-jcs-2022/sigHexJCS.txt'));

    const raw = ed25519FromMultibase(keyPair.publicKeyMultibase)!;
    expect(raw).toHaveLength(32);
    const keyFor = (vm: string) => (vm === verificationMethod ? raw : null);
    expect(await checkJcsProof(signed, keyFor)).toBe('verified');
    expect(await checkJcsProof({ ...signed, name: 'Forged Credential' }, keyFor)).toBe('bad-signature');
    expect(await checkJcsProof(signed, () => null)).toBe('unknown-key');
  });

  it('verifies with @digitalbazaar/data-integrity’s own verifyProof, and a changed field does not', async () => {
    // The vector's issuer (https://vc.example/…) is not its key's controller (a did:key), so @digitalbazaar/vc's
    // verifyCredential refuses it for that reason alone; the Data Integrity suite checks the proof itself.
    const verify = async (document: Record<string, unknown>) => {
      const { proof, ...rest } = document;
      const suite = new DataIntegrityProof({ cryptosuite: createVerifyCryptosuite() });
      const purpose = { validate: async () => ({ valid: true }) };
      return (await suite.verifyProof({ proof: proof as object, document: rest, proofSet: [proof as object], purpose, documentLoader: vectorLoader() })).verified;
    };
    expect(await verify(signed)).toBe(true);
    expect(await verify({ ...signed, issuer: 'https://vc.example/issuers/0000' })).toBe(false);
    expect(await verify({ ...signed, credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'Another School' } })).toBe(false);
  });
});
