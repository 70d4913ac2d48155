/** Suggested claims: measured on a hand-labelled set of sentences, and checked on offsets and hostile input. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestClaims, type ClaimKind } from './suggest-claims';

interface Labelled {
  text: string;
  checkworthy: boolean;
  kinds: ClaimKind[];
}

const SET = JSON.parse(readFileSync(path.join(import.meta.dirname, 'labelled-sentences.json'), 'utf8')) as Labelled[];

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  numeric: number;
  numericFound: number;
}

function measure(set: Labelled[]): Counts {
  const counts: Counts = { tp: 0, fp: 0, fn: 0, numeric: 0, numericFound: 0 };
  for (const sentence of set) {
    const predicted = suggestClaims(sentence.text).length > 0;
    if (predicted && sentence.checkworthy) counts.tp += 1;
    else if (predicted) counts.fp += 1;
    else if (sentence.checkworthy) counts.fn += 1;
    if (sentence.checkworthy && (sentence.kinds.includes('number') || sentence.kinds.includes('date'))) {
      counts.numeric += 1;
      if (predicted) counts.numericFound += 1;
    }
  }
  return counts;
}

const kindsOf = (text: string): ClaimKind[] => suggestClaims(text)[0]?.kinds ?? [];

describe('suggestClaims on the labelled set', () => {
  it('finds the sentences worth checking with enough precision and recall', () => {
    expect(SET.length).toBeGreaterThanOrEqual(200);
    expect(new Set(SET.map((s) => s.text)).size).toBe(SET.length);
    const { tp, fp, fn, numeric, numericFound } = measure(SET);
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    const numericRecall = numericFound / numeric;
    console.log(
      `claim suggestions: precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}, number/date recall ${numericRecall.toFixed(2)} (n=${SET.length})`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.75);
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(numericRecall).toBeGreaterThanOrEqual(0.9);
  });
});

describe('suggestClaims on a text', () => {
  const TEXT =
    '🙂 Our café opened in 2015. I love the coffee here!\n\nAccording to a 2019 survey,  42% of visitors return. ' +
    '"It was the best decision," said Mayor Anne Hidalgo.\r\nPreheat the oven to 180 degrees. Smith et al. (2020) found the same. ' +
    'See https://example.com/report for more.';

  it('quotes each sentence by its exact UTF-16 span, in order', () => {
    const claims = suggestClaims(TEXT);
    expect(claims.map((c) => c.text)).toEqual([
      '🙂 Our café opened in 2015.',
      'According to a 2019 survey,  42% of visitors return.',
      '"It was the best decision," said Mayor Anne Hidalgo.',
      'Smith et al. (2020) found the same.',
      'See https://example.com/report for more.',
    ]);
    for (const claim of claims) expect(TEXT.slice(claim.start, claim.end)).toBe(claim.text);
    const starts = claims.map((c) => c.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('scores stronger and more kinds higher, within 0 to 1', () => {
    const claims = suggestClaims(TEXT);
    for (const claim of claims) {
      expect(claim.score).toBeGreaterThan(0);
      expect(claim.score).toBeLessThanOrEqual(1);
    }
    const [dateOnly, survey] = claims;
    expect(survey!.score).toBeGreaterThan(dateOnly!.score);
    expect(suggestClaims('Edinburgh sits beside the Firth of Forth.')[0]!.score).toBeLessThan(dateOnly!.score);
  });

  it('names the kinds of clear examples', () => {
    expect(kindsOf('Unemployment fell to 4.2% last quarter.')).toContain('number');
    expect(kindsOf('The company raised £3.5 million from investors.')).toContain('number');
    expect(kindsOf('The trail is 12 km long.')).toContain('number');
    expect(kindsOf('The bridge was opened on 3 March.')).toEqual(expect.arrayContaining(['date']));
    expect(kindsOf('The bridge was opened in 1932.')).toEqual(['date']);
    expect(kindsOf('Angela Merkel led the government of Germany.')).toContain('entity');
    expect(kindsOf('Lake Baikal is the deepest lake on the planet.')).toContain('superlative');
    expect(kindsOf('It was the best-selling car that year.')).toContain('superlative');
    expect(kindsOf('"We are not for sale," the chief executive told reporters.')).toContain('quote');
    expect(kindsOf('The method is described in doi:10.1234/abc.5678.')).toContain('citation');
    expect(kindsOf('Screen time predicts poorer sleep (Smith et al., 2020).')).toContain('citation');
    expect(kindsOf('According to a study published in Nature, bees can count.')).toContain('citation');
  });

  it('leaves out questions, instructions, opinions and filler', () => {
    for (const text of [
      'How many people live in Tokyo?',
      'Bake for 25 minutes at 180°C.',
      'I think the sequel was better than the original.',
      "In today's fast-paced world, communication matters.",
      'Here are 10 tips for better sleep.',
    ]) {
      expect(suggestClaims(text)).toEqual([]);
    }
  });

  // How fast is measured by `npm run bench:language-checks` (issue 22: durations go in benchmarks, not tests).
  it('handles a 3,000-word text', () => {
    const paragraph = SET.slice(0, 40)
      .map((s) => s.text)
      .join(' ');
    const words = paragraph.split(/\s+/).length;
    const text = Array.from({ length: Math.ceil(3000 / words) }, () => paragraph).join('\n\n');
    const claims = suggestClaims(text);
    expect(claims.length).toBeGreaterThan(50);
    expect(claims.every((c) => text.slice(c.start, c.end) === c.text)).toBe(true);
  });

  it('never throws on hostile input', () => {
    const hostile = [
      '',
      '   ',
      '\u0000',
      '\u0000\u0000 In 2019, 42% said so.\u0000',
      'x'.repeat(100_000),
      `A claim from 2019. ${'y'.repeat(100_000)} And one from 2020.`,
      '"unbalanced quote from 2019, she said. And “more',
      "It's 'half quoted, and ‘never closed",
      '🙂'.repeat(5_000),
      '👩‍👩‍👧‍👦 The family of 4 moved in 2021 🎉🎉',
      '1. 2. 3. '.repeat(2_000),
      '\u202e2019\u202c',
      '\ud800 lone surrogate in 1999',
      '.'.repeat(10_000),
    ];
    for (const text of hostile) {
      const claims = suggestClaims(text);
      expect(Array.isArray(claims)).toBe(true);
      for (const claim of claims) expect(text.slice(claim.start, claim.end)).toBe(claim.text);
    }
  });
});
