import { z } from 'zod';
import { recordIdSchema } from './ids';

/** The sandbox provider's test cards (decision 006, sandbox card answers): digits only. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const PAYMENT_MESSAGES = {
  alreadyPaid: 'This submission has already been paid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidCardNumber: 'Your card number is invalid.',
  invalidExpiry: 'Please enter the expiry date as MM/YY.',
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  setupFailed: 'Unable to initialize payment. Please try again or contact support.',
} as const;

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The provider name of an order paid from prepaid credit, on its `payments` row and on a refund of it (decision 024). */
export const CREDIT_PROVIDER = 'credit';

/** POST /api/create-payment-intent */
export const createPaymentIntentSchema = z.object({
  submissionId: recordIdSchema('submissionId is required'),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

/** Answer of POST /api/create-payment-intent. `amount` is pounds, `amountPence` the same in pence; `publishableKey` is null for the sandbox. */
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number(),
  amountPence: z.number().int().nonnegative(),
  publishableKey: z.string().nullable(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** Spaces are allowed while typing ("4242 4242 4242 4242"); the server compares digits only. */
export function cardDigits(value: string): string {
  return value.replace(/\s+/g, '');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** `MM/YY` (spaces ignored) → { month, year } or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.replace(/\s+/g, ''));
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

/** The sandbox card form: the same rules for the browser form and the server. */
export const sandboxCardSchema = z.object({
  cardNumber: z
    .string({ error: PAYMENT_MESSAGES.invalidCardNumber })
    .refine(isValidCardNumber, PAYMENT_MESSAGES.invalidCardNumber),
  expiry: z
    .string({ error: PAYMENT_MESSAGES.invalidExpiry })
    .refine((v) => parseExpiry(v) !== null, PAYMENT_MESSAGES.invalidExpiry)
    .refine((v) => {
      const parsed = parseExpiry(v);
      return parsed === null || !isExpired(parsed);
    }, PAYMENT_MESSAGES.expired),
  cvc: z
    .string({ error: PAYMENT_MESSAGES.invalidCvc })
    .trim()
    .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.invalidCvc),
});
export type SandboxCardInput = z.infer<typeof sandboxCardSchema>;

/** POST /api/payments/sandbox/confirm */
export const sandboxConfirmSchema = sandboxCardSchema.extend({
  clientSecret: z.string({ error: 'clientSecret is required' }).trim().min(1, 'clientSecret is required').max(200),
  /** "Save this card" (decision 045): keep the brand, last four digits and expiry for one-click payments. */
  saveCard: z.boolean().optional(),
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmSchema>;

export const sandboxConfirmResponseSchema = z.object({
  status: z.literal('succeeded'),
  submissionId: z.string(),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** What POST /api/webhooks/stripe answers Stripe once an event is handled. */
export const webhookAnswerSchema = z.object({ received: z.literal(true) });
