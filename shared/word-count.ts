/**
 * Word count = whitespace-separated tokens of the trimmed text (decisions.md), with "whitespace" read the way a
 * person reads the text, so nobody can join words with characters that look like nothing:
 * - every Unicode space, line or paragraph separator and control character;
 * - every format or default-ignorable character (zero-width space/joiners, word joiner, BOM, bidi marks,
 *   variation selectors, tag characters, soft hyphen, Hangul fillers U+115F/U+1160/U+3164/U+FFA0, ...);
 * - blank symbols that render as a gap: U+2800 braille blank.
 * The only exception is a zero-width joiner inside an emoji sequence (👨‍👩‍👧 is one picture, not three words).
 *
 * A token longer than MAX_WORD_CHARACTERS characters (code points) counts as one word per started
 * MAX_WORD_CHARACTERS characters, so a 200,000-character "word" is not charged as one word
 * (docs/decisions/013-resource-limits.md).
 */
export const MAX_WORD_CHARACTERS = 50;

const SEPARATORS =
  '\\p{White_Space}\\p{Z}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u2800\\u3164\\uFFA0\\u115F\\u1160';
const SEPARATOR_RUN = new RegExp(`[${SEPARATORS}]+`, 'u');
/** Emoji (with its skin tone or presentation selector), a zero-width joiner, then another emoji. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)?)\u200D(?=\p{Extended_Pictographic})/gu;

/** The words of the text as the price counts them (long tokens not yet split). */
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

/** Number of words of the text (0 for blank text); the one function the form, the server and the price use. */
export function countWords(text: string): number {
  let words = 0;
  for (const token of wordTokens(text)) {
    const length = token.length <= MAX_WORD_CHARACTERS ? 1 : codePointLength(token);
    words += Math.max(1, Math.ceil(length / MAX_WORD_CHARACTERS));
  }
  return words;
}
