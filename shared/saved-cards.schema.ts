import { z } from 'zod';
import { recordIdSchema } from './ids';
import { cardDigits, isExpired } from './payment.schema';

/**
 * Saved cards (issue 27, decision 045). Only the brand, the last four digits and the expiry are ever stored or
 * shown; the provider keeps the card itself (Stripe: a PaymentMethod on the customer; the sandbox: nothing).
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** A provider's brand word ("visa", "American Express", "cartes_bancaires") as one of ours. */
export function normaliseBrand(value: string | null | undefined): CardBrand {
  const word = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (word === 'americanexpress') return 'amex';
  if (word === 'dinersclub') return 'diners';
  return (CARD_BRANDS as readonly string[]).includes(word) ? (word as CardBrand) : 'unknown';
}

export function brandLabel(brand: string): string {
  return BRAND_LABELS[normaliseBrand(brand)];
}

/** The brand a card number's first digits name (the card networks' published prefixes). */
export function brandFromNumber(cardNumber: string): CardBrand {
  const digits = cardDigits(cardNumber);
  const first = (n: number) => Number(digits.slice(0, n));
  if (digits.startsWith('4')) return 'visa';
  if ((first(2) >= 51 && first(2) <= 55) || (first(4) >= 2221 && first(4) <= 2720)) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (first(3) >= 644 && first(3) <= 649)) return 'discover';
  if (digits.startsWith('36') || (first(3) >= 300 && first(3) <= 305)) return 'diners';
  if (first(4) >= 3528 && first(4) <= 3589) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

export const SAVED_CARD_MESSAGES = {
  saveLabel: 'Save this card',
  saveHint: 'Only the card type, last four digits and expiry date are kept, so you can pay later orders in one click.',
  notFound: 'Saved card not found',
  expired: 'This saved card has expired. Please pay with another card.',
  needsAuthentication: 'Your bank needs to confirm this payment. Please enter your card details below.',
  removeFailed: 'The card could not be removed. Please try again.',
  empty: 'No saved cards. Tick “Save this card” when you pay.',
  tooMany: 'Too many payment attempts. Please wait a moment and try again.',
  added: 'Card saved.',
  setupNotConfirmed: 'The card has not been confirmed yet. Please try again.',
} as const;

/** "Visa •••• 4242" */
export function cardName(card: { brand: string; last4: string }): string {
  return `${brandLabel(card.brand)} •••• ${card.last4}`;
}

/** "12/28" */
export function cardExpiry(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

export function isCardExpired(card: { expMonth: number; expYear: number }, now: Date = new Date()): boolean {
  return isExpired({ month: card.expMonth, year: card.expYear }, now);
}

/** One saved card as the API shows it: nothing else about the card exists on our side. */
export const savedCardSchema = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET /api/saved-cards: the account's cards for this deployment's payment provider, newest first. */
export const savedCardListSchema = z.array(savedCardSchema);

export const savedCardParamsSchema = z.object({ id: recordIdSchema() });

/** POST /api/payments/saved-card: pay a `new` order with a saved card. The amount is always the order's own. */
export const payWithSavedCardSchema = z.object({
  submissionId: recordIdSchema('submissionId is required'),
  cardId: recordIdSchema('cardId is required'),
});
export type PayWithSavedCardInput = z.infer<typeof payWithSavedCardSchema>;

/**
 * `succeeded`: the order is paid. `requires_action`: the bank wants the customer to authenticate, which a
 * one-click payment cannot do; the checkout falls back to the card form with `message`.
 */
export const payWithSavedCardResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), submissionId: z.string() }),
  z.object({ status: z.literal('requires_action'), message: z.string() }),
]);
export type PayWithSavedCardResponse = z.infer<typeof payWithSavedCardResponseSchema>;

/**
 * POST /api/payments/stripe/save-card: whether the checkout's Stripe PaymentIntent (named by its client secret, as
 * the sandbox confirm names it) keeps its card. Sent just before the Payment Element confirms.
 */
export const stripeSaveCardSchema = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).trim().min(1, 'clientSecret is required').max(200),
  save: z.boolean({ error: 'save must be true or false' }),
});
export type StripeSaveCardInput = z.infer<typeof stripeSaveCardSchema>;
export const stripeSaveCardResponseSchema = z.object({ save: z.boolean() });

/** POST /api/saved-cards/setup (Stripe): a SetupIntent for "Add card" in Settings, saved without a payment. */
export const cardSetupResponseSchema = z.object({ clientSecret: z.string(), publishableKey: z.string() });
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

/** POST /api/saved-cards/setup/complete (Stripe): the confirmed SetupIntent whose card is to be listed now. */
export const completeCardSetupSchema = z.object({
  setupIntentId: z
    .string({ error: 'setupIntentId is required' })
    .trim()
    .regex(/^seti_[A-Za-z0-9_]{1,100}$/, 'Invalid setupIntentId'),
});
