import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { cardDigits, PAYMENT_MESSAGES, type SandboxCardInput } from '../../../shared/payment.schema';
import { SAVED_CARD_MESSAGES, type CardSetupResponse, type SavedCard } from '../../../shared/saved-cards.schema';
import type { Database } from '../../db/client';
import { paymentCustomers } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { sandboxOutcome } from './confirm-sandbox-payment';
import { ensureStripeCustomer, recordStripeCard, saveSandboxCard, toSavedCard } from './saved-cards';
import type { PaymentProviderContext, StripeSettings } from './stripe-client';

type StripeContext = { client: Stripe; settings: StripeSettings; log: PaymentProviderContext['log'] };

/**
 * "Add card" in Settings (decision 045): a card saved without a payment. Stripe: a SetupIntent for the account's
 * customer, confirmed by the Payment Element in the browser; the sandbox: its test card rules, nothing charged.
 */
export async function startStripeCardSetup(db: Database, userId: string, stripe: StripeContext): Promise<CardSetupResponse> {
  let intent: Stripe.SetupIntent;
  try {
    const customer = await ensureStripeCustomer(db, stripe.client, userId);
    intent = await stripe.client.setupIntents.create({
      customer,
      usage: 'on_session',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { saveCard: 'true' },
    });
  } catch (err) {
    stripe.log.error({ err }, 'Stripe refused to create a SetupIntent');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  if (!intent.client_secret) throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  return { clientSecret: intent.client_secret, publishableKey: stripe.settings.publishableKey };
}

/**
 * The browser says its SetupIntent is confirmed: Stripe is asked (never the browser), and a succeeded intent of the
 * account's own customer has its card listed at once. The `setup_intent.succeeded` webhook does the same; the
 * unique payment method id keeps one row.
 */
export async function completeStripeCardSetup(db: Database, userId: string, setupIntentId: string, stripe: StripeContext): Promise<SavedCard> {
  const [own] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'stripe')));
  let intent: Stripe.SetupIntent;
  try {
    intent = await stripe.client.setupIntents.retrieve(setupIntentId);
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') throw notFound(SAVED_CARD_MESSAGES.notFound);
    stripe.log.error({ err }, 'Stripe refused to read a SetupIntent');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (!own || customer !== own.customerId) throw notFound(SAVED_CARD_MESSAGES.notFound);
  if (intent.status !== 'succeeded') throw conflict(SAVED_CARD_MESSAGES.setupNotConfirmed);
  let row;
  try {
    row = await recordStripeCard(db, stripe.client, intent, stripe.log);
  } catch (err) {
    stripe.log.error({ err, setupIntent: intent.id }, 'Stripe refused to read a saved card');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  if (!row) throw notFound(SAVED_CARD_MESSAGES.notFound);
  return toSavedCard(row);
}

/** The sandbox's "Add card": a card its test rules accept is saved (brand, last four, expiry); others are declined. */
export async function addSandboxCard(db: Database, userId: string, input: SandboxCardInput): Promise<SavedCard> {
  const outcome = sandboxOutcome(cardDigits(input.cardNumber));
  if (!outcome.ok) throw new HttpError(402, outcome.message);
  const row = await saveSandboxCard(db, userId, input);
  if (!row) throw new HttpError(400, PAYMENT_MESSAGES.invalidExpiry);
  return toSavedCard(row);
}
