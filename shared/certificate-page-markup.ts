/**
 * The markup of /verify/:code that the server and the page's island both write (decision 076): the verdict
 * heading, the credential's line and the spinner, as the React page (client/features/certificates) draws them, in
 * plain strings so neither side needs React. Every value that comes from a certificate, a credential or a request
 * goes through `escapeMarkup`. No zod here: the island imports this module.
 */

/** Text for HTML content and double-quoted attributes. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** certificate.schema.ts's CERTIFICATE_KEYS_PATH (that module imports zod, and the island may not). */
export const CERTIFICATE_KEYS_PATH = '/.well-known/humanproof-keys.json';

/** The page's pieces the island finds and fills. */
export const CERTIFICATE_PAGE = {
  /** The JSON the island checks (`<script type="application/json">`: never run). */
  dataId: 'certificate-data',
  status: 'data-certificate-status',
  credential: 'data-credential-verdict',
  editor: 'data-credential-editor',
  textForm: 'data-check-text',
  fileForm: 'data-check-file',
} as const;

/** The data the island checks, as the server writes it into the page. */
export interface CertificatePageData {
  code: string;
  status: 'valid' | 'revoked';
  /** The revocation's sentence and date, as the heading shows them (the server formats the date). */
  revokedLine: string;
  certificate: Record<string, unknown>;
  signature: string;
  keyId: string;
  textSha256: string | null;
}

/** JSON inside a `<script type="application/json">`: a `<` never closes the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const SVG_ATTRIBUTES =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const SHIELD = '<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"></path>';
/** lucide's icons as lucide-react renders them. */
export const ICONS = {
  badgeCheck: `<svg ${SVG_ATTRIBUTES} class="lucide lucide-badge-check lucide-verified h-8 w-8 shrink-0" aria-hidden="true"><path d="M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z"></path><path d="m16 9-5.5 5.5L8 12"></path></svg>`,
  shieldAlert: `<svg ${SVG_ATTRIBUTES} class="lucide lucide-shield-exclamation-point lucide-shield-alert h-8 w-8 shrink-0" aria-hidden="true">${SHIELD}<path d="M12 8v4"></path><path d="M12 16h.01"></path></svg>`,
  shieldX: `<svg ${SVG_ATTRIBUTES} class="lucide lucide-shield-x lucide-shield-close h-8 w-8 shrink-0" aria-hidden="true">${SHIELD}<path d="m14.5 9.5-5 5"></path><path d="m9.5 9.5 5 5"></path></svg>`,
  download: `<svg ${SVG_ATTRIBUTES} class="lucide lucide-download h-4 w-4" aria-hidden="true"><path d="M12 15V3"></path><path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4"></path><path d="m7 10 5 5 5-5"></path></svg>`,
} as const;

/** components/ui/skeleton.tsx's Spinner. */
export function spinnerMarkup(label = 'Loading'): string {
  return (
    '<span role="status" class="inline-flex items-center"><span aria-hidden="true" class="inline-block h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-700"></span>' +
    `<span class="sr-only">${escapeMarkup(label)}</span></span>`
  );
}

export type SignatureState = 'checking' | 'verified' | 'bad-signature' | 'unknown-key' | 'unsupported';
export type ListState = 'checking' | 'failed' | 'verified' | 'revoked' | 'status-unchecked' | 'not-verified' | 'unsupported';

const VERIFIED = 'Verified';
const NOT_VERIFIED = 'Not verified: the signature does not match a published HumanProof key.';
const LIST_REVOKED = 'HumanProof’s revocation list marks this certificate as revoked.';

/**
 * The page's verdict (certificate-details.tsx's StatusHeading): "Verified" only when the signature checks in this
 * browser and the revocation list does not mark the credential revoked; a list that cannot be checked never shows
 * as verified.
 */
export function statusHeadingMarkup(data: Pick<CertificatePageData, 'status' | 'revokedLine'>, check: SignatureState, list: ListState): string {
  if (check === 'checking') return spinnerMarkup();
  if (data.status === 'revoked' || list === 'revoked') {
    return (
      `<div class="flex items-start gap-3 text-red-800" role="status">${ICONS.shieldX}<div><p class="text-2xl font-bold">Revoked</p>` +
      `<p class="text-sm">${escapeMarkup(data.status === 'revoked' && data.revokedLine ? data.revokedLine : LIST_REVOKED)}</p></div></div>`
    );
  }
  if (check === 'verified' && list === 'checking') return spinnerMarkup('Checking the revocation list');
  if (check === 'verified' && list === 'verified') {
    return `<div class="flex items-center gap-3 text-emerald-800" role="status">${ICONS.badgeCheck}<p class="text-2xl font-bold">${VERIFIED}</p></div>`;
  }
  const text =
    check === 'verified'
      ? 'The signature checks, but HumanProof’s revocation list could not be checked, so this certificate is not shown as valid. Try again in a moment.'
      : check === 'unsupported'
        ? 'This browser cannot check Ed25519 signatures. Open this page in a current browser to verify it.'
        : NOT_VERIFIED;
  const colour = check === 'verified' ? 'text-amber-800' : 'text-red-800';
  return `<div class="flex items-start gap-3 ${colour}" role="status">${ICONS.shieldAlert}<p class="font-semibold">${text}</p></div>`;
}

/** The credential check's verdicts, in the island and the app's page (credential-check.tsx) alike. */
export const CREDENTIAL_VERDICTS: Record<'verified' | 'revoked' | 'status-unchecked' | 'not-verified' | 'unsupported', { text: string; className: string }> = {
  verified: {
    text: 'Credential verified: its signature (the eddsa-jcs-2022 proof) and HumanProof’s revocation list were both checked in this browser.',
    className: 'text-emerald-800',
  },
  revoked: { text: 'Credential revoked: HumanProof’s revocation list marks this credential as revoked.', className: 'text-red-800' },
  'status-unchecked': {
    text: 'Credential signature verified, but the revocation list could not be checked, so it is not shown as verified.',
    className: 'text-amber-800',
  },
  'not-verified': { text: 'Credential not verified: it does not match a key HumanProof publishes.', className: 'text-red-800' },
  unsupported: { text: 'This browser cannot check Ed25519 signatures. Open this page in a current browser to check the credential.', className: 'text-red-800' },
};
export const CREDENTIAL_CHECKING = 'Checking the verifiable credential…';
export const CREDENTIAL_NOT_LOADED = 'The verifiable credential could not be loaded, so it was not checked.';

/** "Editorial responsibility: …" under the credential's verdict. */
export function editorLineMarkup(editor: { name: string; organisation?: string | null } | null): string {
  const who = !editor ? 'not named' : editor.organisation ? `${editor.name} (${editor.organisation})` : editor.name;
  return `Editorial responsibility: <strong>${escapeMarkup(who)}</strong>${editor ? ', as the customer named them.' : ': the customer named nobody.'}`;
}

/**
 * The build pre-renders /verify/:code's layout once, at this code (client/entry-server.tsx), where the page draws only
 * CERTIFICATE_PAGE_SLOT; the server puts each certificate's content in its place.
 */
export const CERTIFICATE_PAGE_TEMPLATE_CODE = 'page-template';
export const CERTIFICATE_PAGE_SLOT = '<div data-certificate-page-slot=""></div>';
