import type { CurrentUser } from '../../../shared/auth.schema';
import {
  cardDigits,
  PAYMENT_MESSAGES,
  SANDBOX_CARDS,
  type SandboxConfirmInput,
  type SandboxConfirmResponse,
} from '../../../shared/payment.schema';
import { brandFromNumber } from '../../../shared/saved-cards.schema';
import type { Database } from '../../db/client';
import { conflict, HttpError } from '../../lib/http-error';
import { markPaymentFailed } from './mark-payment-failed';
import { markSandboxPaymentSucceeded } from './mark-payment-succeeded';
import { payablePayment } from './payable-payment';
import { saveSandboxCard } from './saved-cards';
import type { FeatureContext } from '../context';

/** What the sandbox says about a card (Stripe's test-mode behaviour for the same numbers). */
export function sandboxOutcome(cardNumber: string): { ok: true } | { ok: false; message: string } {
  const digits = cardDigits(cardNumber);
  if (digits === SANDBOX_CARDS.success) return { ok: true };
  if (digits === SANDBOX_CARDS.insufficientFunds) return { ok: false, message: PAYMENT_MESSAGES.insufficientFunds };
  return { ok: false, message: PAYMENT_MESSAGES.declined };
}

/** Confirms a sandbox payment with a test card; success goes through the same code as Stripe's webhook. */
export async function confirmSandboxPayment(
  db: Database,
  context: FeatureContext,
  user: CurrentUser,
  input: SandboxConfirmInput,
  log: Parameters<typeof markSandboxPaymentSucceeded>[3],
): Promise<SandboxConfirmResponse> {
  const payment = await payablePayment(db, user.id, input.clientSecret, 'sandbox');

  const outcome = sandboxOutcome(input.cardNumber);
  if (!outcome.ok) {
    await markPaymentFailed(db, { provider: 'sandbox', providerPaymentId: payment.providerPaymentId, message: outcome.message });
    throw new HttpError(402, outcome.message);
  }
  // The card's brand and last four digits go on the receipt (issue 45); nothing else of the number is kept.
  const digits = cardDigits(input.cardNumber);
  const result = await markSandboxPaymentSucceeded(db, context, payment, log, { brand: brandFromNumber(digits), last4: digits.slice(-4) });
  if (result === 'already-paid') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (result !== 'paid') throw new HttpError(500, 'The payment could not be recorded.');
  // "Save this card" (decision 045): brand, last four and expiry only; the number and CVC are not kept.
  if (input.saveCard) await saveSandboxCard(db, user.id, input);
  return { status: 'succeeded', submissionId: payment.submissionId };
}
