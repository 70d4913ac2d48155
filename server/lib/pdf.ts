import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { BRAND } from '../../shared/brand';

/**
 * A Unicode font when the system has one (Debian's fonts-dejavu-core); PDFKit's built-in Helvetica only covers
 * Western European text, so anything else would print as the wrong glyphs.
 */
const FONTS = { body: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' };

export interface A4Pdf {
  doc: PDFKit.PDFDocument;
  /** The font names to pass to `doc.font`: DejaVu when installed, else Helvetica. */
  fonts: { regular: string; bold: string };
  /** Ends the document and resolves to its bytes. */
  end: () => Promise<Buffer>;
}

/** An A4 document with 56 pt margins, made by the brand, whose bytes are collected as PDFKit writes them. */
export function startA4Pdf(info: { title: string; author: string }): A4Pdf {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: info.title, Author: info.author, Creator: BRAND.name } });
  const regular = existsSync(FONTS.body) ? (doc.registerFont('body', FONTS.body), 'body') : 'Helvetica';
  const bold = existsSync(FONTS.bold) ? (doc.registerFont('bold', FONTS.bold), 'bold') : 'Helvetica-Bold';
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    fonts: { regular, bold },
    end: () => {
      doc.end();
      return done;
    },
  };
}
