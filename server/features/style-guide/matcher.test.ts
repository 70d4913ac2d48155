/** Issue 27, part 4: the house style's compiled matcher (decision 046). */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/language-checks.schema';
import { compileHouseStyle, type MatcherTerm } from './matcher';

const banned = (term: string, replacement: string): MatcherTerm => ({ term, kind: 'banned', replacement });
const preferred = (term: string): MatcherTerm => ({ term, kind: 'preferred', replacement: '' });
const spans = (text: string, findings: Finding[]) => findings.map((f) => [text.slice(f.start, f.end), f.suggestions[0]]);

describe('the house style matcher', () => {
  it('flags a banned word or phrase as a whole, in any case, with its replacement', () => {
    const m = compileHouseStyle([banned('utilise', 'use'), banned('click here', 'select'), banned('e-mail', 'email')]);
    const text = 'Utilise the tool. We UTILISE it; click  here or Click here. Send an e-mail. Reutilise, utilised, utilise_x.';
    const found = m.find(text);
    expect(spans(text, found)).toEqual([
      ['Utilise', 'Use'],
      ['UTILISE', 'Use'],
      ['Click here', 'Select'],
      ['e-mail', 'email'],
    ]);
    expect(found[0]).toMatchObject({ category: 'house-style', rule: 'house-style:banned', message: expect.stringContaining('write “use”') });
    // A phrase matches across one line break; a replacement with capitals of its own is kept as written.
    const brand = compileHouseStyle([banned('iphone', 'iPhone'), banned('machine learning', 'ML')]);
    expect(spans('Iphone and machine\nlearning.', brand.find('Iphone and machine\nlearning.'))).toEqual([
      ['Iphone', 'iPhone'],
      ['machine\nlearning', 'ML'],
    ]);
  });

  it('flags a preferred term written another way with the exact form, and leaves the exact form alone', () => {
    const m = compileHouseStyle([preferred('JavaScript'), preferred('HumanProof')]);
    const text = 'JavaScript, Javascript and JAVASCRIPT at Humanproof (HumanProof).';
    const found = m.find(text);
    expect(spans(text, found)).toEqual([
      ['Javascript', 'JavaScript'],
      ['JAVASCRIPT', 'JavaScript'],
      ['Humanproof', 'HumanProof'],
    ]);
    expect(found.every((f) => f.rule === 'house-style:preferred')).toBe(true);
    expect(m.isHouseForm('HumanProof')).toBe(true);
    expect(m.isHouseForm('Humanproof')).toBe(false);
  });

  it('prefers the longest term at a position, and never overlaps matches', () => {
    const m = compileHouseStyle([banned('state', 'condition'), banned('state of the art', 'modern'), banned('art', 'craft')]);
    const text = 'A state of the art design, a state of art.';
    expect(spans(text, m.find(text))).toEqual([
      ['state of the art', 'modern'],
      ['state', 'condition'],
      ['art', 'craft'],
    ]);
  });

  it('treats hostile terms as literal text: regex syntax, look-alikes, combining marks, astral characters', () => {
    const m = compileHouseStyle([
      banned('(a+)+$', 'x'),
      banned('.*', 'y'),
      banned('[a-z]', 'z'),
      banned('paypal', 'PayPal'),
      banned('café', 'coffee shop'),
      banned('naive', 'simple'),
      banned('🙂 ok', 'fine'),
    ]);
    // Regex syntax matches only itself.
    expect(m.find('aaaa aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! b . * ab')).toEqual([]);
    const literal = 'x (a+)+$ y .* z [a-z] w';
    expect(spans(literal, m.find(literal)).map(([t]) => t)).toEqual(['(a+)+$', '.*', '[a-z]']);
    // Look-alikes are other letters: Cyrillic "а" in "pаypal" is not the banned word.
    expect(m.find('Pay with p\u0430ypal.')).toEqual([]);
    expect(spans('Pay with PayPal.', m.find('Pay with PayPal.'))).toEqual([['PayPal', 'PayPal']]);
    // "café" composed or decomposed is the term; "cafe" plus a combining mark, or "naive" with one, is another word.
    const composed = 'A caf\u00e9 and a cafe\u0301.';
    expect(spans(composed, m.find(composed)).map(([t]) => t)).toEqual(['caf\u00e9', 'cafe\u0301']);
    expect(m.find('A naive\u0308 idea, a nai\u0308ve one.')).toEqual([]);
    expect(m.find('A naive\u0308 idea').length).toBe(0);
    // Offsets are UTF-16 units, as the app counts (an astral character is two).
    const astral = '𝒜 🙂 ok now';
    const [hit] = m.find(astral);
    expect(astral.slice(hit!.start, hit!.end)).toBe('🙂 ok');
    // Unpaired surrogates and control characters in the text do not break the scan.
    expect(Array.isArray(m.find('\ud800 paypal \udc00\u0000paypal'))).toBe(true);
  });

  it('folds case as Unicode does for the usual letters (ſ, Kelvin sign, final sigma) and leaves İ alone', () => {
    const m = compileHouseStyle([banned('kiss', 'hug'), banned('σοφία', 'wisdom')]);
    expect(m.find('\u212Aiſs').length).toBe(1);
    expect(m.find('ΣΟΦΊΑ').length).toBe(1);
    expect(m.find('KİSS')).toEqual([]);
  });

  it('stays cheap: 500 terms over a long text, and the worst case for a trie', () => {
    const terms = Array.from({ length: 500 }, (_, i) => banned(`term${i} phrase${i % 7}`, `word${i}`));
    const m = compileHouseStyle(terms);
    const text = `${'The quick brown fox jumps over the lazy dog, term12 phrase5 again. '.repeat(600)}`;
    let started = performance.now();
    const found = m.find(text);
    const ordinary = performance.now() - started;
    expect(found.length).toBe(600);
    // 500 terms of 100 "a"s but their last letter, against 40,000 "a"s: every start walks 100 steps, no more.
    const hostile = compileHouseStyle(Array.from({ length: 500 }, (_, i) => banned(`${'a'.repeat(99)}${String.fromCharCode(0x4e00 + i)}`, 'b')));
    const as = 'a'.repeat(40_000);
    started = performance.now();
    expect(hostile.find(as)).toEqual([]);
    const worst = performance.now() - started;
    expect(ordinary).toBeLessThan(200);
    expect(worst).toBeLessThan(1_000);
    // Words of "a" separated by spaces: every word a start, each walked to its end.
    started = performance.now();
    expect(hostile.find(`${'a'.repeat(99)} `.repeat(400))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps a term with punctuation at its edge whole too: ".NET" alone, not inside "ASP.NET"; "C++" before a comma', () => {
    const m = compileHouseStyle([banned('.NET', 'dotnet'), banned('C++', 'C plus plus')]);
    const text = 'ASP.NET and .NET, C++, C++x.';
    expect(spans(text, m.find(text)).map(([t]) => t)).toEqual(['.NET', 'C++']);
  });

  it('answers nothing for an empty guide', () => {
    expect(compileHouseStyle([]).find('Anything at all.')).toEqual([]);
  });
});
