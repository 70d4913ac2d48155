import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { countVerdicts, type Claim, type FactCheckReport } from '../../../shared/fact-check.schema';
import { diffWords } from '../../../shared/text-diff';
import { pdfText } from '../../test-support/pdf-text';
import { buildFactCheckPdf, VERDICT_COLOURS } from './build-report-pdf';

/** Issue 45 item 8: the fact-check PDF as a branded report. */
const original = 'The Eiffel Tower was completed in 1899 and stands in Paris. Revenue reached $1.2 last year. Paris is the most beautiful city.';
const reviewed = 'The Eiffel Tower was completed in 1889 and stands in Paris. Revenue reached $1.2bn last year. Paris is a much-loved city.';
const URL_TO_VERIFY = 'http://localhost:5100/verify/HP-ABCD-EFGH-JKMN-PQRS';

function claim(passage: string, verdict: Claim['verdict'], note: string, sources: string[] = []): Claim {
  const passageStart = original.indexOf(passage);
  return { id: passage, passage, passageStart, passageEnd: passageStart + passage.length, verdict, note, sources, createdAt: '2026-11-28T00:00:00.000Z', updatedAt: '2026-11-28T00:00:00.000Z' };
}

const claims = [
  claim('1899', 'corrected', 'Completed in 1889.', ['https://www.toureiffel.paris/en']),
  claim('$1.2', 'corrected', 'The annual report gives $1.2bn.', ['https://example.com/annual-report']),
  claim('the most beautiful city', 'opinion', 'A judgement, softened.'),
  claim('stands in Paris', 'supported', 'It does.', ['https://example.com/paris']),
];
const report: FactCheckReport = {
  submissionId: 'ORDER12345',
  noCheckableClaims: false,
  claims,
  counts: countVerdicts(claims),
  languageFixes: {},
  houseStyleApplied: null,
};

async function build() {
  return buildFactCheckPdf({
    submission: {
      id: 'ORDER12345',
      title: 'Tower facts',
      serviceTier: 'fact-check',
      content: original,
      completedAt: new Date('2026-11-28T10:00:00Z'),
      reviewerNotes: 'Two dates and a figure were wrong; the sources are linked under each claim.',
    },
    report,
    diff: diffWords(original, reviewed),
    verificationUrl: URL_TO_VERIFY,
    certificateCode: 'HP-ABCD-EFGH-JKMN-PQRS',
  });
}

describe('the fact-check report PDF', () => {
  it('names the brand, the verification link, the verdicts in words, what each correction now says and the reviewer’s notes', async () => {
    const text = pdfText(await build());
    expect(text).toContain('HumanProof');
    expect(text).toContain('Fact-check report');
    expect(text).toContain('Order ORDER12345');
    expect(text).toContain(`Verify this review (certificate HP-ABCD-EFGH-JKMN-PQRS): ${URL_TO_VERIFY}`);
    expect(text).toContain('Claims checked: 4');
    expect(text).toContain('corrected: 2');
    expect(text).toContain('Reviewer’s notes Two dates and a figure were wrong');
    expect(text).toContain('Claim 1: corrected');
    expect(text).toContain('Now reads: “1889”');
    expect(text).toContain('Claim 2: corrected');
    expect(text).toContain('Now reads: “$1.2bn”');
    expect(text).toContain('Claim 3: opinion — not checkable');
    expect(text).toContain('Claim 4: supported');
    // Only a correction says what the text now reads.
    expect(text.match(/Now reads/g)).toHaveLength(2);
    expect(text).toContain('Note: Completed in 1889.');
  });

  it('prints a QR code that decodes to the verification link', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hp-report-'));
    try {
      writeFileSync(path.join(dir, 'report.pdf'), await build());
      execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', path.join(dir, 'report.pdf'), path.join(dir, 'page')]);
      const png = PNG.sync.read(readFileSync(path.join(dir, 'page-1.png')));
      const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(found?.data).toBe(URL_TO_VERIFY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each verdict a text colour of at least 7:1 contrast on white and on its tint', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    for (const { text, tint } of Object.values(VERDICT_COLOURS)) {
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(7);
      expect(contrast(text, tint)).toBeGreaterThanOrEqual(7);
    }
  });

  it('without a certificate, prints no link and no code', async () => {
    const pdf = await buildFactCheckPdf({ submission: { id: 'X1', title: 'T', serviceTier: 'polished', content: original, completedAt: null }, report });
    expect(pdfText(pdf)).not.toContain('Verify this review');
  });
});
