import QRCode from 'qrcode';

/**
 * A QR code's modules (true: dark), row by row, for `text` at error correction M (15% of the code may be damaged,
 * a printed page's smudge). Drawn as vector squares by the PDFs, so it stays sharp at any zoom or printer.
 */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rows: boolean[][] = [];
  for (let row = 0; row < modules.size; row++) {
    const line: boolean[] = [];
    for (let column = 0; column < modules.size; column++) line.push(modules.get(row, column) === 1);
    rows.push(line);
  }
  return rows;
}

/** The quiet zone the QR standard asks for around the code, in modules. */
export const QR_QUIET_ZONE = 4;

/**
 * Draws the code of `text` in a `size`-point square at (x, y) of a PDFKit page, its quiet zone inside the square:
 * dark modules in ink on white.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const cell = size / (modules.length + 2 * QR_QUIET_ZONE);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  modules.forEach((line, row) =>
    line.forEach((dark, column) => {
      // A hair wider than the cell, so two dark neighbours print as one area (no white seam between them).
      if (dark) doc.rect(x + (column + QR_QUIET_ZONE) * cell, y + (row + QR_QUIET_ZONE) * cell, cell + 0.1, cell + 0.1);
    }),
  );
  doc.fill('#000000');
  doc.restore();
}
