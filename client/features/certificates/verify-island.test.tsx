/**
 * /verify/:code for a visitor (decision 076): the page the server writes (shared/certificate-page-body.ts) and its
 * island (verify-island.ts) show what the React page shows — the same details, the same verdict markup once the
 * signature and the list are checked, the same outcomes of the two paste boxes — and never "Verified" when a check
 * cannot be made.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import canonicalize from 'canonicalize';
import { CERTIFICATE_KEYS_PATH, CERTIFICATE_MESSAGES, certificateJsonPath, type CertificateBody, type PublicCertificate } from '@shared/certificate.schema';
import { MATCHES_APART_FROM_SPACING, textSha256 } from '@shared/certificate-verify';
import { certificatePageBody } from '@shared/certificate-page-body';
import { credentialPath } from '@shared/credential.schema';
import { createQueryClient } from '@client/lib/query-client';
import { credentialFixtures, FIXTURE_STATUS_LIST_PATH } from '@client/test-support/credentials';
import VerifyPage from './verify-page';
import { installCertificateIsland } from './verify-island';
import { normalisedMarkup } from '@client/test-support/normalised-markup';

const CODE = 'HP-ABCD-EFGH-JKMN-PQRS';
const TEXT = 'The Eiffel Tower was completed in 1889.\nIt stands in Paris, France.';
const key = generateKeyPairSync('ed25519');
const KID = 'test-key-000001';
const fixtures = credentialFixtures(key.privateKey, KID, CODE);
/** A guard against a hang on a busy machine, not a measure. */
const WAIT = { timeout: 15_000 };

type Shown = Extract<PublicCertificate, { visibility: 'public' }>;

async function signedFile(status: 'valid' | 'revoked', reviewer = 'Rita R.', signedOffBy?: string | null): Promise<Shown> {
  const certificate: CertificateBody = {
    version: 1,
    code: CODE,
    orderId: 'order-1',
    delivery: 1,
    tier: 'polished',
    englishVariant: 'british',
    deliveredAt: '2026-11-20T10:00:00.000Z',
    reviewer,
    effort: { activeMinutes: 12, wordsChanged: 30, claimsByVerdict: { supported: 1, corrected: 0, unsupported: 0, opinion: 0 }, findingsFixed: 2 },
    textSha256: await textSha256(TEXT),
    issuer: 'http://localhost:5000',
    ...(signedOffBy === undefined ? {} : { signedOffBy }),
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

/** The site as fetch sees it; `keys: false` makes the published keys unreachable. */
async function serve(file: Shown, options: { list?: { revoked: boolean } | null; keys?: boolean } = {}) {
  const { list = { revoked: false }, keys = true } = options;
  const published = { keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'EdDSA', use: 'sig' }] };
  const credential = await fixtures.credential();
  const statusList = list ? await fixtures.statusList(list.revoked) : null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === certificateJsonPath(CODE)) return json(file);
      if (url === CERTIFICATE_KEYS_PATH && keys) return json(published);
      if (url === credentialPath(CODE)) return json(credential);
      if (url === FIXTURE_STATUS_LIST_PATH && statusList) return json(statusList);
      return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
    }),
  );
}

/** The server's page for this certificate, its island run to the end of its checks. */
async function islandPage(file: Shown): Promise<HTMLElement> {
  const page = document.createElement('div');
  page.innerHTML = certificatePageBody({ kind: 'found', certificate: file });
  document.body.append(page);
  await installCertificateIsland(page);
  return page;
}

async function reactPage(): Promise<HTMLElement> {
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <VerifyPage code={CODE} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(container.querySelector('[role="status"] p.text-2xl, [role="status"] p.font-semibold')).not.toBeNull(), WAIT);
  await waitFor(() => expect(container.textContent).not.toContain('Checking the verifiable credential'), WAIT);
  return container;
}

const normalised = (element: Element | null) => normalisedMarkup(element, ['id', 'aria-describedby', 'for', 'xmlns']);

/** Pastes into a check's box and submits its form; resolves with the announced outcome once there is one. */
async function check(page: HTMLElement, label: string, value: string): Promise<string> {
  const field = screen.getByLabelText<HTMLTextAreaElement>(label, { selector: 'textarea' });
  expect(page.contains(field)).toBe(true);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  const form = field.closest('form')!;
  const status = form.querySelector('[role="status"]')!;
  form.querySelector('button')!.click();
  await waitFor(() => expect(status.textContent).not.toBe(''), WAIT);
  return status.textContent!;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the certificate page’s island', () => {
  it('draws the verdict, the credential and the details as the React page does', async () => {
    const file = await signedFile('valid');
    await serve(file);
    const react = await reactPage();
    const island = await islandPage(file);
    expect(island.querySelector('[data-certificate-status]')!.textContent).toBe(CERTIFICATE_MESSAGES.verified);
    expect(normalised(island.querySelector('[data-certificate-status] > [role="status"]'))).toBe(normalised(react.querySelector('.text-emerald-800[role="status"]')));
    expect(normalised(island.querySelector('dl'))).toBe(normalised(react.querySelector('dl')));
    expect(normalised(island.querySelector('dl')!.previousElementSibling)).toBe(normalised(react.querySelector('dl')!.previousElementSibling));
    const section = (root: Element) => root.querySelector('section[aria-label="Verifiable credential"]')!.textContent;
    expect(section(island)).toBe(section(react));
    const links = (root: Element) => [...root.querySelectorAll('a')].map((a) => `${a.textContent} ${a.getAttribute('href')}`);
    expect(links(island)).toEqual(links(react));
  });

  it('names the second reviewer who signed it off, or that none did, as the React page does (decision 073)', async () => {
    for (const signer of ['Ben <b>R.</b>', null]) {
      const file = await signedFile('valid', 'Rita R.', signer);
      await serve(file);
      const react = await reactPage();
      const island = await islandPage(file);
      expect(normalised(island.querySelector('dl'))).toBe(normalised(react.querySelector('dl')));
      expect(island.querySelector('dl')!.textContent).toContain(signer === null ? 'None signed it off' : `${signer} signed it off before delivery`);
      cleanup();
      document.body.innerHTML = '';
    }
  });

  it('says "Revoked" for a revoked certificate and for one the list marks revoked; never "Verified" when the list or the keys cannot be read', async () => {
    const revoked = await signedFile('revoked');
    await serve(revoked);
    const react = await reactPage();
    let island = await islandPage(revoked);
    expect(normalised(island.querySelector('[data-certificate-status] > [role="status"]'))).toBe(normalised(react.querySelector('.text-red-800[role="status"]')));
    expect(island.textContent).toContain('The delivery was replaced by a revision, which has its own certificate. Revoked on 21 Nov 2026.');
    document.body.innerHTML = '';

    const valid = await signedFile('valid');
    await serve(valid, { list: { revoked: true } });
    island = await islandPage(valid);
    expect(island.querySelector('[data-certificate-status]')!.textContent).toContain('Revoked');
    expect(island.textContent).toMatch(/Credential revoked/);
    document.body.innerHTML = '';

    await serve(valid, { list: null });
    island = await islandPage(valid);
    expect(island.querySelector('[data-certificate-status]')!.textContent).toMatch(/revocation list could not be checked, so this certificate is not shown as valid/);
    document.body.innerHTML = '';

    await serve(valid, { keys: false });
    island = await islandPage(valid);
    expect(island.querySelector('[data-certificate-status]')!.textContent).toBe(CERTIFICATE_MESSAGES.notVerified);
    expect(island.textContent).toContain('The verifiable credential could not be loaded, so it was not checked.');
  });

  it('"Check a text" matches the delivered text, a copy whose spacing copying changed, and no other', async () => {
    const file = await signedFile('valid');
    await serve(file);
    const page = await islandPage(file);
    expect(await check(page, 'Check a text', '   ')).toBe('Paste the text to check first.');
    expect(await check(page, 'Check a text', TEXT)).toBe(CERTIFICATE_MESSAGES.matches);
    expect(await check(page, 'Check a text', TEXT.replace('in 1889', 'in\u00a01889').replace('\n', '\t \r\n'))).toBe(MATCHES_APART_FROM_SPACING);
    expect(await check(page, 'Check a text', TEXT.replace('1889', '1898'))).toBe(CERTIFICATE_MESSAGES.differs);
  });

  it('"Check a certificate file" verifies the file as served, refuses a changed or doubled one, another code, and a revoked one', async () => {
    const file = await signedFile('valid');
    await serve(file);
    const page = await islandPage(file);
    const button = page.querySelector<HTMLButtonElement>('form[data-check-file] button')!;
    expect(button.disabled).toBe(true);
    const text = JSON.stringify(file);
    expect(await check(page, 'Check a certificate file', text)).toBe('Verified: this file is exactly what HumanProof signed.');
    expect(await check(page, 'Check a certificate file', JSON.stringify({ ...file, certificate: { ...file.certificate, reviewer: 'Mallory M.' } }))).toBe(
      'Not verified: this file was changed, or HumanProof did not sign it.',
    );
    expect(await check(page, 'Check a certificate file', text.replace('"certificate":{', '"certificate":{"reviewer":"Mallory M.",'))).toMatch(
      /^This file is refused: the name "reviewer" appears twice/,
    );
    expect(await check(page, 'Check a certificate file', text.replace(`"code":"${CODE}","orderId"`, '"code":"HP-0000-0000-0000-0000","orderId"'))).toBe(
      'This file is for another certificate (HP-0000-0000-0000-0000).',
    );
    document.body.innerHTML = '';
    const revoked = await signedFile('revoked');
    await serve(revoked);
    const revokedPage = await islandPage(revoked);
    expect(await check(revokedPage, 'Check a certificate file', JSON.stringify({ ...revoked, status: 'valid' }))).toBe(
      'Revoked: HumanProof signed this file, but the certificate was revoked and no longer stands.',
    );
  });

  it('names the editor the credential names, as text even when it is markup', async () => {
    const file = await signedFile('valid');
    await serve(file);
    const hostile = { name: '<img src=x onerror="window.hacked=1">', organisation: 'Example & <b>News</b>' };
    const credential = await fixtures.credential(hostile);
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === credentialPath(CODE) ? json(credential) : answer(url))),
    );
    const page = await islandPage(file);
    const editor = page.querySelector('[data-credential-editor]')!;
    expect(editor.querySelector('img, b')).toBeNull();
    expect(editor.textContent).toBe(`Editorial responsibility: ${hostile.name} (${hostile.organisation}), as the customer named them.`);
    expect(page.querySelector('[data-certificate-status]')!.textContent).toBe(CERTIFICATE_MESSAGES.verified);
  });

  it('keeps a hostile reviewer name as text and checks its signature all the same', async () => {
    const hostile = '</script><img src=x onerror="window.hacked=1">';
    const file = await signedFile('valid', hostile);
    await serve(file);
    const page = await islandPage(file);
    expect(page.querySelector('img')).toBeNull();
    expect(page.querySelector('dl')!.previousElementSibling!.querySelector('strong')!.textContent).toBe(hostile);
    expect(page.querySelector('[data-certificate-status]')!.textContent).toBe(CERTIFICATE_MESSAGES.verified);
  });
});
