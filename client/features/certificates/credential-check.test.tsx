/**
 * The verify page's credential check (issue 43, decision 060): "Credential verified" only when the eddsa-jcs-2022
 * proof verifies against the published keys and the status list (its own proof verified) does not mark it revoked;
 * a revocation from the list shows; the editor is named from the credential; "Download credential" is offered.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CERTIFICATE_KEYS_PATH } from '@shared/certificate.schema';
import { credentialPath } from '@shared/credential.schema';
import { credentialFixtures, FIXTURE_STATUS_LIST_PATH } from '@client/test-support/credentials';
import { createQueryClient } from '@client/lib/query-client';
import { CredentialCheck } from './credential-check';

const CODE = 'HP-ABCD-EFGH-JKMN-PQRS';
const KID = 'test-key-000001';
const key = generateKeyPairSync('ed25519');
const jwk = { ...key.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'EdDSA', use: 'sig' } as { kid: string; x: string };
const { credential, statusList } = credentialFixtures(key.privateKey, KID, CODE);

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
    serve({ [credentialPath(CODE)]: await credential({ name: 'Jane Editor', organisation: 'Example News' }), [FIXTURE_STATUS_LIST_PATH]: await statusList(false), [CERTIFICATE_KEYS_PATH]: { keys: [jwk] } });
    renderCheck();
    expect((await screen.findByText(/^Credential verified/)).textContent).toContain('eddsa-jcs-2022');
    expect(screen.getByText('Jane Editor (Example News)')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download credential' });
    expect(download.getAttribute('href')).toBe(credentialPath(CODE));
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('shows a revocation from the status list, and says "not named" when nobody is', async () => {
    serve({ [credentialPath(CODE)]: await credential(), [FIXTURE_STATUS_LIST_PATH]: await statusList(true) });
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
    serve({ [credentialPath(CODE)]: changed, [FIXTURE_STATUS_LIST_PATH]: await statusList(false) });
    renderCheck();
    expect(await screen.findByText(/^Credential not verified/)).toBeTruthy();
  });
});
