import { describe, expect, it } from 'vitest';
import { priceBreakdown } from './price-breakdown';

describe('how the price was reached (order details)', () => {
  it('shows the counted words times the rate, with the fast fee or the minimum charge', () => {
    expect(priceBreakdown({ wordCount: 3000, serviceTier: 'fact-checked', fastTurnaround: false })).toBe('3,000 words × £0.04 = £120.00');
    expect(priceBreakdown({ wordCount: 1200, serviceTier: 'polished', fastTurnaround: true })).toBe('1,200 words × £0.06 + 50% fast turnaround = £108.00');
    expect(priceBreakdown({ wordCount: 1, serviceTier: 'rewritten', fastTurnaround: false })).toBe('1 word × £0.09 = £0.09 (minimum charge £5.00)');
  });
});
