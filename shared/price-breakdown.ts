import { formatPence, formatRatePerWord } from './money';
import { FAST_TURNAROUND_PERCENT, quotePrice } from './pricing';
import { TIERS, type ServiceTier } from './service-tiers';

/**
 * How an order's price was reached, for the customer (issue 28): "1,200 words × £0.06 = £72.00", then the fast
 * fee or the minimum charge. The words are the ones the price counted (shared/word-count.ts).
 */
export function priceBreakdown(order: { wordCount: number; serviceTier: ServiceTier; fastTurnaround: boolean }): string {
  const rate = TIERS[order.serviceTier].ratePence;
  const words = `${order.wordCount.toLocaleString('en-GB')} ${order.wordCount === 1 ? 'word' : 'words'} × ${formatRatePerWord(rate)}`;
  const price = quotePrice(order.wordCount, order.serviceTier, order.fastTurnaround);
  const fast = order.fastTurnaround ? ` + ${FAST_TURNAROUND_PERCENT}% fast turnaround` : '';
  const minimum = price.minimumApplied ? ` (minimum charge ${formatPence(price.totalPence)})` : '';
  return `${words}${fast} = ${formatPence(price.rawPence)}${minimum}`;
}

/** The lines of an order's price as the order form shows them (issue 45: checkout shows the same). */
export interface PriceParts {
  /** "1,200 words × £0.06" and what that comes to. */
  words: string;
  basePence: number;
  /** The fast-turnaround fee in pence; null when not fast. */
  fastFeePence: number | null;
  minimumApplied: boolean;
  totalPence: number;
}

export function priceParts(order: { wordCount: number; serviceTier: ServiceTier; fastTurnaround: boolean }): PriceParts {
  const rate = TIERS[order.serviceTier].ratePence;
  const basePence = Math.max(0, Math.floor(order.wordCount)) * rate;
  const price = quotePrice(order.wordCount, order.serviceTier, order.fastTurnaround);
  return {
    words: `${order.wordCount.toLocaleString('en-GB')} ${order.wordCount === 1 ? 'word' : 'words'} × ${formatRatePerWord(rate)}`,
    basePence,
    fastFeePence: order.fastTurnaround ? price.rawPence - basePence : null,
    minimumApplied: price.minimumApplied,
    totalPence: price.totalPence,
  };
}
