import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countWords, MAX_WORD_CHARACTERS } from './word-count';
import { priceInPence } from './pricing';

/** Every class of character a person does not see as part of a word, with examples of each. */
const SEPARATOR_CLASSES: Record<string, string[]> = {
  asciiWhitespace: [' ', '\t', '\n', '\r', '\v', '\f'],
  unicodeSpaces: ['\u00A0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u202F', '\u205F', '\u3000'],
  lineAndParagraph: ['\u0085', '\u2028', '\u2029'],
  controls: ['\u0000', '\u0001', '\u001B', '\u007F', '\u0080', '\u009F'],
  zeroWidth: ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u180E'],
  bidiAndFormat: ['\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u2069', '\u061C', '\u2061', '\u2062', '\u2063', '\u2064', '\u00AD', '\u034F'],
  fillers: ['\u3164', '\uFFA0', '\u115F', '\u1160', '\u17B4', '\u17B5', '\u2800'],
  selectorsAndTags: ['\uFE00', '\uFE0F', '\u{E0001}', '\u{E0020}', '\u{E007F}', '\u{E0100}', '\u{1D173}', '\u{1BCA0}'],
};
const ALL_SEPARATORS = Object.values(SEPARATOR_CLASSES).flat();

/** Characters a person sees: letters of several scripts, digits, punctuation, symbols, emoji, accents. */
const VISIBLE = ['a', 'Z', 'é', 'ß', 'Ж', 'λ', 'ע', 'ب', '中', 'カ', '한', '7', '-', "'", '.', '!', '£', '€', '@', '😀', '👍🏽', 'ﬁ', 'e\u0301'];
/** A word starts and ends with a letter, so an emoji never sits next to a joiner the way 👨‍👩‍👧 does. */
const word = fc
  .tuple(
    fc.constantFrom('a', 'k', 'Ж', '中', 'é', 'Q'),
    fc.array(fc.constantFrom(...VISIBLE), { maxLength: 20 }),
    fc.constantFrom('s', 'o', 'λ', 'カ', '9'),
  )
  .map(([first, middle, last]) => first + middle.join('') + last);
const separatorRun = fc.array(fc.constantFrom(...ALL_SEPARATORS), { minLength: 1, maxLength: 4 }).map((s) => s.join(''));

describe('countWords', () => {
  it('is 0 for empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t  ')).toBe(0);
    expect(countWords('\u200B\u2800\u3164\uFEFF')).toBe(0);
  });

  it('counts whitespace-separated tokens of the trimmed text', () => {
    expect(countWords('hello')).toBe(1);
    expect(countWords('  hello   world  ')).toBe(2);
    expect(countWords('one\ntwo\tthree\r\nfour')).toBe(4);
    expect(countWords('Punctuation, counts-as part of words!')).toBe(5);
  });

  it('treats non-breaking and other Unicode spaces as separators', () => {
    expect(countWords('a\u00a0b\u2003c')).toBe(3);
  });

  it('counts exactly 3,000 words', () => {
    expect(countWords(Array.from({ length: 3000 }, () => 'word').join(' '))).toBe(3000);
  });

  it('sees words joined by braille blanks, Hangul fillers and zero-width characters (the £5.00 for 20,000 words)', () => {
    for (const joiner of ['\u2800', '\u3164', '\u200B', '\u2060', '\uFEFF', '\u115F', '\uFFA0', '\u{E0020}']) {
      const text = Array.from({ length: 20_000 }, () => 'word').join(joiner);
      expect(countWords(text), `U+${joiner.codePointAt(0)!.toString(16)}`).toBe(20_000);
    }
  });

  it(`counts a token longer than ${MAX_WORD_CHARACTERS} characters as one word per started ${MAX_WORD_CHARACTERS}`, () => {
    expect(countWords('x'.repeat(MAX_WORD_CHARACTERS))).toBe(1);
    expect(countWords('x'.repeat(MAX_WORD_CHARACTERS + 1))).toBe(2);
    expect(countWords('x'.repeat(200_000))).toBe(4000);
    // Accents stacked on one letter (Zalgo text) are characters too.
    expect(countWords('a' + '\u0301'.repeat(500))).toBe(11);
    // A real long word and a long address stay cheap.
    expect(countWords('pneumonoultramicroscopicsilicovolcanoconiosis')).toBe(1);
    expect(countWords('https://www.example.com/blog/2025/how-to-write-better-product-copy?utm_source=mail')).toBe(2);
  });

  it('keeps an emoji sequence with joiners as one word', () => {
    expect(countWords('Our 👨‍👩‍👧 family plan')).toBe(4);
    expect(countWords('I ❤️ it')).toBe(3);
  });

  it('never counts fewer words than a person sees, whatever separators join them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 60 }),
        fc.array(separatorRun, { minLength: 61, maxLength: 61 }),
        fc.boolean(),
        (words, runs, padEnds) => {
          const joined = words.map((w, i) => (i === 0 ? w : runs[i]! + w)).join('');
          const text = padEnds ? runs[0]! + joined + runs[60]! : joined;
          // Every generated word is short, so the count is exactly what a person sees.
          expect(countWords(text)).toBe(words.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('covers every separator class on its own (property)', () => {
    for (const [name, separators] of Object.entries(SEPARATOR_CLASSES)) {
      fc.assert(
        fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.constantFrom(...separators), (words, separator) => {
          expect(countWords(words.join(separator)), name).toBe(words.length);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('charges at least one word per started 50 characters of any token, so length cannot be smuggled (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }), (text) => {
        const words = countWords(text);
        const visible = [...text.replace(new RegExp(`[${'\\p{White_Space}\\p{Z}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u2800'}]`, 'gu'), '')].length;
        expect(words).toBeGreaterThanOrEqual(Math.ceil(visible / MAX_WORD_CHARACTERS));
        expect(priceInPence(words, 'polished', false)).toBeGreaterThanOrEqual(500);
      }),
      { numRuns: 300 },
    );
  });
});
