import { Download } from 'lucide-react';
import type { CertificateKey } from '@shared/certificate.schema';
import { credentialPath } from '@shared/credential.schema';
import type { CredentialOutcome } from '@shared/credential-verify';
import { CREDENTIAL_CHECKING, CREDENTIAL_NOT_LOADED, CREDENTIAL_VERDICTS } from '@shared/certificate-page-markup';
import { useCredentialCheck } from './api/credential-check';

// ---------------------------------------------------------------------------------------------
// The verify page's check of the certificate as a W3C Verifiable Credential (issue 43, decision 060), in this
// browser: its eddsa-jcs-2022 proof against the keys this site publishes, and its bit in the revocation status list
// (whose own proof is checked too). "Credential verified" only when both check. The eddsa-rdfc-2022 proof needs a
// JSON-LD processor too large for this page; examples/verify-certificate.ts and any VC verifier check it.
// ---------------------------------------------------------------------------------------------

/** Who holds editorial responsibility, as the signed credential names them: the publisher, not our reviewer. */
function editorText(editor: CredentialOutcome['editor']): string {
  if (!editor) return 'not named';
  return editor.organisation ? `${editor.name} (${editor.organisation})` : editor.name;
}

export function CredentialCheck({ code, keys }: { code: string; keys: readonly CertificateKey[] | undefined }) {
  const outcome = useCredentialCheck(code, keys);
  const verdict = outcome.data ? CREDENTIAL_VERDICTS[outcome.data.verdict] : null;
  return (
    <section aria-label="Verifiable credential" className="flex flex-col gap-1 text-sm">
      {/* Announced, but not a second role="status" beside the certificate's own heading. */}
      <p aria-live="polite" className={verdict ? `font-semibold ${verdict.className}` : 'text-slate-600'}>
        {verdict?.text ?? (outcome.isError ? CREDENTIAL_NOT_LOADED : CREDENTIAL_CHECKING)}
      </p>
      {outcome.data ? (
        <p className="text-slate-800">
          Editorial responsibility: <strong>{editorText(outcome.data.editor)}</strong>
          {outcome.data.editor ? ', as the customer named them.' : ': the customer named nobody.'}
        </p>
      ) : null}
      <p>
        <a className="inline-flex items-center gap-1 text-emerald-800 underline" href={credentialPath(code)} download={`humanproof-credential-${code}.json`}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download credential
        </a>{' '}
        <span className="text-slate-600">(W3C Verifiable Credential, for any standard verifier)</span>
      </p>
    </section>
  );
}
