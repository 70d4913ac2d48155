import { formatPence } from './money';

/**
 * VAT in the prices customers see (issue 45). With a VAT number configured every price is VAT-inclusive at the
 * standard rate; without one no VAT is charged. No zod here: the order form's island imports it (decision 051).
 */

/** The UK standard rate, in basis points (2000 = 20%): prices are VAT-inclusive when a VAT number is configured. */
export const VAT_STANDARD_RATE_BASIS_POINTS = 2000;

/** The rate the prices include: the standard rate with a VAT number, else 0 (not VAT-registered). */
export const vatRateFor = (vatNumber: string | null | undefined): number => (vatNumber ? VAT_STANDARD_RATE_BASIS_POINTS : 0);

/**
 * The VAT inside a VAT-inclusive amount: gross × rate / (1 + rate), to the nearest penny (20%: gross × 20/120). The
 * invoices use it too, so the price shown before paying and the invoice's VAT agree to the penny.
 */
export function vatOfGross(grossPence: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0) return 0;
  return Math.round((grossPence * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** "incl. £0.83 VAT" beside a VAT-inclusive price; null when no VAT is charged. */
export function vatIncludedText(grossPence: number, rateBasisPoints: number): string | null {
  return rateBasisPoints > 0 ? `incl. ${formatPence(vatOfGross(grossPence, rateBasisPoints))} VAT` : null;
}
