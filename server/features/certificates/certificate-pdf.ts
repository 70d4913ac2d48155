import { activeTimeText } from '../../../shared/review-effort.schema';
import { BRAND } from '../../../shared/brand';
import { REVOCATION_TEXT, certificatePath, type PublicCertificate } from '../../../shared/certificate.schema';
import { englishVariantLabel } from '../../../shared/categories';
import { VERDICT_LABELS, VERDICTS } from '../../../shared/fact-check.schema';
import { tierLabel } from '../../../shared/service-tiers';
import { startA4Pdf } from '../../lib/pdf';

/**
 * The certificate on one A4 page: what was reviewed, by whom, with what effort, who holds editorial responsibility
 * (`editor`: as the delivery's editorial-control record names them, or "not named"), and how to verify it.
 */
export async function buildCertificatePdf(certificate: Extract<PublicCertificate, { visibility: 'public' }>, origin: string, editor: string): Promise<Buffer> {
  const { certificate: body } = certificate;
  const pdf = startA4Pdf({ title: `Human review certificate ${body.code}`, author: BRAND.name });
  const { doc } = pdf;
  const { regular, bold } = pdf.fonts;

  doc.font(bold).fontSize(22).fillColor('#0f172a').text('Certificate of human review');
  doc.moveDown(0.2).font(regular).fontSize(11).fillColor('#475569').text(`${BRAND.name} · ${body.code}`);
  if (certificate.status === 'revoked') {
    doc.moveDown().font(bold).fontSize(13).fillColor('#b91c1c').text('Revoked');
    if (certificate.revokedReason) doc.font(regular).fontSize(11).text(REVOCATION_TEXT[certificate.revokedReason]);
  }
  doc.moveDown().font(regular).fontSize(12).fillColor('#0f172a');
  // Who did what (issue 43): our reviewer reviewed; editorial responsibility is the publisher's, as named.
  doc.text(`${body.reviewer}, a ${BRAND.name} reviewer, reviewed this text.`);
  if (body.signedOffBy) doc.text(`${body.signedOffBy}, a second ${BRAND.name} reviewer, signed the review off before it was delivered.`);
  doc.text(`Editorial responsibility: ${editor}.`);
  doc.moveDown(0.6);
  const rows: [string, string][] = [
    ['Order', `${body.orderId} (delivery ${body.delivery})`],
    ['Service', tierLabel(body.tier)],
    ['English', englishVariantLabel(body.englishVariant)],
    ['Delivered', new Date(body.deliveredAt).toUTCString()],
    ['Active review time', activeTimeText(body.effort.activeMinutes)],
    ['Words changed', String(body.effort.wordsChanged)],
    ['Claims checked', VERDICTS.map((v) => `${VERDICT_LABELS[v]} ${body.effort.claimsByVerdict[v]}`).join(' · ')],
    ['Language findings fixed', String(body.effort.findingsFixed)],
    ['Text fingerprint (SHA-256)', body.textSha256 ?? 'none: the delivery is a document'],
    ['Signature', `Ed25519, key ${certificate.keyId}`],
  ];
  for (const [label, value] of rows) {
    doc.font(bold).fontSize(10).fillColor('#334155').text(label);
    doc.font(regular).fontSize(11).fillColor('#0f172a').text(value);
    doc.moveDown(0.4);
  }
  doc.moveDown(0.6).font(regular).fontSize(10).fillColor('#475569');
  doc.text(`Verify it, and check a copy of the text against it, at ${origin}${certificatePath(body.code)}`);
  doc.text('The certificate never contains the text itself, nor the reviewer\u2019s e-mail address or full surname.');
  doc.text('It records a human review. It does not state that any law is complied with.');
  return pdf.end();
}
