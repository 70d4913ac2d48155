import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { countWords, MAX_WORD_CHARACTERS, wordTokens } from './word-count';
import { priceInPence } from './pricing';
import { SERVICE_TIERS } from './service-tiers';

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
/**
 * A word starts and ends with a letter, so an emoji never sits next to a joiner the way 👨‍👩‍👧 does; inside, letters of
 * several scripts, digits and accents, and at most one hyphen or apostrophe (punctuation joining three or more runs
 * makes several words: issue 28, tested below).
 */
const INSIDE_A_WORD = VISIBLE.filter((c) => /^[\p{L}\p{M}\p{N}]+$/u.test(c));
const word = fc
  .tuple(
    fc.constantFrom('a', 'k', 'Ж', '中', 'é', 'Q'),
    fc
      .tuple(fc.array(fc.constantFrom(...INSIDE_A_WORD), { maxLength: 10 }), fc.constantFrom('', '-', "'"), fc.array(fc.constantFrom(...INSIDE_A_WORD), { maxLength: 10 }))
      .map(([a, joiner, b]) => [...a, joiner, ...b]),
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
    // A real long word stays one word; a long link counts its parts (a link is one word up to 6 parts).
    expect(countWords('pneumonoultramicroscopicsilicovolcanoconiosis')).toBe(1);
    expect(countWords('https://www.example.com/blog/2025/how-to-write-better-product-copy?utm_source=mail')).toBe(15);
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

/** Three ordinary articles, written for these tests (shared/fixtures/word-count/). */
const ARTICLES = ['allotment', 'museum', 'remote-work'].map((name) => ({
  name,
  text: readFileSync(path.join(import.meta.dirname, 'fixtures', 'word-count', `${name}.txt`), 'utf8'),
}));

/** The count before issue 28: one word per whitespace token, one per started 50 characters of a long token. */
function countWordsBeforeIssue28(text: string): number {
  return wordTokens(text).reduce((sum, token) => sum + Math.max(1, Math.ceil([...token].length / MAX_WORD_CHARACTERS)), 0);
}

/** The real English words of the articles, letters only, as the pool the properties draw texts from. */
const ENGLISH_WORDS = [...new Set(ARTICLES.flatMap(({ text }) => text.toLowerCase().match(/\p{L}+/gu) ?? []))];
const englishText = fc.array(fc.constantFrom(...ENGLISH_WORDS), { minLength: 100, maxLength: 400 });

const NOT_A_WORD_CHARACTER = /^[^\p{L}\p{M}\p{N}\-'\u2019]$/u;
/** Punctuation and symbols a person might put between words, the ones of issues 28 and 29 first. */
const VISIBLE_JOINERS = ['/', '\u00B7', '|', '_', '.', '\u{1D159}', '\u{16FE4}', '\u2E31', '\u1361', ',', ';', ':', '!', '?', '&', '+', '=', '*', '~', '^', '@', '#', '$', '%', '(', ')', '[', ']', '{', '}', '<', '>', '\\', '"', '`', '\u2014', '\u2013', '\u2026', '\u2022', '\u2027', '\u30FB', '\u00A6', '\u2E3A', '\u01C0', '\u01C3', '\uA78F', '\u{1F3FB}', '\u{1F600}', '\u00A7', '\u00B6', '\u2020'];
/**
 * The visible joiners that join: U+16FE4 renders as a gap and separates like a space, and with spaces between them
 * two joined words ("and/or") are one word by decision 005, so mixing it in measures that rule, not joining.
 */
const JOINING_JOINERS = VISIBLE_JOINERS.filter((joiner) => wordTokens(`a${joiner}b`).length === 1);
/** Any one character that is neither a letter (with its combining marks), a digit, a hyphen nor an apostrophe. */
const anyJoiner = fc.oneof(
  fc.constantFrom(...VISIBLE_JOINERS),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => NOT_A_WORD_CHARACTER.test(c)),
);

describe('countWords: words joined by punctuation or symbols (issue 28, issue 29 item 3)', () => {
  const threeThousand = Array.from({ length: 3000 }, (_, i) => ENGLISH_WORDS[i % ENGLISH_WORDS.length]!);

  it('counts 3,000 words joined by /, ·, |, _, . and the gap characters of issue 29 as about 3,000', () => {
    for (const joiner of ['/', '\u00B7', '|', '_', '.', '\u{1D159}', '\u{16FE4}', '\u2E31', '\u1361']) {
      const text = threeThousand.join(joiner);
      const words = countWords(text);
      expect(words, `U+${joiner.codePointAt(0)!.toString(16)}`).toBeGreaterThanOrEqual(2940);
      expect(words).toBeLessThanOrEqual(3000);
      // Priced as 3,000 words: £120.00 for a fact-check, not £13.52.
      expect(priceInPence(words, 'fact-checked', false)).toBeGreaterThanOrEqual(Math.round(priceInPence(3000, 'fact-checked', false) * 0.98));
    }
  });

  it('keeps one word for two joined runs, numbers, dates, URLs, e-mail addresses, initialisms and contractions', () => {
    const oneWord = ['and/or', 'well-known', "don't", "O'Neill's", 'e.g.', 'U.S.A.', '1,000.50', '£1,250.00', '2025-01-31', '31/01/2025', '31-Jan-2025', '12:30', '192.168.0.1', 'v1.2.3', 'https://www.example.com/pricing', 'https://example.com/a/b/c', '(https://example.org/one/two/three).', 'first.last@example.co.uk', '"me@example.com",', 'Node.js'];
    for (const token of oneWord) expect(countWords(token), token).toBe(1);
  });

  it('does not price words joined by dots as one link: "www." or "name@" in front buys nothing (found by the property test)', () => {
    const words = Array.from({ length: 3000 }, () => 'our');
    expect(countWords(`www.${words.join('.')}`)).toBe(3001);
    expect(countWords(`https://${words.join('.')}`)).toBe(3001);
    expect(countWords(`https://example.com/${words.join('/')}`)).toBe(3003);
    expect(countWords(`me@${words.join('.')}.com`)).toBeGreaterThanOrEqual(50);
    // A link of up to 6 parts is one word; a 7th part makes it count its parts.
    expect(countWords('https://example.com/a/b/c/d')).toBe(7);
  });

  it('counts each part of three or more joined runs, except a hyphenated compound of up to four parts', () => {
    expect(countWords('state-of-the-art')).toBe(1);
    expect(countWords('ten-year-old')).toBe(1);
    expect(countWords('one-two-three-four-five')).toBe(5);
    expect(countWords('he/she/they')).toBe(3);
    expect(countWords('word\u00B7word\u00B7word')).toBe(3);
    expect(countWords('first_second_third')).toBe(3);
    expect(countWords('one.two.three')).toBe(3);
    expect(countWords('alpha\u01C0beta\u01C0gamma')).toBe(3); // a letter that looks like |
  });

  it('prices three ordinary articles exactly as before', () => {
    for (const { name, text } of ARTICLES) {
      const before = countWordsBeforeIssue28(text);
      expect(before, name).toBeGreaterThan(250);
      expect(countWords(text), name).toBe(before);
      for (const tier of SERVICE_TIERS) {
        for (const fast of [false, true]) expect(priceInPence(countWords(text), tier, fast)).toBe(priceInPence(before, tier, fast));
      }
    }
  });

  it('counts real English within 2% when every space is replaced by one character, the same for each space (property)', () => {
    fc.assert(
      fc.property(englishText, anyJoiner, (words, joiner) => {
        const original = countWords(words.join(' '));
        expect(original).toBe(words.length);
        const joined = countWords(words.join(joiner));
        expect(Math.abs(joined - original), `joiner U+${joiner.codePointAt(0)!.toString(16)}`).toBeLessThanOrEqual(original * 0.02);
      }),
      { numRuns: 400 },
    );
  });

  it('treats the Khitan filler as a space: two joined words around it stay one word each, as with a space', () => {
    expect(VISIBLE_JOINERS.filter((joiner) => !JOINING_JOINERS.includes(joiner))).toEqual(['\u{16FE4}']);
    expect(countWords('cold/have\u{16FE4}tea/expensive')).toBe(countWords('cold/have tea/expensive'));
    expect(countWords('cold/have/tea\u{16FE4}expensive')).toBe(4);
  });

  it('counts real English within 2% when each space is replaced by its own visible punctuation or symbol (property)', () => {
    fc.assert(
      fc.property(
        englishText.chain((words) =>
          fc.tuple(fc.constant(words), fc.array(fc.constantFrom(...JOINING_JOINERS), { minLength: words.length, maxLength: words.length })),
        ),
        ([words, joiners]) => {
          const text = words.map((w, i) => (i === 0 ? w : joiners[i]! + w)).join('');
          expect(Math.abs(countWords(text) - words.length)).toBeLessThanOrEqual(words.length * 0.02);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts the same in a browser without Intl.Segmenter', async () => {
    const samples = [...ARTICLES.map((a) => a.text), threeThousand.join('/'), threeThousand.join('\u00B7'), 'state-of-the-art he/she/they 1,000.50 U.S.A. https://example.com/a/b/c'];
    const expected = samples.map((text) => countWords(text));
    const segmenter = Intl.Segmenter;
    vi.resetModules();
    Reflect.deleteProperty(Intl, 'Segmenter');
    try {
      expect('Segmenter' in Intl).toBe(false);
      const { countWords: countWithoutSegmenter } = await import('./word-count');
      expect(samples.map((text) => countWithoutSegmenter(text))).toEqual(expected);
    } finally {
      Object.defineProperty(Intl, 'Segmenter', { value: segmenter, writable: true, configurable: true });
    }
  });
});
