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
