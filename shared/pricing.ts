import { TIERS, type ServiceTier } from './service-tiers';

/** Minimum charge per order, in pence (£5.00). */
export const MINIMUM_CHARGE_PENCE = 500;
/** Fast turnaround multiplies the price by 3/2 (+50%). */
export const FAST_TURNAROUND_PERCENT = 50;
export const FAST_TURNAROUND_HOURS = 24;
export const STANDARD_TURNAROUND_BUSINESS_DAYS = 3;
export const CURRENCY = 'gbp';

export interface PriceQuote {
  /** Before the minimum is applied. */
  rawPence: number;
  /** What is charged. */
  totalPence: number;
  minimumApplied: boolean;
}

/**
 * max(500, round_half_up(words × rate × (fast ? 1.5 : 1))) in integer pence. The fast multiplier is
 * applied as ×3/2 with integer arithmetic, so no float ever touches money.
 */
export function quotePrice(wordCount: number, tier: ServiceTier, fast: boolean): PriceQuote {
  const words = Math.max(0, Math.floor(wordCount));
  const base = words * TIERS[tier].ratePence;
  const rawPence = fast ? Math.floor((base * 3 + 1) / 2) : base;
  const totalPence = Math.max(MINIMUM_CHARGE_PENCE, rawPence);
  return { rawPence, totalPence, minimumApplied: totalPence > rawPence };
}

export function priceInPence(wordCount: number, tier: ServiceTier, fast: boolean): number {
  return quotePrice(wordCount, tier, fast).totalPence;
}
