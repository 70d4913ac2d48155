import { describe, expect, it } from 'vitest';
import { groupFindings, plainMessage } from './finding-text';
import type { Finding } from './language-checks.schema';

describe('plainMessage (issue 42: messages are plain text)', () => {
  it('turns harper.js Markdown into words', () => {
    expect(plainMessage('Did you mean to spell `Ofcom` this way?')).toBe('Did you mean to spell \u201cOfcom\u201d this way?');
    expect(plainMessage('Use ``a`` rather than **an** here.')).toBe('Use \u201ca\u201d rather than an here.');
    expect(plainMessage('See [the guide](https://example.com/guide) for *why*.')).toBe('See the guide for why.');
    expect(plainMessage('A __strong__ and _light_ word,\n\nthen more.')).toBe('A strong and light word, then more.');
  });

  it('leaves plain text, snake_case, lone asterisks and stray backticks readable', () => {
    expect(plainMessage('This sentence is 371 words long.')).toBe('This sentence is 371 words long.');
    expect(plainMessage('Call snake_case_name or 2 * 3 * 4.')).toBe('Call snake_case_name or 2 * 3 * 4.');
    expect(plainMessage('A lone ` backtick')).toBe('A lone backtick');
    expect(plainMessage('`'.repeat(10_000))).toBe('');
  });
});

const finding = (text: string, word: string, from: number, rule = 'harper:Spelling'): Finding => {
  const start = text.indexOf(word, from);
  return { start, end: start + word.length, rule, category: 'spelling', message: `Did you mean to spell \u201c${word}\u201d this way?`, suggestions: ['Garner'] };
};

describe('groupFindings (issue 42: one card per rule and word, with a count)', () => {
  it('merges the same rule on the same word, whatever its case, in the order the words first appear', () => {
    const text = 'Ofcom met Gartner. GARTNER agreed; gartner wrote to Ofcom.';
    const found = [
      finding(text, 'Ofcom', 40),
      finding(text, 'gartner', 0),
      finding(text, 'Gartner', 0),
      finding(text, 'GARTNER', 0),
      finding(text, 'Ofcom', 0),
      finding(text, 'Gartner', 0, 'house-style:preferred'),
    ];
    const groups = groupFindings(found, text);
    expect(groups.map((g) => [g.rule, g.word, g.findings.length])).toEqual([
      ['harper:Spelling', 'Ofcom', 2],
      ['harper:Spelling', 'Gartner', 3],
      ['house-style:preferred', 'Gartner', 1],
    ]);
    expect(groups[1]!.findings.map((f) => f.start)).toEqual([10, 19, 35]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(3);
  });

  it('keeps nested findings apart: a long sentence and a misspelling inside it are two cards', () => {
    const text = 'A very long sentence where we recieve things.';
    const long: Finding = { start: 0, end: text.length, rule: 'harper:Readability', category: 'grammar', message: 'Long.', suggestions: [] };
    const groups = groupFindings([long, finding(text, 'recieve', 0)], text);
    expect(groups.map((g) => g.rule)).toEqual(['harper:Readability', 'harper:Spelling']);
    expect(groupFindings([], text)).toEqual([]);
  });
});
