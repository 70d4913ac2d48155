import {
  AUTHOR_NAME,
  houseStyleAppliedLine,
  NO_CHECKABLE_CLAIMS_LABEL,
  passageContext,
  VERDICT_LABELS,
  VERDICTS,
  type FactCheckReport,
} from '../../../shared/fact-check.schema';
import { tierLabel } from '../../../shared/service-tiers';
import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS } from '../../../shared/language-checks.schema';
import { startA4Pdf } from '../../lib/pdf';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (text: string) => text.replace(CONTROL, '');

export interface ReportPdfInput {
  submission: { id: string; title: string; serviceTier: string; content: string; completedAt: Date | null };
  report: FactCheckReport;
}

/** The fact-check report as a PDF: counts per verdict, then each claim with its passage, verdict, note and sources. */
export async function buildFactCheckPdf({ submission, report }: ReportPdfInput): Promise<Buffer> {
  const pdf = startA4Pdf({ title: `Fact-check report ${submission.id}`, author: AUTHOR_NAME });
  const { doc } = pdf;
  const { regular: body, bold } = pdf.fonts;

  doc.font(bold).fontSize(20).fillColor('#0f172a').text('Fact-check report');
  doc.moveDown(0.3);
  doc.font(body).fontSize(10).fillColor('#475569');
  doc.text(`Order ${submission.id} · ${tierLabel(submission.serviceTier)}`);
  doc.text(clean(submission.title));
  if (submission.completedAt) doc.text(`Completed ${submission.completedAt.toISOString().slice(0, 10)} by the ${AUTHOR_NAME}`);
  doc.moveDown();

  doc.font(bold).fontSize(13).fillColor('#0f172a').text('Summary');
  doc.font(body).fontSize(11);
  doc.text(`Claims checked: ${report.claims.length}`);
  for (const verdict of VERDICTS) doc.text(`${VERDICT_LABELS[verdict]}: ${report.counts[verdict]}`);
  // The house style has its own line (decision 046), not a place among the language fixes.
  const fixes = FINDING_CATEGORIES.filter((c) => c !== 'house-style' && (report.languageFixes[c] ?? 0) > 0);
  if (fixes.length > 0) doc.text(`Language checks fixed: ${fixes.map((c) => `${FINDING_CATEGORY_LABELS[c]} ${report.languageFixes[c]}`).join(' · ')}`);
  if (report.houseStyleApplied !== null) doc.text(houseStyleAppliedLine(report.houseStyleApplied));
  if (report.claims.length === 0) {
    doc.moveDown(0.5);
    doc.text(report.noCheckableClaims ? `${NO_CHECKABLE_CLAIMS_LABEL}: the text makes no claim a source could confirm.` : 'No claims were recorded.');
  }

  report.claims.forEach((claim, i) => {
    doc.moveDown();
    doc.font(bold).fontSize(12).fillColor('#0f172a').text(`Claim ${i + 1}: ${VERDICT_LABELS[claim.verdict]}`);
    const context = passageContext(submission.content, claim, 60);
    doc.font(body).fontSize(10).fillColor('#334155');
    doc.text(clean(context.before), { continued: true });
    doc.font(bold).fillColor('#0f172a').text(`“${clean(context.passage)}”`, { continued: true });
    doc.font(body).fillColor('#334155').text(clean(context.after));
    if (claim.note) {
      doc.moveDown(0.3);
      doc.font(body).fontSize(10).fillColor('#0f172a').text(`Note: ${clean(claim.note)}`);
    }
    if (claim.sources.length > 0) {
      doc.moveDown(0.3);
      doc.font(body).fontSize(10).fillColor('#0f172a').text('Sources:');
      for (const source of claim.sources) {
        doc.fillColor('#1d4ed8').text(clean(source), { link: source, underline: true });
      }
    }
  });

  return pdf.end();
}
