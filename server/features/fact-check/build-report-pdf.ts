import {
  AUTHOR_NAME,
  houseStyleAppliedLine,
  NO_CHECKABLE_CLAIMS_LABEL,
  passageContext,
  VERDICT_HINTS,
  VERDICT_LABELS,
  VERDICTS,
  type FactCheckReport,
  type Verdict,
} from '../../../shared/fact-check.schema';
import { BRAND } from '../../../shared/brand';
import { tierLabel } from '../../../shared/service-tiers';
import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS } from '../../../shared/language-checks.schema';
import type { DiffPart } from '../../../shared/text-diff';
import { startA4Pdf } from '../../lib/pdf';
import { drawQrCode } from '../../lib/qr-code';
import { correctedWording } from './corrected-wording';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (text: string) => text.replace(CONTROL, '');

const INK = '#0f172a';
const MUTED = '#475569';
const BODY = '#334155';
/** The brand's accent (Tailwind's emerald-700, the site's `text-accent`). */
const ACCENT = '#047857';

/**
 * Each verdict's colours (issue 45): a dark text colour with at least 7:1 contrast on white and on its tint, the
 * tint behind its heading and the bar beside its claim. The verdict is always written out too: colour is never
 * the only sign of it.
 */
export const VERDICT_COLOURS: Record<Verdict, { text: string; tint: string; bar: string }> = {
  supported: { text: '#14532d', tint: '#dcfce7', bar: '#16a34a' },
  corrected: { text: '#1e3a8a', tint: '#dbeafe', bar: '#2563eb' },
  unsupported: { text: '#7f1d1d', tint: '#fee2e2', bar: '#dc2626' },
  opinion: { text: '#334155', tint: '#e2e8f0', bar: '#64748b' },
};

export interface ReportPdfInput {
  submission: {
    id: string;
    title: string;
    serviceTier: string;
    content: string;
    completedAt: Date | null;
    reviewerNotes?: string | null;
  };
  report: FactCheckReport;
  /** The delivery's word diff (original → reviewed): what each corrected passage now says is read from it. */
  diff?: readonly DiffPart[];
  /** The certificate's public page (absolute URL), printed as a link and a QR code; null before one is issued. */
  verificationUrl?: string | null;
  certificateCode?: string | null;
}

/** The brand's mark: a rounded emerald square holding a white tick, beside the wordmark. */
function drawBrand(doc: PDFKit.PDFDocument, x: number, y: number, bold: string): void {
  doc.save();
  doc.roundedRect(x, y, 24, 24, 5).fill(ACCENT);
  doc
    .moveTo(x + 6.5, y + 12.5)
    .lineTo(x + 10.5, y + 16.5)
    .lineTo(x + 17.5, y + 8)
    .lineWidth(2.6)
    .lineCap('round')
    .lineJoin('round')
    .strokeColor('#ffffff')
    .stroke();
  doc.restore();
  doc.font(bold).fontSize(16).fillColor(INK).text(BRAND.plain, x + 32, y + 3, { continued: true }).fillColor(ACCENT).text(BRAND.accent);
}

/**
 * The fact-check report as a branded PDF (issue 45): the brand, the order, the certificate's verification link and
 * its QR code, the counts per verdict, the reviewer's notes, then each claim with its verdict in words and colour,
 * its passage, what a corrected passage now says in the reviewed text, the note and the sources.
 */
export async function buildFactCheckPdf({ submission, report, diff = [], verificationUrl = null, certificateCode = null }: ReportPdfInput): Promise<Buffer> {
  const pdf = startA4Pdf({ title: `Fact-check report ${submission.id}`, author: AUTHOR_NAME });
  const { doc } = pdf;
  const { regular: body, bold } = pdf.fonts;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // Header: the brand at the left, a rule under it.
  const top = doc.y;
  drawBrand(doc, left, top, bold);
  doc.moveTo(left, top + 34).lineTo(left + width, top + 34).lineWidth(1).strokeColor('#cbd5e1').stroke();
  doc.x = left;
  doc.y = top + 46;

  // The title block, with the QR code of the verification link at the right.
  const qrSize = 92;
  const textWidth = verificationUrl ? width - qrSize - 16 : width;
  const blockTop = doc.y;
  doc.font(bold).fontSize(20).fillColor(INK).text('Fact-check report', left, blockTop, { width: textWidth });
  doc.moveDown(0.3);
  doc.font(body).fontSize(10).fillColor(MUTED);
  doc.text(`Order ${submission.id} · ${tierLabel(submission.serviceTier)}`, { width: textWidth });
  doc.text(clean(submission.title), { width: textWidth });
  if (submission.completedAt) doc.text(`Completed ${submission.completedAt.toISOString().slice(0, 10)} by the ${AUTHOR_NAME}`, { width: textWidth });
  if (verificationUrl) {
    doc.moveDown(0.4);
    doc.font(bold).fillColor(INK).text(`Verify this review${certificateCode ? ` (certificate ${certificateCode})` : ''}:`, { width: textWidth });
    doc.font(body).fillColor('#1d4ed8').text(verificationUrl, { width: textWidth, link: verificationUrl, underline: true });
    doc.fillColor(MUTED).text('Open the link or scan the code to check the certificate was issued by us and not changed.', { width: textWidth });
    drawQrCode(doc, verificationUrl, left + width - qrSize, blockTop, qrSize);
    doc.y = Math.max(doc.y, blockTop + qrSize);
  }
  doc.x = left;
  doc.moveDown();

  // Summary: one line per verdict, with its colour chip.
  doc.font(bold).fontSize(13).fillColor(INK).text('Summary');
  doc.font(body).fontSize(11).fillColor(INK);
  doc.text(`Claims checked: ${report.claims.length}`);
  for (const verdict of VERDICTS) {
    const y = doc.y;
    doc.rect(left, y + 2.5, 8, 8).fill(VERDICT_COLOURS[verdict].bar);
    doc.fillColor(INK).text(`${VERDICT_LABELS[verdict]}: ${report.counts[verdict]}`, left + 14, y);
    doc.x = left;
  }
  // The house style has its own line (decision 046), not a place among the language fixes.
  const fixes = FINDING_CATEGORIES.filter((c) => c !== 'house-style' && (report.languageFixes[c] ?? 0) > 0);
  if (fixes.length > 0) doc.text(`Language checks fixed: ${fixes.map((c) => `${FINDING_CATEGORY_LABELS[c]} ${report.languageFixes[c]}`).join(' · ')}`);
  if (report.houseStyleApplied !== null) doc.text(houseStyleAppliedLine(report.houseStyleApplied));
  if (report.claims.length === 0) {
    doc.moveDown(0.5);
    doc.text(report.noCheckableClaims ? `${NO_CHECKABLE_CLAIMS_LABEL}: the text makes no claim a source could confirm.` : 'No claims were recorded.');
  }

  // The reviewer's notes, as delivered.
  const notes = clean(submission.reviewerNotes ?? '').trim();
  if (notes) {
    doc.moveDown();
    doc.font(bold).fontSize(13).fillColor(INK).text('Reviewer’s notes');
    doc.font(body).fontSize(10).fillColor(BODY).text(notes, { width });
  }

  report.claims.forEach((claim, i) => {
    doc.moveDown();
    // Keep a claim's heading with at least its first lines.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    const colours = VERDICT_COLOURS[claim.verdict];
    const startY = doc.y;
    const inset = 12;
    const innerWidth = width - inset;
    // The heading on its tint, the verdict in words.
    const heading = `Claim ${i + 1}: ${VERDICT_LABELS[claim.verdict]}`;
    doc.font(bold).fontSize(12);
    const headingHeight = doc.heightOfString(heading, { width: innerWidth - 12 }) + 8;
    doc.rect(left + inset, startY, innerWidth, headingHeight).fill(colours.tint);
    doc.fillColor(colours.text).text(heading, left + inset + 6, startY + 4, { width: innerWidth - 12 });
    doc.y = startY + headingHeight + 4;
    doc.x = left + inset;
    doc.font(body).fontSize(9).fillColor(MUTED).text(VERDICT_HINTS[claim.verdict], { width: innerWidth });
    doc.moveDown(0.3);

    const context = passageContext(submission.content, claim, 60);
    doc.font(body).fontSize(10).fillColor(BODY);
    doc.text(clean(context.before), { continued: true, width: innerWidth });
    doc.font(bold).fillColor(INK).text(`“${clean(context.passage)}”`, { continued: true });
    doc.font(body).fillColor(BODY).text(clean(context.after));
    if (claim.verdict === 'corrected') {
      const now = correctedWording(diff, claim);
      doc.moveDown(0.3);
      doc.font(bold).fontSize(10).fillColor(colours.text);
      if (now === null) doc.text('Now reads: see the reviewed text.', { width: innerWidth });
      else if (!now.changed) doc.text('Now reads: unchanged in the reviewed text (the note says why).', { width: innerWidth });
      else if (now.text === '') doc.text('Now reads: removed from the reviewed text.', { width: innerWidth });
      else doc.text(`Now reads: “${clean(now.text)}”`, { width: innerWidth });
    }
    if (claim.note) {
      doc.moveDown(0.3);
      doc.font(body).fontSize(10).fillColor(INK).text(`Note: ${clean(claim.note)}`, { width: innerWidth });
    }
    if (claim.sources.length > 0) {
      doc.moveDown(0.3);
      doc.font(body).fontSize(10).fillColor(INK).text('Sources:', { width: innerWidth });
      for (const source of claim.sources) doc.fillColor('#1d4ed8').text(clean(source), { link: source, underline: true, width: innerWidth });
    }
    // The verdict's bar beside the claim (on this page: a claim that ran onto the next page gets it from its top).
    const barTop = doc.y < startY ? doc.page.margins.top : startY;
    doc.rect(left, barTop, 4, Math.max(doc.y - barTop, 12)).fill(colours.bar);
    doc.x = left;
  });

  return pdf.end();
}
