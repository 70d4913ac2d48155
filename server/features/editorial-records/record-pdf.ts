import { activeTimeText } from '../../../shared/review-effort.schema';
import { BRAND } from '../../../shared/brand';
import { englishVariantLabel } from '../../../shared/categories';
import type { EditorialRecord } from '../../../shared/editorial-record.schema';
import { VERDICT_LABELS } from '../../../shared/fact-check.schema';
import { FINDING_CATEGORY_LABELS, type FindingCategory } from '../../../shared/language-checks.schema';
import { tierLabel } from '../../../shared/service-tiers';
import { startA4Pdf } from '../../lib/pdf';

const when = (iso: string | null) => (iso ? new Date(iso).toUTCString() : 'not recorded');

/** The editorial-control record for people: the same facts as its JSON, whose bytes the credential binds. */
export async function buildRecordPdf(record: EditorialRecord, digestSri: string): Promise<Buffer> {
  const pdf = startA4Pdf({ title: `Editorial-control record ${record.certificateCode}`, author: BRAND.name });
  const { doc } = pdf;
  const { regular, bold } = pdf.fonts;
  const heading = (text: string) => doc.moveDown(0.8).font(bold).fontSize(13).fillColor('#0f172a').text(text);
  const row = (label: string, value: string) => {
    doc.font(bold).fontSize(10).fillColor('#334155').text(label);
    doc.font(regular).fontSize(11).fillColor('#0f172a').text(value);
    doc.moveDown(0.3);
  };

  doc.font(bold).fontSize(20).fillColor('#0f172a').text('Editorial-control record');
  doc.moveDown(0.2).font(regular).fontSize(11).fillColor('#475569').text(`${BRAND.name} · certificate ${record.certificateCode} · delivery ${record.order.delivery}`);

  heading('Who did what');
  doc.font(regular).fontSize(11).fillColor('#0f172a');
  doc.text(record.editorialResponsibilityStatement);
  doc.text(record.review.statement);
  if (record.secondReview) doc.text(record.secondReview.statement);
  doc.text(record.submittedAs);

  heading('The order');
  row('Order', `${record.order.id}: ${record.order.title}`);
  row('Service', tierLabel(record.order.serviceTier));
  row('English', englishVariantLabel(record.order.englishVariant));
  row('Text fingerprint (SHA-256)', record.textSha256 ?? 'none: the delivery is a document');

  heading('The review');
  row('Reviewer', record.review.reviewer.pseudonym);
  row('Second reviewer', record.secondReview ? `${record.secondReview.reviewer.pseudonym} signed it off` : 'none signed it off');
  row('Started', when(record.review.startedAt));
  row('Delivered', when(record.review.endedAt));
  row('Active review time', activeTimeText(record.review.activeMinutes));
  row('Words changed', String(record.review.wordsChanged));

  heading('Fact-check');
  if (record.factCheck.claims.length === 0) {
    doc.font(regular).fontSize(11).text(record.factCheck.noCheckableClaims ? 'The reviewer found no checkable claims.' : 'No claims were recorded.');
  }
  record.factCheck.claims.forEach((claim, i) => {
    doc.font(bold).fontSize(10).fillColor('#334155').text(`Claim ${i + 1}: ${VERDICT_LABELS[claim.verdict]}`);
    doc.font(regular).fontSize(10).fillColor('#0f172a').text(`“${claim.passage}”`);
    if (claim.sources.length > 0) doc.text(`Sources: ${claim.sources.join(', ')}`);
    if (claim.note) doc.text(`Note: ${claim.note}`);
    doc.moveDown(0.3);
  });

  heading('Language and house style');
  const fixed = Object.entries(record.language.findingsFixed)
    .filter(([, n]) => n > 0)
    .map(([category, n]) => `${FINDING_CATEGORY_LABELS[category as FindingCategory]} ${n}`);
  row('Language findings fixed', fixed.length > 0 ? `${record.language.findingsFixedTotal} (${fixed.join(' · ')})` : '0');
  row(
    'House style',
    record.houseStyle.applied
      ? `Applied (the ${record.houseStyle.owner === 'organisation' ? 'organisation’s' : 'account’s'} guide: ${record.houseStyle.terms} terms${record.houseStyle.hasRules ? ', with rules' : ''}); ${record.houseStyle.termFindingsFixed} term findings fixed`
      : 'None applies to this order',
  );
  row('Second review or audit', 'None');

  heading('Not measured');
  doc.font(regular).fontSize(10).fillColor('#0f172a');
  for (const line of record.notMeasured) doc.text(`• ${line}`);

  doc.moveDown(0.8).font(regular).fontSize(9).fillColor('#475569');
  doc.text(record.disclaimer);
  doc.text(`The JSON of this record is the evidence its certificate's verifiable credential binds (digestSRI ${digestSri}).`);
  return pdf.end();
}
