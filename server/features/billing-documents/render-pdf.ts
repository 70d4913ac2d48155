import {
  BILLING_DOCUMENT_TITLES,
  BILLING_MESSAGES,
  BILLING_TIME_ZONE,
  formatDocumentNumber,
  vatOfGross,
  vatRateText,
} from '../../../shared/billing-documents.schema';
import { formatPence } from '../../../shared/money';
import type { BillingDocumentRow } from '../../db/schema';
import { startA4Pdf } from '../../lib/pdf';

/** Who issues the documents: the brand and the support address of the configuration (SUPPORT_ADDRESS). */
export interface Supplier {
  name: string;
  address: string;
  email: string;
}

/** The document a credit note refers to, as it prints: its number, title and date. */
export interface ReferredDocument {
  number: number;
  kind: BillingDocumentRow['kind'];
  issuedAt: Date;
}

let londonDate: Intl.DateTimeFormat | undefined;
/** "26 November 2026", the London date (decision 017). */
export function documentDate(at: Date): string {
  londonDate ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: BILLING_TIME_ZONE });
  return londonDate.format(at);
}

const INK = '#0f172a';
const MUTED = '#475569';

/**
 * A receipt, VAT invoice or credit note as an A4 PDF, drawn from the stored document alone (decision 044): what
 * HMRC asks a full VAT invoice to show, or a receipt's "no VAT is charged", or a credit note's invoice.
 */
export async function buildBillingDocumentPdf(document: BillingDocumentRow, supplier: Supplier, refersTo: ReferredDocument | null): Promise<Buffer> {
  const number = formatDocumentNumber(document.number);
  const title = BILLING_DOCUMENT_TITLES[document.kind];
  const pdf = startA4Pdf({ title: `${title} ${number}`, author: supplier.name });
  const { doc } = pdf;
  const { regular, bold } = pdf.fonts;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const withVat = document.vatRateBasisPoints > 0;
  const isCredit = document.kind === 'credit-note';

  doc.font(bold).fontSize(22).fillColor(INK).text(title);
  doc.moveDown(0.3).font(regular).fontSize(11).fillColor(INK);
  const facts: [string, string][] = [
    [isCredit ? 'Credit note number' : `${title} number`, number],
    ['Date of issue', documentDate(document.issuedAt)],
  ];
  // The tax point is a VAT invoice's: a receipt that charges no VAT has none (issue 45).
  if (isCredit) facts.push(['Date of the credit', documentDate(document.issuedAt)]);
  else if (withVat) facts.push(['Time of supply (tax point)', documentDate(document.issuedAt)]);
  // How it was paid (issue 45): the card's brand and last four digits, or the prepaid credit.
  if (document.paidWith) facts.push(['Paid with', document.paidWith]);
  if (isCredit) {
    facts.push([
      'Refers to',
      refersTo ? `${BILLING_DOCUMENT_TITLES[refersTo.kind]} ${formatDocumentNumber(refersTo.number)} of ${documentDate(refersTo.issuedAt)}` : 'A payment made before numbered documents were issued',
    ]);
  }
  for (const [label, value] of facts) doc.font(bold).text(`${label}: `, { continued: true }).font(regular).text(value);

  // Supplier and buyer side by side.
  doc.moveDown();
  const top = doc.y;
  const column = (width - 24) / 2;
  // A line with no space to break at (an e-mail address) is set smaller until it fits its column, down to 7 pt,
  // rather than being broken at a hyphen into two lines that read as two addresses.
  const fitted = (line: string) => {
    let size = 11;
    if (/\s/.test(line)) return size;
    while (size > 7 && doc.fontSize(size).widthOfString(line) > column) size -= 0.5;
    return size;
  };
  const block = (x: number, heading: string, lines: string[]) => {
    doc.font(bold).fontSize(10).fillColor(MUTED).text(heading, x, top, { width: column });
    doc.font(regular).fillColor(INK);
    for (const line of lines) doc.fontSize(fitted(line)).text(line, x, doc.y, { width: column });
    doc.fontSize(11);
    return doc.y;
  };
  const supplierLines = [supplier.name, ...supplier.address.split(/\n|,\s*/).filter(Boolean), supplier.email];
  if (document.vatNumber) supplierLines.push(`VAT registration number: ${document.vatNumber}`);
  const buyer = document.buyer;
  const buyerLines = [
    buyer.name,
    ...(buyer.organisation && buyer.organisation !== buyer.name ? [buyer.organisation] : []),
    ...buyer.address.split('\n').filter(Boolean),
    buyer.email,
    ...(buyer.purchaseOrderReference ? [`Purchase order: ${buyer.purchaseOrderReference}`] : []),
  ].filter(Boolean);
  const supplierEnd = block(left, 'From', supplierLines);
  const buyerEnd = block(left + column + 24, isCredit ? 'Credited to' : 'Billed to', buyerLines);
  doc.x = left;
  doc.y = Math.max(supplierEnd, buyerEnd) + 18;

  // The lines: quantity, unit price (excluding VAT when VAT is charged), VAT rate and amount.
  const columns = withVat
    ? [
        { label: 'Description', width: width - 4 * 68, align: 'left' as const },
        { label: 'Quantity', width: 68, align: 'right' as const },
        { label: 'Unit price excl. VAT', width: 68, align: 'right' as const },
        { label: 'VAT rate', width: 68, align: 'right' as const },
        { label: 'Amount excl. VAT', width: 68, align: 'right' as const },
      ]
    : [
        { label: 'Description', width: width - 3 * 90, align: 'left' as const },
        { label: 'Quantity', width: 90, align: 'right' as const },
        { label: 'Unit price', width: 90, align: 'right' as const },
        { label: 'Amount', width: 90, align: 'right' as const },
      ];
  const row = (cells: string[], font: string) => {
    const y = doc.y;
    doc.font(font).fontSize(10).fillColor(INK);
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const { width: w, align } = columns[i]!;
      doc.text(cell, x + 2, y, { width: w - 4, align });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(columns.map((c) => c.label), bold);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#cbd5e1').stroke();
  doc.y += 4;
  for (const line of document.lines) {
    if (withVat) {
      // A document of one line (all of them so far) prints the stored net: a credit note's VAT is the running
      // difference against its invoice (decision 055), not this line's own rounding, and the line must match the total.
      const lineNet = document.lines.length === 1 ? document.netPence : line.amountPence - vatOfGross(line.amountPence, document.vatRateBasisPoints);
      const unitNet = document.lines.length === 1 && line.quantity === 1 ? lineNet : line.unitPence - vatOfGross(line.unitPence, document.vatRateBasisPoints);
      row([line.description, String(line.quantity), formatPence(unitNet), vatRateText(document.vatRateBasisPoints), formatPence(lineNet)], regular);
    } else {
      row([line.description, String(line.quantity), formatPence(line.unitPence), formatPence(line.amountPence)], regular);
    }
  }
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#cbd5e1').stroke();
  doc.y += 8;

  // Totals in sterling.
  const total = (label: string, pence: number, font = regular) => {
    const y = doc.y;
    doc.font(font).fontSize(11).fillColor(INK).text(label, left, y, { width: width - 110, align: 'right' });
    doc.text(formatPence(pence), left + width - 100, y, { width: 100, align: 'right' });
    doc.x = left;
  };
  if (withVat) {
    total(isCredit ? 'Total credited excluding VAT' : 'Total excluding VAT', document.netPence);
    total(`VAT ${isCredit ? 'credited ' : ''}at ${vatRateText(document.vatRateBasisPoints)}`, document.vatPence);
    total(isCredit ? 'Total credited including VAT (GBP)' : 'Total including VAT (GBP)', document.grossPence, bold);
  } else {
    total(isCredit ? 'Total credited (GBP)' : 'Total paid (GBP)', document.grossPence, bold);
  }
  doc.moveDown();
  doc.font(regular).fontSize(10).fillColor(MUTED);
  if (!withVat) {
    const statement = isCredit ? BILLING_MESSAGES.noVatCredited : document.vatNumber ? BILLING_MESSAGES.paidFromCredit : BILLING_MESSAGES.noVat;
    doc.text(statement, left, doc.y, { width });
  }
  doc.text('All amounts are in pounds sterling (GBP).', left, doc.y, { width });
  if (!isCredit) doc.text('Paid in full: nothing is due.', left, doc.y, { width });
  return pdf.end();
}
