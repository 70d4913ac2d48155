import { describe, expect, it } from 'vitest';
import { cutAtWord, ELLIPSIS, MAX_ORDER_TITLE_CHARACTERS, ORDER_TITLE_MESSAGES, renameOrderSchema } from './order-title';

describe('cutAtWord', () => {
  it('keeps a text that fits, with its white space flattened', () => {
    expect(cutAtWord('  Revenue\n reached   $1.2m  ', 60)).toBe('Revenue reached $1.2m');
    expect(cutAtWord('x'.repeat(60), 60)).toBe('x'.repeat(60));
  });

  it('cuts after the last whole word, with an ellipsis, within the limit', () => {
    const text = 'The quick brown fox jumps over the lazy dog and keeps running far beyond the hills';
    const cut = cutAtWord(text, 60);
    expect(cut).toBe('The quick brown fox jumps over the lazy dog and keeps…');
    expect(cut.length).toBeLessThanOrEqual(60);
    // Every word before the ellipsis is a whole word of the text.
    const words = text.split(' ');
    cut
      .slice(0, -1)
      .split(' ')
      .forEach((word, i) => expect(word).toBe(words[i]));
  });

  it('never breaks a word, at every limit', () => {
    const text = 'Quarterly revenue reached $1.2bn, up 14% on the previous quarter, said the chief executive';
    const words = new Set(text.split(' '));
    for (let max = 10; max < text.length; max++) {
      const cut = cutAtWord(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.endsWith(ELLIPSIS)).toBe(true);
      const kept = cut.slice(0, -1).split(' ');
      // The last kept word is whole (a trailing comma may be dropped).
      const last = kept.at(-1)!;
      expect(words.has(last) || words.has(`${last},`)).toBe(true);
    }
  });

  it('drops punctuation left hanging at the cut', () => {
    expect(cutAtWord('Revenue reached, by the end of the year, far more', 18)).toBe('Revenue reached…');
  });

  it('cuts a single over-long word (there is no word to stop at), never inside a surrogate pair', () => {
    expect(cutAtWord('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}${ELLIPSIS}`);
    const emoji = '😀'.repeat(10);
    const cut = cutAtWord(emoji, 6);
    expect(cut).toBe(`😀😀${ELLIPSIS}`);
  });
});

describe('renameOrderSchema', () => {
  const parse = (title: unknown) => renameOrderSchema.safeParse({ title });
  const message = (title: unknown) => {
    const result = parse(title);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('accepts and trims a title, in any script', () => {
    expect(parse('  Q3 results for the board  ')).toMatchObject({ success: true, data: { title: 'Q3 results for the board' } });
    expect(parse('Résumé — 第三季度 — تقرير')).toMatchObject({ success: true });
    expect(parse('x'.repeat(MAX_ORDER_TITLE_CHARACTERS)).success).toBe(true);
  });

  it('refuses empty, blank and invisible titles', () => {
    expect(message('')).toBe(ORDER_TITLE_MESSAGES.empty);
    expect(message('   ')).toBe(ORDER_TITLE_MESSAGES.empty);
    expect(message('\u00a0\u3000')).toBe(ORDER_TITLE_MESSAGES.empty);
    expect(message('\u200b\u200d')).toBe(ORDER_TITLE_MESSAGES.empty);
    expect(message(undefined)).toBe(ORDER_TITLE_MESSAGES.empty);
    expect(message(42)).toBe(ORDER_TITLE_MESSAGES.empty);
  });

  it('refuses a title over the limit', () => {
    expect(message('x'.repeat(MAX_ORDER_TITLE_CHARACTERS + 1))).toBe(ORDER_TITLE_MESSAGES.tooLong);
    expect(message('x'.repeat(100_000))).toBe(ORDER_TITLE_MESSAGES.tooLong);
  });

  it('refuses control characters and text-direction overrides', () => {
    for (const bad of ['a\u0000b', 'line\nbreak', 'tab\there', 'del\u007f', 'c1\u0085', 'sep\u2028', 'invoice\u202egpj.exe', 'iso\u2066late\u2069', 'emb\u202a']) {
      expect(message(bad)).toBe(ORDER_TITLE_MESSAGES.controlCharacters);
    }
  });

  it('refuses any other field', () => {
    expect(renameOrderSchema.safeParse({ title: 'ok', status: 'completed' }).success).toBe(false);
  });
});
