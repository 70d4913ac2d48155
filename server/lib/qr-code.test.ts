import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { QR_QUIET_ZONE, qrModules } from './qr-code';

/** The modules as an RGBA image (each module `scale` pixels, with the quiet zone), as a camera would see them. */
function toImage(modules: boolean[][], scale = 4): { data: Uint8ClampedArray; size: number } {
  const size = (modules.length + 2 * QR_QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  modules.forEach((line, row) =>
    line.forEach((dark, column) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = (((row + QR_QUIET_ZONE) * scale + dy) * size + (column + QR_QUIET_ZONE) * scale + dx) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
      }
    }),
  );
  return { data, size };
}

describe('qrModules', () => {
  it('encodes the text: a QR reader decodes it back', () => {
    for (const text of ['https://humanproof.example/verify/HP-0000-1111-2222-3333', 'http://localhost:5100/verify/HP-ABCD-EFGH-JKMN-PQRS']) {
      const modules = qrModules(text);
      expect(modules.length).toBeGreaterThanOrEqual(21);
      expect(modules.every((line) => line.length === modules.length)).toBe(true);
      const { data, size } = toImage(modules);
      expect(jsQR(data, size, size)?.data).toBe(text);
    }
  });
});
