import type { HumanProof } from '../../sdk/src';
import { HumanProofError } from '../../sdk/src';
import { REVOCATION_TEXT, type RevocationReason } from '../../../shared/certificate.schema';
import { checkCertificateSignature, compareText, readCertificateFile, type CertificateFile, type SignatureCheck, type TextComparison } from '../../../shared/certificate-verify';

/**
 * Checking a certificate of human review, for `humanproof verify` and the verify_certificate tool. The same steps as
 * examples/verify-certificate.ts, on the same shared code (shared/certificate-verify.ts): the Ed25519 signature
 * against the keys published by the configured site (never by the file's own `issuer`: decision 053), whether that
 * site says it stands or was revoked, and a text against the certificate's fingerprint.
 */
export interface VerifyInput {
  /** A certificate code (HP-XXXX-…): the certificate is fetched from the site. */
  code?: string;
  /** A certificate file's JSON, as GET /api/v1/certificates/{code} answers it. */
  credential?: string;
  /** A text to compare with the reviewed text the certificate names. */
  text?: string;
}

export interface VerifyReport {
  /** The signature verifies, the site says the certificate stands, and the text (when given) matches. */
  verified: boolean;
  code: string | null;
  keys: { source: string; ids: string[] } | null;
  signature: SignatureCheck | 'not-checked';
  status: 'valid' | 'revoked' | 'not-found' | 'not-checked';
  text: TextComparison | 'no-fingerprint' | 'not-checked';
  /** What was certified (the signed body), when the certificate is public. */
  certificate: Record<string, unknown> | null;
  /** One line per check, for people. */
  lines: string[];
}

const TEXT_LINES: Record<VerifyReport['text'], string> = {
  matches: 'text: matches the reviewed text',
  'matches-apart-from-spacing': 'text: matches the reviewed text, apart from spacing that copying changes (line ends, no-break spaces)',
  differs: 'text: does NOT match: it differs from the reviewed version',
  'no-fingerprint': 'text: NOT checked: the certificate has no text fingerprint (the delivery was a document)',
  'not-checked': 'text: not checked (no text given)',
};

type SiteAnswer = { kind: 'found'; body: Record<string, unknown> } | { kind: 'not-found' };

async function askSite(hp: HumanProof, code: string): Promise<SiteAnswer> {
  try {
    return { kind: 'found', body: (await hp.getCertificate(code)) as unknown as Record<string, unknown> };
  } catch (error) {
    if (error instanceof HumanProofError && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}

function siteStatusLine(site: string, body: Record<string, unknown>): { status: VerifyReport['status']; line: string } {
  if (body.status === 'revoked') {
    const reason = typeof body.revokedReason === 'string' && body.revokedReason in REVOCATION_TEXT ? ` ${REVOCATION_TEXT[body.revokedReason as RevocationReason]}` : '';
    const when = typeof body.revokedAt === 'string' ? ` on ${body.revokedAt.slice(0, 10)}` : '';
    return { status: 'revoked', line: `status: REVOKED: HumanProof at ${site} says it was revoked${when}.${reason}` };
  }
  if (body.status === 'valid') return { status: 'valid', line: `status: valid (HumanProof at ${site} says so)` };
  return { status: 'not-checked', line: `status: NOT checked: ${site} did not say whether it stands` };
}

/** Throws HumanProofError only when the site cannot be asked at all (unreachable, a server error). */
export async function verifyCertificate(hp: HumanProof, input: VerifyInput): Promise<VerifyReport> {
  const site = hp.baseUrl;
  const lines: string[] = [];
  const report = (fields: Partial<VerifyReport>): VerifyReport => ({
    verified: false,
    code: null,
    keys: null,
    signature: 'not-checked',
    status: 'not-checked',
    text: 'not-checked',
    certificate: null,
    lines,
    ...fields,
  });

  let file: CertificateFile;
  let siteAnswer: SiteAnswer | null = null;
  if (input.credential !== undefined) {
    const read = readCertificateFile(input.credential);
    if (!read.ok) {
      lines.push(`certificate: NOT verified: ${read.message}`);
      return report({});
    }
    file = read.file;
  } else {
    const code = (input.code ?? '').trim();
    siteAnswer = await askSite(hp, code);
    if (siteAnswer.kind === 'not-found') {
      lines.push(`status: NOT FOUND: HumanProof at ${site} has no certificate ${JSON.stringify(code)}`);
      return report({ code, status: 'not-found' });
    }
    const body = siteAnswer.body;
    if (body.visibility !== 'public') {
      const { status, line } = siteStatusLine(site, body);
      lines.push(`certificate: ${JSON.stringify(body.code)} exists, but its owner made it private: there is no signed body to check`, line);
      return report({ code: typeof body.code === 'string' ? body.code : code, status });
    }
    file = { certificate: body.certificate as Record<string, unknown>, signature: String(body.signature), keyId: String(body.keyId), status: body.status };
  }

  const code = typeof file.certificate.code === 'string' ? file.certificate.code : null;
  const keys = await hp.publishedKeys();
  const keySource = `${site}/.well-known/humanproof-keys.json`;
  lines.push(`keys: ${keySource} (HumanProof at ${site}; key ids: ${keys.map((k) => k.kid).join(', ') || 'none'})`);

  const signature = await checkCertificateSignature(file.certificate, file.signature, file.keyId, keys);
  if (signature === 'verified') lines.push(`signature: verified (key ${file.keyId})`);
  else if (signature === 'unknown-key') lines.push(`signature: NOT verified (unknown-key): key ${JSON.stringify(file.keyId)} is not among the keys from ${keySource}`);
  else lines.push(`signature: NOT verified (${signature})`);

  // The status beside a file's body is not signed: "revoked" is believed as it is; "valid" only from the site.
  let status: VerifyReport['status'];
  if (file.status === 'revoked') {
    status = 'revoked';
    lines.push('status: REVOKED: the file says this certificate was revoked');
  } else if (!code) {
    status = 'not-checked';
    lines.push('status: NOT checked: the certificate has no code');
  } else {
    siteAnswer ??= await askSite(hp, code);
    if (siteAnswer.kind === 'not-found') {
      status = 'not-found';
      lines.push(`status: NOT FOUND: HumanProof at ${site} has no certificate ${JSON.stringify(code)}`);
    } else {
      const answer = siteStatusLine(site, siteAnswer.body);
      status = answer.status;
      lines.push(answer.line);
    }
  }

  let text: VerifyReport['text'] = 'not-checked';
  if (input.text !== undefined) {
    const expected = file.certificate.textSha256;
    text = typeof expected === 'string' ? await compareText(input.text, expected) : 'no-fingerprint';
  }
  lines.push(TEXT_LINES[text]);
  const textOk = text === 'not-checked' || text === 'matches' || text === 'matches-apart-from-spacing';
  return report({
    verified: signature === 'verified' && status === 'valid' && textOk,
    code,
    keys: { source: keySource, ids: keys.map((k) => k.kid) },
    signature,
    status,
    text,
    certificate: file.certificate,
  });
}
