import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitIntoParts } from './split-text';
import { countWords } from './word-count';
import { MAX_CONTENT_CHARACTERS, MAX_WORDS } from './submission-limits';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const sentence = (n: number) => `${words(n - 1)} end.`;
const flat = (text: string) => text.split(/\s+/).filter(Boolean);

describe('splitIntoParts (issue 45: a text over the limit becomes orders under it)', () => {
  it('keeps a text that fits as one part', () => {
    expect(splitIntoParts('  One short text.  ', MAX_WORDS, MAX_CONTENT_CHARACTERS)).toEqual([{ text: 'One short text.', words: 3 }]);
    expect(splitIntoParts('   ', MAX_WORDS, MAX_CONTENT_CHARACTERS)).toEqual([]);
  });

  it('splits 3,200 words of paragraphs at a paragraph break into two parts of about equal size', () => {
    const paragraphs = Array.from({ length: 16 }, () => sentence(200));
    const parts = splitIntoParts(paragraphs.join('\n\n'), MAX_WORDS, MAX_CONTENT_CHARACTERS);
    expect(parts.map((p) => p.words)).toEqual([1600, 1600]);
    // Each part is whole paragraphs: it starts a paragraph and ends one.
    for (const part of parts) {
      expect(part.text.split('\n\n').every((p) => countWords(p) === 200)).toBe(true);
    }
  });

  it('splits one long paragraph at sentence ends, and a sentence with no end between words', () => {
    const text = Array.from({ length: 7 }, () => sentence(1000)).join(' ');
    const parts = splitIntoParts(text, MAX_WORDS, MAX_CONTENT_CHARACTERS);
    expect(parts.length).toBe(3);
    for (const part of parts) expect(part.text.endsWith('end.')).toBe(true);
    const unbroken = splitIntoParts(words(6500), MAX_WORDS, MAX_CONTENT_CHARACTERS);
    expect(unbroken.map((p) => p.words)).toEqual([3000, 3000, 500]);
  });

  it('never loses, adds or reorders a word, and every part fits (words and characters)', () => {
    const token = fc.constantFrom('alpha', 'beta.', 'gamma!', 'state-of-the-art', 'a/b/c/d', '1,000.50', 'x'.repeat(120));
    const separator = fc.constantFrom(' ', '  ', '\n', '\n\n', '\n \n', '\t');
    fc.assert(
      fc.property(fc.array(fc.tuple(token, separator), { minLength: 1, maxLength: 400 }), fc.integer({ min: 5, max: 60 }), (pairs, max) => {
        const text = pairs.map(([t, s]) => t + s).join('');
        const parts = splitIntoParts(text, max, max * 40);
        for (const part of parts) {
          expect(part.words).toBe(countWords(part.text));
          expect(part.words).toBeLessThanOrEqual(max);
          expect(part.words).toBeGreaterThan(0);
          expect(part.text.length).toBeLessThanOrEqual(max * 40);
        }
        expect(parts.flatMap((p) => flat(p.text))).toEqual(flat(text));
        expect(parts.reduce((sum, p) => sum + p.words, 0)).toBe(countWords(text));
      }),
      { numRuns: 200 },
    );
  });
});
