import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { cardDigits, parseExpiry, type PaymentProvider } from '../../../shared/payment.schema';
import {
  brandFromNumber,
  isCardExpired,
  normaliseBrand,
  SAVED_CARD_MESSAGES,
  type SavedCard,
} from '../../../shared/saved-cards.schema';
import type { Executor } from '../../db/client';
import { paymentCustomers, savedCards, type SavedCardRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { PaymentProviderContext } from './stripe-client';

/**
 * Saved cards (issue 27, decision 045). A row holds the provider's payment method id and what the customer
 * recognises a card by: brand, last four digits, expiry. Never the number or the CVC.
 */

type Log = { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/** The payment provider this deployment charges with: saved cards of the other one cannot be used here. */
export const currentProvider = (stripe: PaymentProviderContext['stripe']): PaymentProvider => (stripe ? 'stripe' : 'sandbox');

export function toSavedCard(row: SavedCardRow, now: Date = new Date()): SavedCard {
  return {
    id: row.id,
    brand: normaliseBrand(row.brand),
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    expired: isCardExpired(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's cards for `provider`, newest first. */
export async function listSavedCards(db: Executor, userId: string, provider: PaymentProvider): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
    .orderBy(desc(savedCards.createdAt));
  const now = new Date();
  return rows.map((row) => toSavedCard(row, now));
}

/** One of the account's own cards for `provider`; anyone else's id (or a card of the other provider) is 404. */
export async function findOwnCard(db: Executor, userId: string, cardId: string, provider: PaymentProvider): Promise<SavedCardRow> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), eq(savedCards.provider, provider)))
    .limit(1);
  if (!row) throw notFound(SAVED_CARD_MESSAGES.notFound);
  return row;
}

interface CardToSave {
  userId: string;
  provider: PaymentProvider;
  providerPaymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * Stores a card unless the account already has the same one (brand, last four, expiry) for this provider, or
 * this payment method is stored already (a repeated webhook). Returns the stored row either way.
 */
export async function storeCard(db: Executor, card: CardToSave): Promise<SavedCardRow | null> {
  if (!/^\d{4}$/.test(card.last4) || card.expMonth < 1 || card.expMonth > 12) return null;
  const [same] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.userId, card.userId),
        eq(savedCards.provider, card.provider),
        eq(savedCards.brand, card.brand),
        eq(savedCards.last4, card.last4),
        eq(savedCards.expMonth, card.expMonth),
        eq(savedCards.expYear, card.expYear),
      ),
    )
    .limit(1);
  if (same) return same;
  const [inserted] = await db
    .insert(savedCards)
    .values({ id: newId(), ...card })
    .onConflictDoNothing({ target: [savedCards.provider, savedCards.providerPaymentMethodId] })
    .returning();
  return inserted ?? null;
}

/**
 * "Save this card" on a successful sandbox payment: the brand from the number's prefix, its last four digits and
 * the expiry, under a random payment method id. The number and CVC go no further than this function.
 */
export async function saveSandboxCard(db: Executor, userId: string, input: { cardNumber: string; expiry: string }): Promise<SavedCardRow | null> {
  const digits = cardDigits(input.cardNumber);
  const expiry = parseExpiry(input.expiry);
  if (!expiry) return null;
  return storeCard(db, {
    userId,
    provider: 'sandbox',
    providerPaymentMethodId: `sbx_pm_${randomBytes(12).toString('hex')}`,
    brand: brandFromNumber(digits),
    last4: digits.slice(-4),
    expMonth: expiry.month,
    expYear: expiry.year,
  });
}

/** The account's Stripe customer, created once (the idempotency key makes a race create one) and kept in paymentCustomers. */
export async function ensureStripeCustomer(db: Executor, stripe: Stripe, userId: string): Promise<string> {
  const existing = await stripeCustomerOf(db, userId);
  if (existing) return existing;
  // Only our account id goes to Stripe: the card holder's name and e-mail stay with us.
  const customer = await stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
  await db.insert(paymentCustomers).values({ userId, provider: 'stripe', customerId: customer.id }).onConflictDoNothing();
  return (await stripeCustomerOf(db, userId)) ?? customer.id;
}

/** The account's Stripe customer id, if it has one (also read before an account is deleted, whose row goes with it). */
export async function stripeCustomerOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'stripe')))
    .limit(1);
  return row?.customerId ?? null;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * A succeeded PaymentIntent that asked to keep its card (metadata saveCard, set by "Save this card"), or a succeeded
 * SetupIntent of "Add card" (the same metadata): the card's
 * brand, last four and expiry are read from its payment method and stored for the customer's account. A Stripe
 * failure throws, so the webhook answers 500 and Stripe delivers the event again.
 */
export async function recordStripeCard(
  db: Executor,
  stripe: Stripe,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata' | 'payment_method' | 'customer'> | Pick<Stripe.SetupIntent, 'id' | 'metadata' | 'payment_method' | 'customer'>,
  log: Log,
): Promise<SavedCardRow | null> {
  if (intent.metadata?.saveCard !== 'true') return null;
  const methodId = idOf(intent.payment_method);
  const customerId = idOf(intent.customer);
  if (!methodId || !customerId) return null;
  const [owner] = await db
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, 'stripe'), eq(paymentCustomers.customerId, customerId)))
    .limit(1);
  if (!owner) {
    log.error({ paymentIntent: intent.id }, 'a saved card was asked for by a customer we do not know');
    return null;
  }
  const method = await stripe.paymentMethods.retrieve(methodId);
  if (!method.card) return null;
  return storeCard(db, {
    userId: owner.userId,
    provider: 'stripe',
    providerPaymentMethodId: method.id,
    brand: normaliseBrand(method.card.brand),
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  });
}

/** Settings → Billing "Remove": Stripe detaches the payment method from the customer first, then the row goes. */
export async function removeSavedCard(
  db: Executor,
  userId: string,
  cardId: string,
  provider: PaymentProviderContext,
): Promise<void> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .limit(1);
  if (!row) throw notFound(SAVED_CARD_MESSAGES.notFound);
  if (row.provider === 'stripe' && provider.stripe) {
    try {
      await provider.stripe.client.paymentMethods.detach(row.providerPaymentMethodId);
    } catch (err) {
      // Already gone at Stripe (detached in the dashboard): nothing left to undo there.
      const code = (err as { code?: string }).code;
      if (code !== 'resource_missing' && code !== 'payment_method_unexpected_state') {
        provider.log.error({ err, cardId }, 'Stripe refused to detach a saved card');
        throw new HttpError(502, SAVED_CARD_MESSAGES.removeFailed);
      }
    }
  }
  await db.delete(savedCards).where(and(eq(savedCards.id, row.id), eq(savedCards.userId, userId)));
}

/** Account deletion (decision 045): the Stripe customer and its saved cards go too. Best effort: logged if refused. */
export async function deleteStripeCustomer(customerId: string, provider: PaymentProviderContext): Promise<void> {
  if (!provider.stripe) return;
  try {
    await provider.stripe.client.customers.del(customerId);
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') return;
    provider.log.error({ err, customerId }, 'Stripe refused to delete the customer of a deleted account');
  }
}
