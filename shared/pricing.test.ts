import { describe, expect, it } from 'vitest';
import { MINIMUM_CHARGE_PENCE, priceInPence, quotePrice } from './pricing';
import { formatPence, penceToPounds } from './money';
import { TIERS } from './service-tiers';

describe('priceInPence', () => {
  it('uses the one price list: 4p, 6p and 9p per word', () => {
    expect(TIERS['fact-checked'].ratePence).toBe(4);
    expect(TIERS.polished.ratePence).toBe(6);
    expect(TIERS.rewritten.ratePence).toBe(9);
  });

  it('charges 100 words polished £6.00', () => {
    expect(priceInPence(100, 'polished', false)).toBe(600);
    expect(formatPence(600)).toBe('£6.00');
    expect(penceToPounds(600)).toBe(6);
  });

  it('applies the £5.00 minimum to 100 words fact-checked', () => {
    const quote = quotePrice(100, 'fact-checked', false);
    expect(quote).toEqual({ rawPence: 400, totalPence: 500, minimumApplied: true });
    expect(formatPence(quote.totalPence)).toBe('£5.00');
  });

  it('charges 333 words rewritten fast £44.96 (2,997p × 1.5 = 4,495.5 rounded half up)', () => {
    expect(priceInPence(333, 'rewritten', true)).toBe(4496);
    expect(formatPence(4496)).toBe('£44.96');
    expect(penceToPounds(4496)).toBe(44.96);
  });

  it('rounds half up and only ever returns integer pence', () => {
    // 1,001 × 4 × 1.5 = 6,006 exactly; 1,001 × 9 × 1.5 = 13,513.5 → 13,514
    expect(priceInPence(1001, 'fact-checked', true)).toBe(6006);
    expect(priceInPence(1001, 'rewritten', true)).toBe(13514);
    // 999 × 6 × 1.5 = 8,991 exactly
    expect(priceInPence(999, 'polished', true)).toBe(8991);
    for (let words = 0; words <= 3000; words += 7) {
      for (const tier of ['fact-checked', 'polished', 'rewritten'] as const) {
        const pence = priceInPence(words, tier, true);
        expect(Number.isInteger(pence)).toBe(true);
        expect(pence).toBe(Math.max(MINIMUM_CHARGE_PENCE, Math.floor((words * TIERS[tier].ratePence * 3) / 2 + 0.5)));
      }
    }
  });

  it('charges the minimum for 0 words', () => {
    expect(quotePrice(0, 'rewritten', true)).toEqual({ rawPence: 0, totalPence: 500, minimumApplied: true });
    expect(priceInPence(0, 'polished', false)).toBe(MINIMUM_CHARGE_PENCE);
  });

  it('does not apply the minimum once the raw price reaches it', () => {
    expect(quotePrice(125, 'fact-checked', false)).toEqual({ rawPence: 500, totalPence: 500, minimumApplied: false });
    expect(quotePrice(3000, 'rewritten', true)).toEqual({ rawPence: 40500, totalPence: 40500, minimumApplied: false });
  });

  it('formats pounds en-GB', () => {
    expect(formatPence(123450)).toBe('£1,234.50');
  });
});
