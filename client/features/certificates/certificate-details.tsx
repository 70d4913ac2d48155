import { activeTimeText } from '@shared/review-effort.schema';
import { useEffect, useState, type ReactNode } from 'react';
import { BadgeCheck, ShieldAlert, ShieldX } from 'lucide-react';
import { CERTIFICATE_MESSAGES, REVOCATION_TEXT, type PublicCertificate } from '@shared/certificate.schema';
import { checkCertificateSignature, type SignatureCheck } from '@shared/certificate-verify';
import type { CredentialVerdict } from '@shared/credential-verify';
import { englishVariantLabel } from '@shared/categories';
import { VERDICT_LABELS, VERDICTS } from '@shared/fact-check.schema';
import { tierLabel } from '@shared/service-tiers';
import { Spinner } from '@client/components/ui/skeleton';
import { formatDate, formatDateTime } from '@client/lib/format';
import { useCertificateKeys } from './api/certificates';

/** A certificate its owner lets the page show in full (not kept private). */
export type Shown = Extract<PublicCertificate, { visibility: 'public' }>;

/** The signature, checked in this browser with Web Crypto against the published keys (never taken on trust). */
export function useSignatureCheck(shown: Shown | null): SignatureCheck | 'checking' {
  const keys = useCertificateKeys(shown !== null);
  const [result, setResult] = useState<SignatureCheck | 'checking'>('checking');
  useEffect(() => {
    if (!shown || !keys.data) return;
    let live = true;
    void checkCertificateSignature(shown.certificate, shown.signature, shown.keyId, keys.data.keys).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [shown, keys.data]);
  if (keys.isError) return 'unknown-key';
  return result;
}

/** What the status list says of the certificate's credential, as the page's heading needs it. */
export type ListCheck = CredentialVerdict | 'checking' | 'failed';

/**
 * The page's verdict (issue 43): "Verified" only when the certificate's signature checks in this browser AND the
 * credential's revocation status list (its own proof checked too) does not mark it revoked. A revocation from either
 * the certificate or the list shows as "Revoked"; a list that cannot be checked is never shown as verified.
 */
export function StatusHeading({ shown, check, list }: { shown: Shown; check: SignatureCheck | 'checking'; list: ListCheck }) {
  if (check === 'checking') return <Spinner />;
  if (shown.status === 'revoked' || list === 'revoked') {
    return (
      <div className="flex items-start gap-3 text-red-800" role="status">
        <ShieldX className="h-8 w-8 shrink-0" aria-hidden="true" />
        <div>
          <p className="text-2xl font-bold">Revoked</p>
          <p className="text-sm">
            {shown.revokedReason ? REVOCATION_TEXT[shown.revokedReason] : 'HumanProof’s revocation list marks this certificate as revoked.'}
            {shown.revokedAt ? ` Revoked on ${formatDate(shown.revokedAt)}.` : ''}
          </p>
        </div>
      </div>
    );
  }
  if (check === 'verified' && list === 'checking') return <Spinner label="Checking the revocation list" />;
  if (check === 'verified' && list === 'verified') {
    return (
      <div className="flex items-center gap-3 text-emerald-800" role="status">
        <BadgeCheck className="h-8 w-8 shrink-0" aria-hidden="true" />
        <p className="text-2xl font-bold">{CERTIFICATE_MESSAGES.verified}</p>
      </div>
    );
  }
  if (check === 'verified') {
    return (
      <div className="flex items-start gap-3 text-amber-800" role="status">
        <ShieldAlert className="h-8 w-8 shrink-0" aria-hidden="true" />
        <p className="font-semibold">
          The signature checks, but HumanProof’s revocation list could not be checked, so this certificate is not shown as
          valid. Try again in a moment.
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 text-red-800" role="status">
      <ShieldAlert className="h-8 w-8 shrink-0" aria-hidden="true" />
      <p className="font-semibold">
        {check === 'unsupported'
          ? 'This browser cannot check Ed25519 signatures. Open this page in a current browser to verify it.'
          : CERTIFICATE_MESSAGES.notVerified}
      </p>
    </div>
  );
}

/** One line of the certificate's facts: a term and its value. */
function Fact({ term, className, valueClassName, children }: { term: string; className?: string; valueClassName?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

export function Details({ shown }: { shown: Shown }) {
  const body = shown.certificate;
  const claims = VERDICTS.map((v) => ({ label: VERDICT_LABELS[v], count: body.effort.claimsByVerdict[v] }));
  const claimTotal = claims.reduce((sum, c) => sum + c.count, 0);
  return (
    <div className="flex flex-col gap-3 text-slate-800">
      <p>
        <strong>{body.reviewer}</strong>, a HumanProof reviewer, reviewed this text and delivered it on{' '}
        <strong>{formatDateTime(body.deliveredAt)}</strong>.
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact term="Service">{tierLabel(body.tier)}, {englishVariantLabel(body.englishVariant)}</Fact>
        <Fact term="Order" valueClassName="font-mono text-xs break-all">{body.orderId} (delivery {body.delivery})</Fact>
        <Fact term="Active review time">{activeTimeText(body.effort.activeMinutes)}</Fact>
        <Fact term="Words changed">{body.effort.wordsChanged.toLocaleString('en-GB')}</Fact>
        <Fact term="Claims checked">{claimTotal === 0 ? 'None recorded' : claims.filter((c) => c.count > 0).map((c) => `${c.label}: ${c.count}`).join(', ')}</Fact>
        <Fact term="Language findings fixed">{body.effort.findingsFixed.toLocaleString('en-GB')}</Fact>
        {body.signedOffBy === undefined ? null : (
          <Fact term="Second reviewer">{body.signedOffBy === null ? 'None signed it off' : `${body.signedOffBy} signed it off before delivery`}</Fact>
        )}
        <Fact term="Signature" className="sm:col-span-2" valueClassName="text-xs break-all">Ed25519, key <span className="font-mono">{shown.keyId}</span>, issued by {body.issuer}</Fact>
      </dl>
    </div>
  );
}

