import type { CertificateStatus } from '../../../shared/certificate.schema';

/** The embeddable badge (220×40): green "Human reviewed · Verified", or grey "Certificate revoked". */
export function badgeSvg(code: string, status: CertificateStatus): string {
  const valid = status === 'valid';
  const colour = valid ? '#047857' : '#64748b';
  const line1 = valid ? 'Human reviewed ✓' : 'Certificate revoked';
  // The code is checked against CERTIFICATE_CODE_PATTERN before it gets here: letters, digits and hyphens only.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="40" viewBox="0 0 220 40" role="img" aria-label="HumanProof: ${line1} ${code}">
<title>HumanProof certificate ${code}: ${valid ? 'verified human review' : 'revoked'}</title>
<rect width="220" height="40" rx="6" fill="${colour}"/>
<rect x="1" y="1" width="218" height="38" rx="5" fill="none" stroke="#ffffff" stroke-opacity="0.25"/>
<text x="12" y="17" font-family="DejaVu Sans,Verdana,Arial,sans-serif" font-size="12" font-weight="bold" fill="#ffffff">HumanProof · ${line1}</text>
<text x="12" y="32" font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" font-size="10" fill="#ffffff" fill-opacity="0.9">${code}</text>
</svg>
`;
}
