import { describe, expect, it } from 'vitest';
import { countWords } from './word-count';

describe('countWords', () => {
  it('is 0 for empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t  ')).toBe(0);
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
});
