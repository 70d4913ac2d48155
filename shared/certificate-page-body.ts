/**
 * /verify/:code's content as the server writes it for a visitor (decision 076): what
 * client/features/certificates/verify-page.tsx draws once the certificate has loaded, with the checks that need the
 * browser (signature, credential, pasted text or file) left to the page's island (verify-island.ts), which finds its
 * places by the attributes in CERTIFICATE_PAGE. The details and the links need no script. Every value from the
 * certificate (the reviewer's name, the order's id, the issuer) is escaped.
 */
import { activeTimeText } from './review-effort.schema';
import {
  CERTIFICATE_MESSAGES,
  certificateBadgePath,
  certificateJsonPath,
  certificatePdfPath,
  REVOCATION_TEXT,
  type PublicCertificate,
} from './certificate.schema';
import { COPIED_TEXT_RULE } from './certificate-verify';
import { credentialPath } from './credential.schema';
import { englishVariantLabel } from './categories';
import { VERDICT_LABELS, VERDICTS } from './fact-check.schema';
import { tierLabel } from './service-tiers';
import {
  CERTIFICATE_PAGE,
  CREDENTIAL_CHECKING,
  escapeMarkup as e,
  ICONS,
  jsonForScript,
  spinnerMarkup,
  type CertificatePageData,
} from './certificate-page-markup';

type Shown = Extract<PublicCertificate, { visibility: 'public' }>;

// client/lib/format.ts's dates: en-GB, in the business's zone whatever the server's (decision 017).
const dateOnly = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const formatted = (formatter: Intl.DateTimeFormat, value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : formatter.format(date);
};

// components/ui/button-classes.ts: the primary and outline buttons, size md.
const BUTTON = 'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed';
const PRIMARY = `${BUTTON} bg-ink text-white hover:bg-slate-700 disabled:bg-slate-400 aria-disabled:bg-slate-400 h-10 px-4 text-sm`;
const OUTLINE = `${BUTTON} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400 h-10 px-4 text-sm`;

export type CertificatePageState = { kind: 'not-found' } | { kind: 'found'; certificate: PublicCertificate };

/** The page's content inside the layout (the `<main>` of the pre-rendered template). */
export function certificatePageBody(state: CertificatePageState): string {
  if (state.kind === 'not-found') {
    return (
      '<div class="mx-auto max-w-2xl px-4 py-16 text-center"><h1 class="text-3xl font-bold">Certificate not found</h1>' +
      `<p class="mt-3 text-slate-700">${CERTIFICATE_MESSAGES.notFound} Check the code: it looks like HP-XXXX-XXXX-XXXX-XXXX.</p>` +
      '<p class="mt-6"><a href="/" class="text-emerald-800 underline">Go to the home page</a></p></div>'
    );
  }
  const { certificate } = state;
  const body =
    certificate.visibility === 'private'
      ? '<div class="flex flex-col gap-2" role="status">' +
        `<p class="font-semibold">${certificate.status === 'valid' ? CERTIFICATE_MESSAGES.privateNotice : 'This certificate was revoked.'}</p>` +
        `<p class="text-sm text-slate-600">Issued on ${e(formatted(dateOnly, certificate.issuedAt))}.</p></div>`
      : shownBody(certificate);
  return (
    '<div class="mx-auto max-w-2xl px-4 py-10"><div class="rounded-xl border border-slate-200 bg-white shadow-sm">' +
    '<div class="flex flex-col gap-1 p-5 pb-3 sm:p-6 sm:pb-3"><p class="text-sm font-medium text-slate-600">HumanProof certificate of human review</p>' +
    `<h1 class="font-mono text-xl font-bold break-all">${e(certificate.code)}</h1></div>` +
    `<div class="p-5 pt-0 sm:p-6 sm:pt-0 flex flex-col gap-6">${body}` +
    '<p class="border-t border-slate-200 pt-4 text-xs text-slate-600">Privacy: this page never shows the reviewed text, and never the reviewer’s e-mail address or full surname. A text you paste to check is compared in your browser by its SHA-256 fingerprint and is never sent.</p>' +
    '</div></div></div>'
  );
}

/** What the island checks, from the certificate the server read. */
export function certificatePageData(shown: Shown): CertificatePageData {
  const revoked = [shown.revokedReason ? REVOCATION_TEXT[shown.revokedReason] : '', shown.revokedAt ? `Revoked on ${formatted(dateOnly, shown.revokedAt)}.` : '']
    .filter(Boolean)
    .join(' ');
  return {
    code: shown.code,
    status: shown.status,
    revokedLine: revoked,
    certificate: shown.certificate,
    signature: shown.signature,
    keyId: shown.keyId,
    textSha256: shown.certificate.textSha256,
  };
}

function fact(term: string, value: string, className = '', valueClassName = ''): string {
  return `<div${className ? ` class="${className}"` : ''}><dt class="font-medium text-slate-600">${term}</dt><dd${valueClassName ? ` class="${valueClassName}"` : ''}>${value}</dd></div>`;
}

function detailsMarkup(shown: Shown): string {
  const body = shown.certificate;
  const claims = VERDICTS.map((v) => ({ label: VERDICT_LABELS[v], count: body.effort.claimsByVerdict[v] }));
  const claimTotal = claims.reduce((sum, c) => sum + c.count, 0);
  const claimText = claimTotal === 0 ? 'None recorded' : claims.filter((c) => c.count > 0).map((c) => `${c.label}: ${c.count}`).join(', ');
  return (
    '<div class="flex flex-col gap-3 text-slate-800">' +
    `<p><strong>${e(body.reviewer)}</strong>, a HumanProof reviewer, reviewed this text and delivered it on <strong>${e(formatted(dateTime, body.deliveredAt))}</strong>.</p>` +
    '<dl class="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">' +
    fact('Service', `${e(tierLabel(body.tier))}, ${e(englishVariantLabel(body.englishVariant))}`) +
    fact('Order', `${e(body.orderId)} (delivery ${e(String(body.delivery))})`, '', 'font-mono text-xs break-all') +
    fact('Active review time', e(activeTimeText(body.effort.activeMinutes))) +
    fact('Words changed', e(body.effort.wordsChanged.toLocaleString('en-GB'))) +
    fact('Claims checked', e(claimText)) +
    fact('Language findings fixed', e(body.effort.findingsFixed.toLocaleString('en-GB'))) +
    (body.signedOffBy === undefined
      ? ''
      : fact('Second reviewer', e(body.signedOffBy === null ? 'None signed it off' : `${body.signedOffBy} signed it off before delivery`))) +
    fact('Signature', `Ed25519, key <span class="font-mono">${e(shown.keyId)}</span>, issued by ${e(body.issuer)}`, 'sm:col-span-2', 'text-xs break-all') +
    '</dl></div>'
  );
}

/** A paste box checked in the browser (paste-checks.tsx's PasteCheckForm). */
function pasteForm(attribute: string, id: string, label: string, help: string, rows: number, textClassName: string, button: string): string {
  return (
    `<form class="flex flex-col gap-2" ${attribute}="">` +
    `<label for="${id}" class="text-sm font-semibold text-slate-900">${label}</label>` +
    `<p id="${id}-help" class="text-sm text-slate-600">${help}</p>` +
    `<textarea id="${id}" aria-describedby="${id}-help" rows="${rows}" class="rounded-md border border-slate-300 p-2 ${textClassName}"></textarea>` +
    `<div>${button}</div><p role="status" aria-live="polite" class="text-sm font-semibold"></p></form>`
  );
}

function shownBody(shown: Shown): string {
  const code = shown.code;
  const checkText =
    shown.certificate.textSha256 === null
      ? '<p class="text-sm text-slate-600">This delivery was a document, so there is no text to compare.</p>'
      : pasteForm(
          CERTIFICATE_PAGE.textForm,
          'check-text',
          'Check a text',
          e(`Paste the text you were given. It is compared in this browser and never sent anywhere. ${COPIED_TEXT_RULE}`),
          6,
          'text-sm',
          `<button type="submit" class="${PRIMARY}">Check text</button>`,
        );
  const checkFile = pasteForm(
    CERTIFICATE_PAGE.fileForm,
    'check-file',
    'Check a certificate file',
    'Paste a copy of this certificate’s JSON you were given; its signature is checked in this browser.',
    4,
    'font-mono text-xs',
    `<button type="submit" class="${OUTLINE}" disabled="">Check file</button>`,
  );
  return (
    '<div class="flex flex-col gap-6">' +
    // Room kept for what the island draws (a one-line verdict, a three-line credential verdict on a phone, the editor's
    // line), so nothing below moves when it does (Lighthouse's layout shift).
    `<div class="min-h-8" ${CERTIFICATE_PAGE.status}="">${spinnerMarkup()}` +
    '<noscript><p class="text-sm text-slate-700">This page checks the certificate’s signature in your browser: turn on JavaScript to see the verdict, or check the certificate JSON with any Ed25519 verifier.</p></noscript></div>' +
    '<section aria-label="Verifiable credential" class="flex flex-col gap-1 text-sm">' +
    `<p aria-live="polite" class="min-h-15 text-slate-600" ${CERTIFICATE_PAGE.credential}="">${CREDENTIAL_CHECKING}</p>` +
    `<p class="min-h-10 text-slate-800" ${CERTIFICATE_PAGE.editor}=""></p>` +
    `<p><a class="inline-flex items-center gap-1 text-emerald-800 underline" href="${e(credentialPath(code))}" download="${e(`humanproof-credential-${code}.json`)}">${ICONS.download}Download credential</a> ` +
    '<span class="text-slate-600">(W3C Verifiable Credential, for any standard verifier)</span></p></section>' +
    detailsMarkup(shown) +
    checkText +
    checkFile +
    '<div class="flex flex-wrap gap-3 text-sm">' +
    `<a class="text-emerald-800 underline" href="${e(certificatePdfPath(code))}">Download PDF</a>` +
    `<a class="text-emerald-800 underline" href="${e(certificateBadgePath(code))}">Badge</a>` +
    `<a class="text-emerald-800 underline" href="${e(certificateJsonPath(code))}">Certificate JSON</a></div>` +
    `<script type="application/json" id="${CERTIFICATE_PAGE.dataId}">${jsonForScript(certificatePageData(shown))}</script>` +
    '</div>'
  );
}
