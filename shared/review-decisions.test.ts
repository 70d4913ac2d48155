import { describe, expect, it } from 'vitest';
import type { Finding } from './language-checks.schema';
import { decisionKey, findingContext, findingDecision, indexDecisions, isFindingDecided, type ReviewDecision } from './review-decisions.schema';

const variant = (text: string, from = 0): Finding => {
  const start = text.indexOf('color', from);
  return { start, end: start + 5, rule: 'variant:american-spelling', category: 'variant', message: 'British: colour', suggestions: ['colour'] };
};
const stored = (input: ReturnType<typeof findingDecision>): ReviewDecision => ({
  id: '1',
  kind: input.kind,
  action: input.action,
  rule: 'rule' in input ? input.rule : null,
  word: 'word' in input ? input.word : null,
  context: input.kind === 'finding' ? input.context : null,
  start: null,
  end: null,
  decidedBy: null,
  decidedAt: new Date(0).toISOString(),
});

describe('knowing a decided finding again (issue 42)', () => {
  it('after a fix a few words away and text added before it', () => {
    const checked = 'Our results delve into the color of teh data.';
    const index = indexDecisions([stored(findingDecision(variant(checked), checked, 'ignore'))]);
    const saved = 'A new first line.\nOur results look at the color of the data.';
    expect(isFindingDecided(variant(saved), saved, index)).toBe(true);
    // The same word between other words is another finding.
    const other = `${saved} Its COLOR was grey.`.replace('COLOR', 'color');
    expect(isFindingDecided(variant(other, saved.length), other, index)).toBe(false);
  });

  it('after the word on one side of it was edited, but not with both sides new or at the text’s edge alone', () => {
    const checked = 'Our results delve into the color of teh data.';
    const index = indexDecisions([stored(findingDecision(variant(checked), checked, 'ignore'))]);
    const before = 'Our results delve into a color of teh data.';
    expect(isFindingDecided(variant(before), before, index)).toBe(true);
    const after = 'Our results delve into the color for teh data.';
    expect(isFindingDecided(variant(after), after, index)).toBe(true);
    const both = 'Our results delve into a color for teh data.';
    expect(isFindingDecided(variant(both), both, index)).toBe(false);
    const edge = indexDecisions([stored(findingDecision(variant('color.'), 'color.', 'ignore'))]);
    expect(isFindingDecided(variant('color is'), 'color is', edge)).toBe(false);
  });

  it('uses the nearest word on each side, at the text’s edges too, in bounded time', () => {
    expect(findingContext({ start: 0, end: 5 }, 'color.')).toBe('\u2026');
    expect(findingContext({ start: 4, end: 9 }, 'The color, Of course')).toBe('the\u2026of');
    const long = `${'—'.repeat(100_000)}color${'—'.repeat(100_000)}`;
    expect(findingContext({ start: 100_000, end: 100_005 }, long)).toBe('\u2026');
  });

  it('one key per decision: ignore-all folds the word’s case, a finding keeps its own', () => {
    expect(decisionKey({ kind: 'rule', action: 'ignore-all', rule: 'harper:Spelling', word: 'Gartner' })).toBe(
      decisionKey({ kind: 'rule', action: 'ignore-all', rule: 'harper:Spelling', word: 'GARTNER' }),
    );
    expect(decisionKey({ kind: 'finding', action: 'ignore', rule: 'r', word: 'W', context: 'a\u2026b' })).toBe(
      decisionKey({ kind: 'finding', action: 'accept', rule: 'r', word: 'W', context: 'a\u2026b' }),
    );
    expect(decisionKey({ kind: 'suggestion', action: 'ignore', start: 1, end: 2 })).not.toBe(decisionKey({ kind: 'suggestion', action: 'ignore', start: 1, end: 3 }));
  });
});
