/**
 * The verify page's credential check (issue 43, decision 060): "Credential verified" only when the eddsa-jcs-2022
 * proof verifies against the published keys and the status list (its own proof verified) does not mark it revoked;
 * a revocation from the list shows; the editor is named from the credential; "Download credential" is offered.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CERTIFICATE_KEYS_PATH } from '@shared/certificate.schema';
import { credentialPath, STATUS_LIST_LENGTH } from '@shared/credential.schema';
import { jcsVerifyData } from '@shared/credential-verify';
import { createQueryClient } from '@client/lib/query-client';
import { CredentialCheck } from './credential-check';

const CODE = 'HP-ABCD-EFGH-JKMN-PQRS';
const DID = 'did:web:localhost%3A5000';
const KID = 'test-key-000001';
const LIST = 'http://localhost:5000/credentials/status/1';
const INDEX = 4242;
const key = generateKeyPairSync('ed25519');
const jwk = { ...key.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'EdDSA', use: 'sig' } as { kid: string; x: string };

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

/** An eddsa-jcs-2022 proof made as the specification says (the W3C vector test checks jcsVerifyData). */
async function signJcs(document: Record<string, unknown>): Promise<Record<string, unknown>> {
  const proof = {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-jcs-2022',
    created: '2026-11-28T00:00:00Z',
    verificationMethod: `${DID}#${KID}`,
    proofPurpose: 'assertionMethod',
    '@context': document['@context'],
  };
  const data = await jcsVerifyData(document, proof);
  return { ...document, proof: [{ ...proof, proofValue: `z${base58(sign(null, data!, key.privateKey))}` }] };
}

async function credential(editor?: { name: string; organisation?: string }) {
  return signJcs({
    '@context': ['https://www.w3.org/ns/credentials/v2', 'http://localhost:5000/ns/credentials/v1'],
    id: `http://localhost:5000${credentialPath(CODE)}`,
    type: ['VerifiableCredential', 'HumanReviewCredential'],
    issuer: DID,
    validFrom: '2026-11-20T10:00:00Z',
    credentialSubject: { type: 'ReviewedText', certificateCode: CODE, reviewer: 'Rita R.', ...(editor ? { editorialResponsibility: { type: 'EditorialResponsibility', ...editor } } : {}) },
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
    issuer: DID,
    validFrom: '2026-11-28T00:00:00Z',
    credentialSubject: { id: `${LIST}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: `u${gzipSync(bits).toString('base64url')}` },
  });
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url in answers ? json(answers[url]) : new Response('{"message":"not found"}', { status: 404 }))),
  );
}

function renderCheck() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CredentialCheck code={CODE} keys={[jwk as never]} />
    </QueryClientProvider>,
  );
}

describe('the verify page’s credential check', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says verified when the JCS proof and the status list both check, names the editor and offers the download', async () => {
    serve({ [credentialPath(CODE)]: await credential({ name: 'Jane Editor', organisation: 'Example News' }), '/credentials/status/1': await statusList(false), [CERTIFICATE_KEYS_PATH]: { keys: [jwk] } });
    renderCheck();
    expect((await screen.findByText(/^Credential verified/)).textContent).toContain('eddsa-jcs-2022');
    expect(screen.getByText('Jane Editor (Example News)')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download credential' });
    expect(download.getAttribute('href')).toBe(credentialPath(CODE));
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('shows a revocation from the status list, and says "not named" when nobody is', async () => {
    serve({ [credentialPath(CODE)]: await credential(), '/credentials/status/1': await statusList(true) });
    renderCheck();
    expect(await screen.findByText(/^Credential revoked/)).toBeTruthy();
    expect(screen.getByText('not named')).toBeTruthy();
  });

  it('is never "verified" when the list cannot be read or the credential was changed', async () => {
    serve({ [credentialPath(CODE)]: await credential() });
    renderCheck();
    expect(await screen.findByText(/revocation list could not be checked/)).toBeTruthy();
    cleanup();
    const changed = (await credential()) as { credentialSubject: Record<string, unknown> };
    changed.credentialSubject.reviewer = 'Mallory M.';
    serve({ [credentialPath(CODE)]: changed, '/credentials/status/1': await statusList(false) });
    renderCheck();
    expect(await screen.findByText(/^Credential not verified/)).toBeTruthy();
  });
});
