let gbp: Intl.NumberFormat | undefined;

/** `£1,234.50` from integer pence (the formatter is built on first use: that loads locale data). */
export function formatPence(pence: number): string {
  gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  return gbp.format(pence / 100);
}

/** The API's `amount` field: pounds with two decimals, from integer pence. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** `0.04` pence-per-word rates are stored as tenths of a penny would lose precision,
 * so rates are held in pence (4, 6, 9) and formatted as pounds for display. */
export function formatRatePerWord(ratePence: number): string {
  return `£${(ratePence / 100).toFixed(2)}`;
}
