import { useState } from 'react';
import { BadgeCheck, Copy, Download } from 'lucide-react';
import { badgeSnippet, certificatePath, REVOCATION_TEXT } from '@shared/certificate.schema';
import { credentialPath, editorialRecordPath, editorialRecordPdfPath } from '@shared/credential.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/skeleton';
import { downloadCertificatePdf, useOwnCertificate, useSetCertificatePrivacy } from './api/certificates';

/**
 * "Human review certificate" on a completed order (issue 24): the link to the public page, the PDF, the badge's
 * HTML to paste into a page, and the switch that keeps the details private.
 */
export function CertificateCard({ submissionId }: { submissionId: string }) {
  const certificate = useOwnCertificate(submissionId, true);
  const privacy = useSetCertificatePrivacy(submissionId);
  const [copied, setCopied] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  /** The switch as clicked, until the server answers (a failure puts it back and says so). */
  const [privateChoice, setPrivateChoice] = useState<boolean | null>(null);

  if (certificate.isPending) return <Spinner />;
  if (certificate.isError) return <p className="text-sm text-red-700">The certificate could not be loaded. Please try again in a moment.</p>;
  const own = certificate.data;
  if (!own) return <p className="text-sm text-slate-600">No certificate yet: it is issued when the review is completed.</p>;

  const origin = window.location.origin;
  const snippet = badgeSnippet(origin, own.code);
  const copy = async () => {
    await navigator.clipboard.writeText(snippet).catch(() => undefined);
    setCopied(true);
  };
  const downloadPdf = async () => {
    setPdfBusy(true);
    setPdfError(null);
    try {
      await downloadCertificatePdf(own.code);
    } catch {
      setPdfError('The PDF could not be downloaded. Please try again in a moment.');
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50/50 p-4" aria-labelledby={`${submissionId}-certificate`}>
      <div className="flex flex-wrap items-center gap-2">
        <BadgeCheck className="h-5 w-5 text-emerald-700" aria-hidden="true" />
        <h3 id={`${submissionId}-certificate`} className="text-sm font-semibold text-slate-900">
          Human review certificate
        </h3>
        {own.status === 'valid' ? <Badge tone="green">Valid</Badge> : <Badge tone="red">Revoked</Badge>}
      </div>
      <p className="text-sm text-slate-700">
        Anyone can check that a person reviewed this text, and that a copy matches what we delivered, at{' '}
        <a className="font-mono font-medium text-emerald-800 underline" href={certificatePath(own.code)} target="_blank" rel="noreferrer">
          {own.code}
        </a>
        . The page never shows your text.
      </p>
      {own.revokedReason ? <p className="text-sm text-red-800">{REVOCATION_TEXT[own.revokedReason]}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={certificatePath(own.code)} target="_blank" rel="noreferrer">
            View certificate
          </a>
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={pdfBusy} onClick={() => void downloadPdf()}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {pdfBusy ? 'Preparing PDF...' : 'Download PDF'}
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={credentialPath(own.code)} download={`humanproof-credential-${own.code}.json`}>
            Download credential
          </a>
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Editorial-control record (private to you): who holds editorial responsibility, who reviewed and what the review
        did.{' '}
        <a className="text-emerald-800 underline" href={editorialRecordPdfPath(submissionId)}>
          PDF
        </a>{' '}
        ·{' '}
        <a className="text-emerald-800 underline" href={editorialRecordPath(submissionId)} download={`humanproof-editorial-record-${submissionId}.json`}>
          JSON
        </a>
      </p>
      {pdfError ? <p role="alert" className="text-sm text-red-700">{pdfError}</p> : null}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-emerald-700"
          checked={privateChoice ?? own.isPrivate}
          disabled={privacy.isPending}
          onChange={(event) => {
            setPrivateChoice(event.target.checked);
            privacy.mutate(event.target.checked, { onSettled: () => setPrivateChoice(null) });
          }}
        />
        <span>
          Keep the details private
          <span className="block text-slate-600">The page then says only that a valid certificate exists, and its date.</span>
        </span>
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${submissionId}-badge-snippet`} className="text-sm font-medium text-slate-800">
          Badge for your page
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <textarea
            id={`${submissionId}-badge-snippet`}
            readOnly
            rows={3}
            value={snippet}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white p-2 font-mono text-xs text-slate-800"
          />
          <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            {copied ? 'Copied' : 'Copy HTML'}
          </Button>
        </div>
      </div>
    </section>
  );
}
