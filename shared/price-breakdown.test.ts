import { describe, expect, it } from 'vitest';
import { vatOfGross as invoiceVat } from './billing-documents.schema';
import { formatPence } from './money';
import { priceBreakdown, priceParts } from './price-breakdown';
import { quotePrice } from './pricing';
import { VAT_STANDARD_RATE_BASIS_POINTS, vatIncludedText, vatOfGross, vatRateFor } from './vat';

describe('how the price was reached (order details)', () => {
  it('shows the counted words times the rate, with the fast fee or the minimum charge', () => {
    expect(priceBreakdown({ wordCount: 3000, serviceTier: 'fact-checked', fastTurnaround: false })).toBe('3,000 words × £0.04 = £120.00');
    expect(priceBreakdown({ wordCount: 1200, serviceTier: 'polished', fastTurnaround: true })).toBe('1,200 words × £0.06 + 50% fast turnaround = £108.00');
    expect(priceBreakdown({ wordCount: 1, serviceTier: 'rewritten', fastTurnaround: false })).toBe('1 word × £0.09 = £0.09 (minimum charge £5.00)');
  });
});

describe('the lines of a price (order form and checkout, issue 45)', () => {
  it('gives the words times the rate, the fast fee and whether the minimum applied, adding up to the price charged', () => {
    expect(priceParts({ wordCount: 1200, serviceTier: 'polished', fastTurnaround: true })).toEqual({
      words: '1,200 words × £0.06',
      basePence: 7200,
      fastFeePence: 3600,
      minimumApplied: false,
      totalPence: 10800,
    });
    expect(priceParts({ wordCount: 40, serviceTier: 'polished', fastTurnaround: false })).toMatchObject({ fastFeePence: null, minimumApplied: true, totalPence: 500 });
    // Any order: base + fee is the raw price, and the total is what quotePrice charges.
    for (const [words, tier, fast] of [[1, 'rewritten', true], [333, 'fact-checked', true], [3000, 'rewritten', false]] as const) {
      const parts = priceParts({ wordCount: words, serviceTier: tier, fastTurnaround: fast });
      const quote = quotePrice(words, tier, fast);
      expect(parts.basePence + (parts.fastFeePence ?? 0)).toBe(quote.rawPence);
      expect(parts.totalPence).toBe(quote.totalPence);
    }
  });
});

describe('VAT in a VAT-inclusive price (issue 45)', () => {
  it('says "incl. £x VAT" with the invoice’s rounding, and nothing without VAT', () => {
    expect(vatIncludedText(500, VAT_STANDARD_RATE_BASIS_POINTS)).toBe('incl. £0.83 VAT');
    expect(vatIncludedText(10800, VAT_STANDARD_RATE_BASIS_POINTS)).toBe('incl. £18.00 VAT');
    expect(vatIncludedText(500, 0)).toBeNull();
    expect(vatRateFor('GB123456789')).toBe(VAT_STANDARD_RATE_BASIS_POINTS);
    expect(vatRateFor(null)).toBe(0);
    // The invoices' function is this one: net + VAT = gross for every price the form can quote.
    for (let gross = 500; gross <= 27000; gross += 7) {
      const vat = vatOfGross(gross, VAT_STANDARD_RATE_BASIS_POINTS);
      expect(vatIncludedText(gross, VAT_STANDARD_RATE_BASIS_POINTS)).toBe(`incl. ${formatPence(vat)} VAT`);
      expect(invoiceVat(gross, VAT_STANDARD_RATE_BASIS_POINTS)).toBe(vat);
    }
  });
});
