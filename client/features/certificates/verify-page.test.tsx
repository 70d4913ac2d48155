/**
 * The verify page's two checks (decision 053): "Check a certificate file" refuses a file that names a member twice
 * and a revoked certificate; "Check a text" ignores what copying changes and says what it compares.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import canonicalize from 'canonicalize';
import { CERTIFICATE_KEYS_PATH, CERTIFICATE_MESSAGES, certificateJsonPath, type CertificateBody } from '@shared/certificate.schema';
import { COPIED_TEXT_RULE, MATCHES_APART_FROM_SPACING, textSha256 } from '@shared/certificate-verify';
import { createQueryClient } from '@client/lib/query-client';
import { credentialPath } from '@shared/credential.schema';
import { credentialFixtures, FIXTURE_STATUS_LIST_PATH } from '@client/test-support/credentials';
import VerifyPage from './verify-page';

const CODE = 'HP-ABCD-EFGH-JKMN-PQRS';
const TEXT = 'The Eiffel Tower was completed in 1889.\nIt stands in Paris, France.';
const key = generateKeyPairSync('ed25519');
const KID = 'test-key-000001';
const fixtures = credentialFixtures(key.privateKey, KID, CODE);

async function signedFile(status: 'valid' | 'revoked', activeMinutes = 12) {
  const certificate: CertificateBody = {
    version: 1,
    code: CODE,
    orderId: 'order-1',
    delivery: 1,
    tier: 'polished',
    englishVariant: 'british',
    deliveredAt: '2026-11-20T10:00:00.000Z',
    reviewer: 'Rita R.',
    effort: { activeMinutes, wordsChanged: 30, claimsByVerdict: { supported: 1, corrected: 0, unsupported: 0, opinion: 0 }, findingsFixed: 2 },
    textSha256: await textSha256(TEXT),
    issuer: 'http://localhost:5000',
  };
  const signature = sign(null, Buffer.from(canonicalize(certificate) ?? '', 'utf8'), key.privateKey).toString('base64url');
  return {
    visibility: 'public',
    code: CODE,
    status,
    revokedAt: status === 'revoked' ? '2026-11-21T10:00:00.000Z' : null,
    revokedReason: status === 'revoked' ? 'revised' : null,
    certificate,
    signature,
    keyId: KID,
    algorithm: 'Ed25519',
  };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

// The browser's network is the boundary: fetch answers as the site would.
async function serve(file: unknown, list: { revoked: boolean } | null = { revoked: false }) {
  const published = { keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'EdDSA', use: 'sig' }] };
  const credential = await fixtures.credential();
  const statusList = list ? await fixtures.statusList(list.revoked) : null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === certificateJsonPath(CODE)) return json(file);
      if (url === CERTIFICATE_KEYS_PATH) return json(published);
      if (url === credentialPath(CODE)) return json(credential);
      if (url === FIXTURE_STATUS_LIST_PATH && statusList) return json(statusList);
      return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
    }),
  );
}

/** Renders the page for a signed file; waits for its verdict, or for `shown` (a file the fixture credential does not match). */
async function renderPage(status: 'valid' | 'revoked', activeMinutes = 12, shown?: string) {
  const file = await signedFile(status, activeMinutes);
  await serve(file);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VerifyPage code={CODE} />
    </QueryClientProvider>,
  );
  await screen.findByText(shown ?? (status === 'valid' ? CERTIFICATE_MESSAGES.verified : 'Revoked'));
  return file;
}

/** Pastes into a check's box and presses its button; resolves with the announced outcome once there is one. */
async function check(label: string, button: string, value: string): Promise<string> {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: button }));
  const status = screen.getByLabelText(label).closest('form')!.querySelector('[role="status"]')!;
  await waitFor(() => expect(status.textContent).not.toBe(''));
  return status.textContent!;
}

describe('the verify page', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the active review time it measured, and "not measured" rather than "0 min" (issue 42)', async () => {
    await renderPage('valid');
    expect(screen.getByText('Active review time').nextElementSibling?.textContent).toBe('12 min');
    cleanup();
    vi.unstubAllGlobals();
    // The fixture credential states 12 minutes, so this file is shown but not "Verified": only the line matters here.
    await renderPage('valid', 0, 'Active review time');
    expect(screen.getByText('Active review time').nextElementSibling?.textContent).toBe('not measured');
    expect(screen.queryByText('0 min')).toBeNull();
  });

  it('"Check a certificate file" verifies the file as served, and refuses one that names a member twice', async () => {
    const file = await renderPage('valid');
    const text = JSON.stringify(file);
    expect(await check('Check a certificate file', 'Check file', text)).toBe('Verified: this file is exactly what HumanProof signed.');

    // A forged reviewer first, the real one last: JSON.parse keeps the last, so the signature alone would pass.
    for (const forged of [
      text.replace('"certificate":{', '"certificate":{"reviewer":"Mallory M.",'),
      text.replace('"certificate":{', '"certificate":{"\\u0072eviewer":"Mallory M.",'),
      `{"certificate":${JSON.stringify({ ...file.certificate, reviewer: 'Mallory M.' })},${text.slice(1)}`,
    ]) {
      expect(JSON.parse(forged)).toEqual(file);
      const outcome = await check('Check a certificate file', 'Check file', forged);
      expect(outcome).toMatch(/^This file is refused: the name "(reviewer|certificate)" appears twice in one object \(at character \d+\)\./);
    }
    expect(await check('Check a certificate file', 'Check file', '{"certificate":')).toMatch(/^This is not a certificate file: it is not valid JSON/);
  });

  it('"Check a certificate file" does not say "Verified" for a revoked certificate', async () => {
    const file = await renderPage('revoked');
    const outcome = await check('Check a certificate file', 'Check file', JSON.stringify({ ...file, status: 'valid' }));
    expect(outcome).toBe('Revoked: HumanProof signed this file, but the certificate was revoked and no longer stands.');
  });

  it('says "Verified" only when the signature and the status list both check; a revocation in the list shows', async () => {
    const renderWith = async (list: { revoked: boolean } | null) => {
      cleanup();
      await serve(await signedFile('valid'), list);
      render(
        <QueryClientProvider client={createQueryClient()}>
          <VerifyPage code={CODE} />
        </QueryClientProvider>,
      );
    };
    await renderWith({ revoked: false });
    expect(await screen.findByText(CERTIFICATE_MESSAGES.verified)).toBeTruthy();
    await renderWith({ revoked: true });
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(screen.queryByText(CERTIFICATE_MESSAGES.verified)).toBeNull();
    await renderWith(null);
    expect(await screen.findByText(/revocation list could not be checked, so this certificate is not shown as valid/)).toBeTruthy();
    expect(screen.queryByText(CERTIFICATE_MESSAGES.verified)).toBeNull();
  });

  it('"Check a text" says what it compares and matches a copy whose spaces copying changed', async () => {
    await renderPage('valid');
    expect(screen.getByText((content) => content.includes(COPIED_TEXT_RULE))).toBeTruthy();
    expect(await check('Check a text', 'Check text', TEXT)).toBe(CERTIFICATE_MESSAGES.matches);
    expect(await check('Check a text', 'Check text', TEXT.replace('in 1889', 'in\u00a01889').replace('\n', '\t \r\n'))).toBe(MATCHES_APART_FROM_SPACING);
    expect(await check('Check a text', 'Check text', TEXT.replace('1889', '1898'))).toBe(CERTIFICATE_MESSAGES.differs);
  });
});
