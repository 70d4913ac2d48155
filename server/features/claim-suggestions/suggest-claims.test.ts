/** Issue 23, item 2: suggested claims, measured on a labelled set of sentences. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClaimKind } from '../../../shared/claim-suggestions.schema';
import { suggestClaims } from './suggest-claims';

interface Labelled {
  text: string;
  checkworthy: boolean;
  kinds: ClaimKind[];
}
const SET = JSON.parse(readFileSync(path.join(import.meta.dirname, 'labelled-sentences.json'), 'utf8')) as Labelled[];

describe('suggestClaims on the labelled set', () => {
  it('finds the sentences worth checking: precision and recall, and recall on numbers, dates and statistics', () => {
    expect(SET.length).toBeGreaterThanOrEqual(200);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let numericHit = 0;
    let numeric = 0;
    const missed: string[] = [];
    const wrong: string[] = [];
    for (const sentence of SET) {
      const predicted = suggestClaims(sentence.text).length > 0;
      if (predicted && sentence.checkworthy) tp += 1;
      else if (predicted) {
        fp += 1;
        wrong.push(sentence.text);
      } else if (sentence.checkworthy) {
        fn += 1;
        missed.push(sentence.text);
      }
      if (sentence.kinds.includes('number') || sentence.kinds.includes('date')) {
        numeric += 1;
        if (predicted) numericHit += 1;
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    const numericRecall = numericHit / numeric;
    console.log(
      `claim suggestions: precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}, number/date recall ${numericRecall.toFixed(2)} (n=${SET.length}, ${numeric} with a number or date)`,
    );
    if (process.env.SHOW_MISSES) console.log({ missed, wrong });
    expect(numericRecall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.85);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });
});

describe('suggestClaims on a text', () => {
  it('quotes each sentence by its exact UTF-16 span, in order, with its kinds and a score', () => {
    const text =
      '🙂 Our café opened in 2015. I love the coffee here!\n\nAccording to a 2019 survey, 42% of visitors return. "It was the best decision," said Mayor Anne Hidalgo. See https://example.com/report.';
    const claims = suggestClaims(text);
    for (const claim of claims) expect(text.slice(claim.start, claim.end)).toBe(claim.text);
    expect(claims.map((c) => c.text)).toEqual([
      '🙂 Our café opened in 2015.',
      'According to a 2019 survey, 42% of visitors return.',
      '"It was the best decision," said Mayor Anne Hidalgo.',
      'See https://example.com/report.',
    ]);
    expect(claims[0]!.kinds).toEqual(['date']);
    expect(claims[1]!.kinds).toEqual(expect.arrayContaining(['number', 'date', 'citation']));
    expect(claims[2]!.kinds).toEqual(expect.arrayContaining(['quote', 'entity', 'superlative']));
    expect(claims[3]!.kinds).toContain('citation');
    expect(claims[1]!.score).toBeGreaterThan(claims[0]!.score);
    for (const claim of claims) {
      expect(claim.score).toBeGreaterThan(0);
      expect(claim.score).toBeLessThanOrEqual(1);
    }
  });

  it('never throws on hostile input', () => {
    for (const text of ['', '   ', '\u0000', 'x'.repeat(40_000), `A claim from 2019. ${'y'.repeat(40_000)} And one from 2020.`, '"unbalanced quote. And more', '🙂'.repeat(5_000), '1. 2. 3. '.repeat(2_000), '\u202e2019\u202c']) {
      expect(Array.isArray(suggestClaims(text))).toBe(true);
    }
  });
});
