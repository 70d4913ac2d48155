// Test fixtures for the verify page's credential check (issue 43, decision 060): a credential and its status list,
// each with an eddsa-jcs-2022 proof made as the specification says (the W3C vector test checks jcsVerifyData).
import { sign, type KeyObject } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { credentialPath, STATUS_LIST_LENGTH } from '@shared/credential.schema';
import { jcsVerifyData } from '@shared/credential-verify';

export const FIXTURE_DID = 'did:web:localhost%3A5000';
/** The list's address as the page fetches it, and the credential's index in it. */
export const FIXTURE_STATUS_LIST_PATH = '/credentials/status/1';
const LIST = `http://localhost:5000${FIXTURE_STATUS_LIST_PATH}`;
const INDEX = 4242;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)]! + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Signs credentials for certificate `code` with `privateKey`, published as key `kid`. */
export function credentialFixtures(privateKey: KeyObject, kid: string, code: string) {
  async function signJcs(document: Record<string, unknown>): Promise<Record<string, unknown>> {
    const proof = {
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      created: '2026-11-28T00:00:00Z',
      verificationMethod: `${FIXTURE_DID}#${kid}`,
      proofPurpose: 'assertionMethod',
      '@context': document['@context'],
    };
    const data = await jcsVerifyData(document, proof);
    return { ...document, proof: [{ ...proof, proofValue: `z${base58(sign(null, data!, privateKey))}` }] };
  }

  async function credential(editor?: { name: string; organisation?: string }) {
    return signJcs({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'http://localhost:5000/ns/credentials/v1'],
      id: `http://localhost:5000${credentialPath(code)}`,
      type: ['VerifiableCredential', 'HumanReviewCredential'],
      issuer: FIXTURE_DID,
      validFrom: '2026-11-20T10:00:00Z',
      credentialSubject: {
        type: 'ReviewedText',
        certificateCode: code,
        reviewer: 'Rita R.',
        ...(editor ? { editorialResponsibility: { type: 'EditorialResponsibility', ...editor } } : {}),
      },
      credentialStatus: { id: `${LIST}#${INDEX}`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: String(INDEX), statusListCredential: LIST },
    });
  }

  async function statusList(revoked: boolean) {
    const bits = new Uint8Array(STATUS_LIST_LENGTH / 8);
    if (revoked) bits[INDEX >> 3] = 0x80 >> (INDEX & 7);
    return signJcs({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: LIST,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: FIXTURE_DID,
      validFrom: '2026-11-28T00:00:00Z',
      credentialSubject: { id: `${LIST}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: `u${gzipSync(bits).toString('base64url')}` },
    });
  }

  return { credential, statusList };
}
