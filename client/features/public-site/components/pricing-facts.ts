import {
  FAST_TURNAROUND_HOURS,
  FAST_TURNAROUND_PERCENT,
  MINIMUM_CHARGE_PENCE,
  quotePrice,
  STANDARD_TURNAROUND_BUSINESS_DAYS,
} from '@shared/pricing';
import { formatPence, formatRatePerWord } from '@client/lib/format';
import { TIER_LIST, TIERS, type ServiceTier } from '@shared/service-tiers';
import { vatIncludedText } from '@shared/vat';

/**
 * Every figure the public pages print, derived from the one price table in shared/. Page copy uses these
 * and never types a price, so the pages, the form estimate and the charge cannot disagree.
 */
export const MINIMUM_CHARGE = formatPence(MINIMUM_CHARGE_PENCE);
export const FAST_FEE = `+${FAST_TURNAROUND_PERCENT}%`;
export const FAST_HOURS = FAST_TURNAROUND_HOURS;
export const STANDARD_DAYS = `2-${STANDARD_TURNAROUND_BUSINESS_DAYS} business days`;

export function ratePerWord(tier: ServiceTier): string {
  return formatRatePerWord(TIERS[tier].ratePence);
}

/** "£0.04, £0.06 and £0.09": the per-word prices in tier order. */
export function ratesInWords(): string {
  const rates = TIER_LIST.map((t) => `${formatRatePerWord(t.ratePence)} (${t.label})`);
  return `${rates.slice(0, -1).join(', ')} and ${rates.at(-1)}`;
}

/** The price of an order of `words` words, as the checkout would charge it. */
export function examplePrice(words: number, tier: ServiceTier, fast = false, vatRateBasisPoints = 0): string {
  return withVat(quotePrice(words, tier, fast).totalPence, vatRateBasisPoints);
}

/** "£5.00", or "£5.00 (incl. £0.83 VAT)" when the prices include VAT (issue 45). */
export function withVat(pence: number, vatRateBasisPoints: number): string {
  const vat = vatIncludedText(pence, vatRateBasisPoints);
  return vat ? `${formatPence(pence)} (${vat})` : formatPence(pence);
}

/** The smallest word count at which an order costs more than the minimum charge. */
export function wordsCoveredByMinimum(tier: ServiceTier): number {
  return Math.floor(MINIMUM_CHARGE_PENCE / TIERS[tier].ratePence);
}
