/**
 * Word count (docs/decisions/005-money-ids-and-prices.md, "Counting words"): the text as a reader sees it.
 *
 * 1. Whitespace tokens of the trimmed text (decision 005), with "whitespace" read the way a person reads the text,
 *    so nobody can join words with characters that look like nothing:
 *    - every Unicode space, line or paragraph separator and control character;
 *    - every format or default-ignorable character (zero-width space/joiners, word joiner, BOM, bidi marks,
 *      variation selectors, tag characters, soft hyphen, Hangul fillers U+115F/U+1160/U+3164/U+FFA0, ...);
 *    - blank symbols and fillers that render as a gap: U+2800 braille blank, U+16FE4 Khitan filler.
 *    The only exception is a zero-width joiner inside an emoji sequence (👨‍👩‍👧 is one picture, not three words).
 * 2. A token counts as one word, unless it joins THREE or more word-like runs with punctuation or symbols
 *    ("word/word/word", "word·word·word", "word_word_word"): then it counts its word-like segments, found with
 *    Unicode word segmentation (Intl.Segmenter, granularity 'word', UAX #29, `isWordLike`) and split again at the
 *    punctuation UAX #29 keeps inside a word (`.` `·` `:` `_` `'`). Segments that touch with nothing between them
 *    (the dictionary splits of Chinese, Japanese or Thai, which differ between ICU versions) stay one run, so the
 *    browser's estimate and the server's count never disagree.
 *    These stay one run each: numbers with separators and numeric dates ("1,000.50", "2025-01-31", "12:30"),
 *    initialisms ("U.S.A."), a contraction or possessive ending ("O'Neill's"); and the whole token is one word when
 *    it is a date with a month name ("31-Jan-2025"), or a URL or an e-mail address of up to 6 parts (a longer
 *    "link" counts its parts, so "www." in front of words joined by dots buys nothing). Two runs are always one word
 *    ("and/or", "well-known", "e.g."), and so is a hyphenated compound of up to four parts ("ten-year-old",
 *    "state-of-the-art"); a longer hyphen chain counts each part.
 * 3. A token longer than MAX_WORD_CHARACTERS characters (code points) counts at least one word per started
 *    MAX_WORD_CHARACTERS characters, so a 200,000-character "word" is not charged as one word
 *    (docs/decisions/013-resource-limits.md).
 *
 * Linear in the text: one split, and the segmenter (linear) only on tokens that have punctuation inside.
 */
export const MAX_WORD_CHARACTERS = 50;

const SEPARATORS =
  '\\p{White_Space}\\p{Z}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u2800\\u3164\\uFFA0\\u115F\\u1160\\u{16FE4}';
// eslint-disable-next-line no-misleading-character-class -- U+16FE4, a combining filler, separates on its own
const SEPARATOR_RUN = new RegExp(`[${SEPARATORS}]+`, 'u');
// eslint-disable-next-line no-misleading-character-class -- as above
const SEPARATOR_RUNS = new RegExp(`[${SEPARATORS}]+`, 'gu');
/** Emoji (with its skin tone or presentation selector), a zero-width joiner, then another emoji. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * Letters that look like punctuation (ǀ ǁ ǂ ǃ dental clicks look like | and !, ꞏ the sinological dot like ·, ˈ ˌ ː ˑ
 * phonetic marks): inside a token they join words like the punctuation they resemble.
 */
const LOOKALIKE_PUNCTUATION = '\\u01C0-\\u01C3\\uA78F\\u02C8\\u02CC\\u02D0\\u02D1';
const LOOKALIKE = new RegExp(`[${LOOKALIKE_PUNCTUATION}]`, 'u');
const LETTER_MARK_OR_DIGIT = /^[\p{L}\p{M}\p{N}]$/u;
/** A character that belongs to a word: a letter, a combining mark (part of its letter) or a digit. */
function isWordCharacter(character: string): boolean {
  return LETTER_MARK_OR_DIGIT.test(character) && !LOOKALIKE.test(character);
}
/**
 * Punctuation or a symbol between two word characters, or a lookalike letter: the token may join several words.
 * (The `u` flag only, no `v` set subtraction, so browsers from before 2023 run it too.)
 */
const INNER_JOINER = /[\p{L}\p{M}\p{N}][^\p{L}\p{M}\p{N}]/u;
function mayJoinWords(token: string): boolean {
  return INNER_JOINER.test(token) || LOOKALIKE.test(token);
}

const DIGITS = /^\p{Nd}+$/u;
const HYPHENS = new Set(['-', '\u2010', '\u2011']);
/**
 * A URL or e-mail address of up to this many word-like parts is one word (https://www.example.com/pricing has 5;
 * jane.doe@mail.example.co.uk 6); a longer one counts its parts.
 */
const MAX_LINK_PARTS = 6;
/** A hyphenated compound of up to this many parts is one word: ten-year-old, state-of-the-art, jack-of-all-trades. */
const MAX_COMPOUND_PARTS = 4;
const NUMBER_SEPARATORS = new Set(['.', ',', ':', '/', '-']);
const APOSTROPHES = new Set(["'", '\u2019']);
/** Endings after an apostrophe that belong to the word before: it's, don't, I'd, I'm, we'll, they're, we've. */
const CONTRACTION_ENDINGS = new Set(['s', 't', 'd', 'm', 'll', 're', 've']);

/** Opening and closing punctuation around a token: (see https://...), "me@example.com". */
const OPENING = /[\p{Ps}\p{Pi}"'“‘]/u;
const CLOSING = /[\p{Pe}\p{Pf}"'”’.,;:!?]/u;
const URL = /^(?:[a-z][a-z0-9+.-]{0,30}:\/\/|www\.)\S+$/iu;
/** An e-mail address (at most 254 characters, RFC 5321): local part, @, dotted domain. */
const EMAIL = /^[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})+$/u;
const DATE_WITH_MONTH_NAME = /^\p{Nd}{1,4}[-./]\p{L}{3,9}\.?[-./]\p{Nd}{2,4}$/u;

let segmenter: Intl.Segmenter | null | undefined;
/** The word segmenter; null in the rare browser without Intl.Segmenter (Firefox before 125). */
function wordSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'word' }) : null;
  }
  return segmenter;
}

/** The words of the text as the price counts them (whitespace tokens; joined words and long tokens not yet split). */
export function wordTokens(text: string): string[] {
  return text
    .replace(EMOJI_JOINER, '$1')
    .split(SEPARATOR_RUN)
    .filter((token) => token !== '');
}

function codePointLength(token: string): number {
  let length = 0;
  for (let i = 0; i < token.length; i += 1) {
    const unit = token.charCodeAt(i);
    // A high surrogate followed by a low one is a single character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < token.length) {
      const next = token.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    length += 1;
  }
  return length;
}

/** A word-like run of a token and what joins it to the run before ('' when they touch). */
interface Run {
  text: string;
  joiner: string;
}

/** A word segment of the whole text, as Intl.Segmenter gives it. */
type Segment = Intl.SegmentData;

/**
 * The text's word segments, read once from the start and handed out token by token (tokens come in order), so a
 * text of many short joined tokens costs one segmentation, not one per token.
 */
class SegmentCursor {
  private readonly iterator: Iterator<Segment> | null;
  private current: Segment | undefined;

  constructor(private readonly text: string) {
    this.iterator = wordSegmenter()?.segment(text)[Symbol.iterator]() ?? null;
  }

  /** The segments that overlap [start, end), in order. */
  *overlapping(start: number, end: number): Generator<Segment> {
    if (!this.iterator) {
      // Without a segmenter, the token is one word-like segment: its runs of letters and digits are the words,
      // which is what the segmenter's answer comes to once touching segments are joined.
      yield { segment: this.text.slice(start, end), index: start, input: this.text, isWordLike: true };
      return;
    }
    for (;;) {
      if (!this.current) {
        const next = this.iterator.next();
        if (next.done) return;
        this.current = next.value;
      }
      const segmentEnd = this.current.index + this.current.segment.length;
      if (segmentEnd <= start) {
        this.current = undefined;
        continue;
      }
      if (this.current.index >= end) return;
      yield this.current;
      if (segmentEnd > end) return; // it continues into the next token
      this.current = undefined;
    }
  }
}

/**
 * The word-like runs of the token at [start, end) of the text: the segmenter's word-like segments, split again at
 * punctuation inside them; runs that touch are one run.
 */
function wordRuns(text: string, start: number, end: number, cursor: SegmentCursor): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  let lastEnd = -1; // where the last word character ended
  for (const { segment, index, isWordLike } of cursor.overlapping(start, end)) {
    if (!isWordLike) {
      current = undefined;
      continue;
    }
    let offset = index;
    for (const character of segment) {
      if (offset >= end) break;
      if (offset < start || !isWordCharacter(character)) {
        current = undefined;
      } else if (current) {
        current.text += character;
      } else if (offset === lastEnd && runs.length > 0) {
        // Touching the run before (a dictionary split of Chinese, Japanese or Thai): the same run.
        current = runs[runs.length - 1]!;
        current.text += character;
      } else {
        current = { text: character, joiner: text.slice(lastEnd < 0 ? start : lastEnd, offset) };
        runs.push(current);
      }
      offset += character.length;
      if (current) lastEnd = offset;
    }
    current = undefined;
  }
  return runs;
}

/** The token without the brackets, quotes and sentence punctuation around it (a loop: no regex backtracking). */
function withoutEnclosing(token: string): string {
  let from = 0;
  let to = token.length;
  while (from < to && OPENING.test(token[from]!)) from += 1;
  while (to > from && CLOSING.test(token[to - 1]!)) to -= 1;
  return token.slice(from, to);
}

function isSingleLetter(text: string): boolean {
  return codePointLength(text) === 1 && /^\p{L}$/u.test(text);
}

/** Whether `run` continues the run before it as one word: 1,000.50 / 2025-01-31 / U.S.A. / O'Neill's. */
function continuesWord(previous: Run, run: Run): boolean {
  if (NUMBER_SEPARATORS.has(run.joiner) && DIGITS.test(previous.text) && DIGITS.test(run.text)) return true;
  if (APOSTROPHES.has(run.joiner) && CONTRACTION_ENDINGS.has(run.text.toLowerCase())) return true;
  return run.joiner === '.' && isSingleLetter(previous.text) && isSingleLetter(run.text);
}

/** Words a token holds before the length rule: 1, or the number of its runs when it joins three or more. */
function wordsInToken(text: string, start: number, end: number, cursor: () => SegmentCursor): number {
  const token = text.slice(start, end);
  if (!mayJoinWords(token)) return 1;
  const bare = withoutEnclosing(token);
  if (DATE_WITH_MONTH_NAME.test(bare)) return 1;
  const link = URL.test(bare) || (bare.length <= 254 && EMAIL.test(bare));
  let words = 0;
  let onlyHyphens = true;
  let previous: Run | undefined;
  for (const run of wordRuns(text, start, end, cursor())) {
    if (!previous || !continuesWord(previous, run)) {
      if (previous && !HYPHENS.has(run.joiner)) onlyHyphens = false;
      words += 1;
    }
    // A merged number or initialism keeps its last part's shape, so the chain continues (1,000,000 / U.S.A.).
    previous = run;
  }
  if (words < 3) return 1;
  // A link or an address is one word, but only while it looks like one: "www." or "x@" in front of a chain of
  // 3,000 words joined by dots must not price them as one (found by the property test).
  if (link && words <= MAX_LINK_PARTS) return 1;
  return onlyHyphens && words <= MAX_COMPOUND_PARTS ? 1 : words;
}

/** Number of words of the text (0 for blank text); the one function the form, the server and the price use. */
export function countWords(text: string): number {
  const joined = text.replace(EMOJI_JOINER, '$1');
  let segments: SegmentCursor | undefined;
  const cursor = () => (segments ??= new SegmentCursor(joined));
  let words = 0;
  let start = 0;
  const separators = SEPARATOR_RUNS;
  separators.lastIndex = 0;
  for (;;) {
    const match = separators.exec(joined);
    const end = match ? match.index : joined.length;
    if (end > start) {
      const length = end - start <= MAX_WORD_CHARACTERS ? 1 : codePointLength(joined.slice(start, end));
      words += Math.max(wordsInToken(joined, start, end, cursor), Math.ceil(length / MAX_WORD_CHARACTERS));
    }
    if (!match) return words;
    start = match.index + match[0].length;
  }
}
