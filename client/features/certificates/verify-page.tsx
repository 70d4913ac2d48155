import { Link } from 'wouter';
import {
  CERTIFICATE_MESSAGES,
  certificateBadgePath,
  certificateJsonPath,
  certificatePdfPath,
  normaliseCertificateCode,
} from '@shared/certificate.schema';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { usePageMeta } from '@client/lib/page-meta';
import { useCertificateKeys, usePublicCertificate } from './api/certificates';
import { Details, StatusHeading, useSignatureCheck, type ListCheck } from './certificate-details';
import { useCredentialCheck } from './api/credential-check';
import { CheckFile, CheckText } from './paste-checks';
import { CredentialCheck } from './credential-check';
import { CERTIFICATE_PAGE_TEMPLATE_CODE } from '@shared/certificate-page-markup';

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

/**
 * /verify/:code: the public certificate page, no sign-in (issue 24), as the app draws it for a signed-in user. A
 * visitor gets the server's page and its island (decision 076); the build renders the layout around it at the
 * template's code, where this page draws only the slot the server fills.
 */
export default function VerifyPage({ code }: { code: string }) {
  // Only in the build's rendering: in the browser that code is one more unknown code.
  if (import.meta.env.SSR && code === CERTIFICATE_PAGE_TEMPLATE_CODE) return <div data-certificate-page-slot="" />;
  return <CertificatePage code={code} />;
}

function CertificatePage({ code: rawCode }: { code: string }) {
  usePageMeta();
  const code = normaliseCertificateCode(safeDecode(rawCode)) ?? rawCode;
  const certificate = usePublicCertificate(code);
  const shown = certificate.data?.visibility === 'public' ? certificate.data : null;
  const check = useSignatureCheck(shown);
  const keys = useCertificateKeys(shown !== null);
  const credential = useCredentialCheck(code, shown ? keys.data?.keys : undefined);
  const list: ListCheck = credential.data?.verdict ?? (credential.isError || keys.isError ? 'failed' : 'checking');

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
        <StatusHeading shown={shown} check={check} list={list} />
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
