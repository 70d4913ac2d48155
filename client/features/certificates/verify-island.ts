/**
 * The checks of /verify/:code for a visitor, without React (decision 076): the server wrote the certificate's page
 * (shared/certificate-page-body.ts); this island checks its signature against the published keys, its credential
 * and the revocation list, in this browser, and runs the two paste boxes (a text against the fingerprint, a
 * certificate file against the keys). The same checks as verify-page.tsx: shared/certificate-verify.ts and
 * shared/credential-verify.ts.
 */
import { checkCertificateSignature, compareText, MATCHES_APART_FROM_SPACING, readCertificateFile } from '@shared/certificate-verify';
import { checkCredential } from '@shared/credential-verify';
import {
  CERTIFICATE_PAGE,
  CREDENTIAL_NOT_LOADED,
  CREDENTIAL_VERDICTS,
  editorLineMarkup,
  statusHeadingMarkup,
  type CertificatePageData,
  type ListState,
  type SignatureState,
} from '@shared/certificate-page-markup';
import { fetchPublishedKeys, getJson, type PublishedKey } from './api/page-fetch';

/** The page's data, as the server wrote it; null on a page without one (private, not found). */
export function readPageData(root: ParentNode = document): CertificatePageData | null {
  const element = root.querySelector(`#${CERTIFICATE_PAGE.dataId}`);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as CertificatePageData;
  } catch {
    return null;
  }
}

/** Runs the signature, credential and list checks and draws their outcome; resolves when all is drawn. */
export async function runCertificateChecks(data: CertificatePageData, keys: Promise<PublishedKey[] | null>, root: ParentNode = document): Promise<void> {
  const status = root.querySelector(`[${CERTIFICATE_PAGE.status}]`);
  const verdict = root.querySelector<HTMLElement>(`[${CERTIFICATE_PAGE.credential}]`);
  const editor = root.querySelector<HTMLElement>(`[${CERTIFICATE_PAGE.editor}]`);
  let check: SignatureState = 'checking';
  let list: ListState = 'checking';
  const draw = () => {
    if (status) status.innerHTML = statusHeadingMarkup(data, check, list);
  };
  const published = await keys;
  const signature = (async () => {
    check = published ? await checkCertificateSignature(data.certificate, data.signature, data.keyId, published) : 'unknown-key';
    draw();
  })();
  const credential = (async () => {
    try {
      if (!published) throw new Error('no published keys');
      const outcome = await checkCredential(data.code, published, getJson);
      list = outcome.verdict;
      const shown = CREDENTIAL_VERDICTS[outcome.verdict];
      if (verdict) {
        verdict.textContent = shown.text;
        verdict.className = `min-h-15 font-semibold ${shown.className}`;
      }
      if (editor) editor.innerHTML = editorLineMarkup(outcome.editor);
    } catch {
      list = 'failed';
      if (verdict) verdict.textContent = CREDENTIAL_NOT_LOADED;
    }
    draw();
  })();
  await Promise.all([signature, credential]);
}

const MATCHES = 'Matches the reviewed text';
const DIFFERS = 'Does not match: this text differs from the reviewed version';

function say(status: HTMLElement | null, text: string, className: string) {
  if (!status) return;
  status.textContent = '';
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  status.append(span);
}

/** "Check a text": hashed here with Web Crypto; the text never leaves the browser. */
export function installTextCheck(data: CertificatePageData, root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>(`form[${CERTIFICATE_PAGE.textForm}]`);
  const field = form?.querySelector('textarea');
  const status = form?.querySelector<HTMLElement>('[role="status"]') ?? null;
  if (!form || !field || data.textSha256 === null) return;
  const expected = data.textSha256;
  field.addEventListener('input', () => {
    if (status) status.textContent = '';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (field.value.trim() === '') return say(status, 'Paste the text to check first.', 'text-red-800');
    void compareText(field.value, expected).then((result) => {
      if (result === 'differs') say(status, DIFFERS, 'text-red-800');
      else say(status, result === 'matches' ? MATCHES : MATCHES_APART_FROM_SPACING, 'text-emerald-800');
    });
  });
}

/** "Check a certificate file": a copy of the certificate JSON, checked against the published keys. */
export function installFileCheck(data: CertificatePageData, keys: Promise<PublishedKey[] | null>, root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>(`form[${CERTIFICATE_PAGE.fileForm}]`);
  const field = form?.querySelector('textarea');
  const button = form?.querySelector('button');
  const status = form?.querySelector<HTMLElement>('[role="status"]') ?? null;
  if (!form || !field || !button) return;
  const show = (ok: boolean, text: string) => {
    if (!status) return;
    status.className = `text-sm font-semibold ${ok ? 'text-emerald-800' : 'text-red-800'}`;
    status.textContent = text;
  };
  const sync = () => {
    button.disabled = field.value.trim() === '';
  };
  sync();
  field.addEventListener('input', () => {
    sync();
    if (status) status.textContent = '';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (field.value.trim() === '') return;
    const read = readCertificateFile(field.value);
    if (!read.ok) return show(false, read.message);
    const { file } = read;
    if (file.certificate.code !== data.code) return show(false, `This file is for another certificate (${String(file.certificate.code)}).`);
    void keys.then(async (published) => {
      const outcome = await checkCertificateSignature(file.certificate, file.signature, file.keyId, published ?? []);
      if (outcome !== 'verified') show(false, 'Not verified: this file was changed, or HumanProof did not sign it.');
      else if (data.status === 'revoked') show(false, 'Revoked: HumanProof signed this file, but the certificate was revoked and no longer stands.');
      else show(true, 'Verified: this file is exactly what HumanProof signed.');
    });
  });
}

/** The page's island: nothing to do on a private or unknown certificate's page. */
export function installCertificateIsland(root: ParentNode = document): Promise<void> {
  const data = readPageData(root);
  if (!data) return Promise.resolve();
  const keys = fetchPublishedKeys();
  installTextCheck(data, root);
  installFileCheck(data, keys, root);
  return runCertificateChecks(data, keys, root);
}
