import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import type { FeatureContext } from '../context';
import { markPaymentFailed } from './mark-payment-failed';
import { markPaymentSucceeded, stripeIntentReceived } from './mark-payment-succeeded';
import { recordProviderRefunds } from './refunds';
import { recordStripeCard } from './saved-cards';
import { stripeCardOfIntent } from './stripe-card-of-intent';
import { markCreditPurchaseSucceeded } from '../credit';

type Log = Parameters<typeof markPaymentSucceeded>[3] & { info: (obj: object, msg: string) => void };

/** A verified Stripe event. The payload is a hint checked against our own records, never trusted for the price. */
export async function handleStripeEvent(
  db: Database,
  context: FeatureContext,
  event: Stripe.Event,
  log: Log,
  stripe?: Stripe,
): Promise<void> {
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    if (intent.metadata?.creditPurchaseId) {
      // A credit pack (decision 024), not an order.
      const credited = await markCreditPurchaseSucceeded(db, stripeIntentReceived(intent), context.billing);
      log.info({ eventId: event.id, paymentIntent: intent.id, outcome: credited }, 'stripe credit purchase succeeded');
      return;
    }
    const outcome = await markPaymentSucceeded(
      db,
      context,
      { ...stripeIntentReceived(intent), eventId: event.id, eventType: event.type, card: await stripeCardOfIntent(intent, log, stripe) },
      log,
    );
    log.info({ eventId: event.id, paymentIntent: intent.id, outcome }, 'stripe payment_intent.succeeded');
    // "Save this card" (decision 045): on every delivery, so a failed look-up is retried with Stripe's redelivery.
    if (stripe) await recordStripeCard(db, stripe, intent, log);
    return;
  }
  if (event.type === 'setup_intent.succeeded') {
    // "Add card" in Settings (decision 045): a card saved without a payment.
    if (stripe) await recordStripeCard(db, stripe, event.data.object, log);
    return;
  }
  if (event.type === 'charge.refunded') {
    // A refund made in Stripe's dashboard, or the echo of ours: counted once per Stripe refund id (decision 018).
    const charge = event.data.object;
    const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intent) return;
    const outcome = await recordProviderRefunds(db, {
      provider: 'stripe',
      providerPaymentId: intent,
      chargeId: charge.id,
      amountRefunded: charge.amount_refunded,
      refunds: charge.refunds?.data
        ? charge.refunds.data.map((r) => ({ id: r.id, amount: r.amount, status: r.status }))
        : null,
    });
    log.info({ eventId: event.id, paymentIntent: intent, outcome }, 'stripe charge.refunded');
    return;
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    await markPaymentFailed(db, {
      provider: 'stripe',
      providerPaymentId: intent.id,
      message: intent.last_payment_error?.message ?? 'The payment failed.',
      eventId: event.id,
      eventType: event.type,
    });
  }
}
