import { useEffect, useState, type ReactNode } from 'react';
import { BadgeCheck, ShieldAlert, ShieldX } from 'lucide-react';
import { Link } from 'wouter';
import {
  CERTIFICATE_MESSAGES,
  certificateBadgePath,
  certificateJsonPath,
  certificatePdfPath,
  normaliseCertificateCode,
  REVOCATION_TEXT,
  type CertificateKey,
  type PublicCertificate,
} from '@shared/certificate.schema';
import {
  checkCertificateSignature,
  compareText,
  COPIED_TEXT_RULE,
  MATCHES_APART_FROM_SPACING,
  readCertificateFile,
  type SignatureCheck,
  type TextComparison,
} from '@shared/certificate-verify';
import { englishVariantLabel } from '@shared/categories';
import { VERDICT_LABELS, VERDICTS } from '@shared/fact-check.schema';
import { tierLabel } from '@shared/service-tiers';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { formatDate, formatDateTime } from '@client/lib/format';
import { usePageMeta } from '@client/lib/page-meta';
import { useCertificateKeys, usePublicCertificate } from './api/certificates';
import { CredentialCheck } from './credential-check';

type Shown = Extract<PublicCertificate, { visibility: 'public' }>;

/** The signature, checked in this browser with Web Crypto against the published keys (never taken on trust). */
function useSignatureCheck(shown: Shown | null): SignatureCheck | 'checking' {
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

function StatusHeading({ shown, check }: { shown: Shown; check: SignatureCheck | 'checking' }) {
  if (check === 'checking') return <Spinner />;
  if (shown.status === 'revoked') {
    return (
      <div className="flex items-start gap-3 text-red-800" role="status">
        <ShieldX className="h-8 w-8 shrink-0" aria-hidden="true" />
        <div>
          <p className="text-2xl font-bold">Revoked</p>
          <p className="text-sm">
            {shown.revokedReason ? REVOCATION_TEXT[shown.revokedReason] : 'This certificate no longer stands.'}
            {shown.revokedAt ? ` Revoked on ${formatDate(shown.revokedAt)}.` : ''}
          </p>
        </div>
      </div>
    );
  }
  if (check === 'verified') {
    return (
      <div className="flex items-center gap-3 text-emerald-800" role="status">
        <BadgeCheck className="h-8 w-8 shrink-0" aria-hidden="true" />
        <p className="text-2xl font-bold">{CERTIFICATE_MESSAGES.verified}</p>
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

function Details({ shown }: { shown: Shown }) {
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
        <Fact term="Active review time">{body.effort.activeMinutes.toLocaleString('en-GB')} min</Fact>
        <Fact term="Words changed">{body.effort.wordsChanged.toLocaleString('en-GB')}</Fact>
        <Fact term="Claims checked">{claimTotal === 0 ? 'None recorded' : claims.filter((c) => c.count > 0).map((c) => `${c.label}: ${c.count}`).join(', ')}</Fact>
        <Fact term="Language findings fixed">{body.effort.findingsFixed.toLocaleString('en-GB')}</Fact>
        <Fact term="Signature" className="sm:col-span-2" valueClassName="text-xs break-all">Ed25519, key <span className="font-mono">{shown.keyId}</span>, issued by {body.issuer}</Fact>
      </dl>
    </div>
  );
}

/** A labelled box to paste something into, checked in this browser on submit; the outcome is announced below it. */
function PasteCheckForm({
  id,
  label,
  help,
  rows,
  textClassName,
  value,
  onChange,
  onEdit,
  onCheck,
  button,
  statusClassName,
  children,
}: {
  id: string;
  label: string;
  help: ReactNode;
  rows: number;
  textClassName: string;
  value: string;
  onChange: (value: string) => void;
  /** Called on every edit: an outcome shown for the previous value no longer holds. */
  onEdit: () => void;
  onCheck: () => Promise<void>;
  button: ReactNode;
  statusClassName: string;
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onCheck();
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {help}
      </p>
      <textarea
        id={id}
        aria-describedby={`${id}-help`}
        rows={rows}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          onEdit();
        }}
        className={`rounded-md border border-slate-300 p-2 ${textClassName}`}
      />
      <div>{button}</div>
      <p role="status" aria-live="polite" className={statusClassName}>
        {children}
      </p>
    </form>
  );
}

/**
 * "Check a text": hashed here with Web Crypto; the text never leaves the browser. What copying changes (line ends,
 * the kind of space) does not count, and the page says so (decision 053).
 */
function CheckText({ expected }: { expected: string | null }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<TextComparison | 'empty' | null>(null);
  if (expected === null) return <p className="text-sm text-slate-600">This delivery was a document, so there is no text to compare.</p>;
  const check = async () => {
    if (text.trim() === '') {
      setResult('empty');
      return;
    }
    setResult(await compareText(text, expected));
  };
  return (
    <PasteCheckForm
      id="check-text"
      label="Check a text"
      help={`Paste the text you were given. It is compared in this browser and never sent anywhere. ${COPIED_TEXT_RULE}`}
      rows={6}
      textClassName="text-sm"
      value={text}
      onChange={setText}
      onEdit={() => setResult(null)}
      onCheck={check}
      button={<Button type="submit">Check text</Button>}
      statusClassName="text-sm font-semibold"
    >
      {result === 'matches' ? <span className="text-emerald-800">{CERTIFICATE_MESSAGES.matches}</span> : null}
      {result === 'matches-apart-from-spacing' ? <span className="text-emerald-800">{MATCHES_APART_FROM_SPACING}</span> : null}
      {result === 'differs' ? <span className="text-red-800">{CERTIFICATE_MESSAGES.differs}</span> : null}
      {result === 'empty' ? <span className="text-red-800">Paste the text to check first.</span> : null}
    </PasteCheckForm>
  );
}

/**
 * "Check a certificate file": a copy of the certificate JSON (from a publisher, or the JSON link) is checked here
 * against the published keys, so a file with any changed field is caught. The JSON is read strictly: a file that
 * names a member twice is refused (decision 053). A revoked certificate's file is not "Verified", signed or not.
 */
function CheckFile({ code, keys, revoked }: { code: string; keys: readonly CertificateKey[] | undefined; revoked: boolean }) {
  const [json, setJson] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const check = async () => {
    const read = readCertificateFile(json);
    if (!read.ok) {
      setResult({ ok: false, text: read.message });
      return;
    }
    const { file } = read;
    if (file.certificate.code !== code) {
      setResult({ ok: false, text: `This file is for another certificate (${String(file.certificate.code)}).` });
      return;
    }
    const outcome = await checkCertificateSignature(file.certificate, file.signature, file.keyId, keys ?? []);
    if (outcome !== 'verified') setResult({ ok: false, text: 'Not verified: this file was changed, or HumanProof did not sign it.' });
    else if (revoked) setResult({ ok: false, text: 'Revoked: HumanProof signed this file, but the certificate was revoked and no longer stands.' });
    else setResult({ ok: true, text: 'Verified: this file is exactly what HumanProof signed.' });
  };
  return (
    <PasteCheckForm
      id="check-file"
      label="Check a certificate file"
      help={<>Paste a copy of this certificate&rsquo;s JSON you were given; its signature is checked in this browser.</>}
      rows={4}
      textClassName="font-mono text-xs"
      value={json}
      onChange={setJson}
      onEdit={() => setResult(null)}
      onCheck={check}
      button={
        <Button type="submit" variant="outline" disabled={json.trim() === ''}>
          Check file
        </Button>
      }
      statusClassName={result?.ok ? 'text-sm font-semibold text-emerald-800' : 'text-sm font-semibold text-red-800'}
    >
      {result?.text}
    </PasteCheckForm>
  );
}

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return CERTIFICATE_MESSAGES.notFound;
  if (error instanceof ApiError && error.status === 429) return CERTIFICATE_MESSAGES.tooMany;
  return 'The certificate could not be loaded. Please try again in a moment.';
}

/** The code from the path; a malformed %-escape is left as it is (the server already answered 404 for it). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** /verify/:code: the public certificate page, no sign-in (issue 24). */
export default function VerifyPage({ code: rawCode }: { code: string }) {
  usePageMeta();
  const code = normaliseCertificateCode(safeDecode(rawCode)) ?? rawCode;
  const certificate = usePublicCertificate(code);
  const shown = certificate.data?.visibility === 'public' ? certificate.data : null;
  const check = useSignatureCheck(shown);
  const keys = useCertificateKeys(shown !== null);

  if (certificate.isError && certificate.error instanceof ApiError && certificate.error.status === 404) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Certificate not found</h1>
        <p className="mt-3 text-slate-700">{CERTIFICATE_MESSAGES.notFound} Check the code: it looks like HP-XXXX-XXXX-XXXX-XXXX.</p>
        <p className="mt-6">
          <Link href="/" className="text-emerald-800 underline">
            Go to the home page
          </Link>
        </p>
      </div>
    );
  }

  let body: React.ReactNode;
  if (certificate.isPending) body = <Spinner />;
  else if (certificate.isError) {
    body = (
      <p role="alert" className="text-red-800">
        {errorText(certificate.error)}
      </p>
    );
  } else if (certificate.data.visibility === 'private') {
    const { status, issuedAt } = certificate.data;
    body = (
      <div className="flex flex-col gap-2" role="status">
        <p className="font-semibold">{status === 'valid' ? CERTIFICATE_MESSAGES.privateNotice : 'This certificate was revoked.'}</p>
        <p className="text-sm text-slate-600">Issued on {formatDate(issuedAt)}.</p>
      </div>
    );
  } else if (shown) {
    body = (
      <div className="flex flex-col gap-6">
        <StatusHeading shown={shown} check={check} />
        <CredentialCheck code={code} keys={keys.data?.keys} />
        <Details shown={shown} />
        <CheckText expected={shown.certificate.textSha256} />
        <CheckFile code={code} keys={keys.data?.keys} revoked={shown.status === 'revoked'} />
        <div className="flex flex-wrap gap-3 text-sm">
          <a className="text-emerald-800 underline" href={certificatePdfPath(code)}>
            Download PDF
          </a>
          <a className="text-emerald-800 underline" href={certificateBadgePath(code)}>
            Badge
          </a>
          <a className="text-emerald-800 underline" href={certificateJsonPath(code)}>
            Certificate JSON
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Card>
        <CardHeader>
          <p className="text-sm font-medium text-slate-600">HumanProof certificate of human review</p>
          <h1 className="font-mono text-xl font-bold break-all">{code}</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {body}
          <p className="border-t border-slate-200 pt-4 text-xs text-slate-600">
            Privacy: this page never shows the reviewed text, and never the reviewer’s e-mail address or full surname. A
            text you paste to check is compared in your browser by its SHA-256 fingerprint and is never sent.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
