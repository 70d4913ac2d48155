import type Stripe from 'stripe';
import type { PaymentCard } from './mark-payment-succeeded';

interface Log {
  warn: (obj: object, msg: string) => void;
}

/** The card of a charge, when it was paid by card. */
function cardOfCharge(charge: Pick<Stripe.Charge, 'payment_method_details'> | null | undefined): PaymentCard | null {
  const card = charge?.payment_method_details?.card;
  return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

/**
 * The card a succeeded PaymentIntent was paid with (issue 45: the receipt names it), from its charge: the event's
 * `latest_charge` when Stripe expanded it, else the charge retrieved by id. Best effort: a failed look-up is logged
 * and the payment is recorded all the same, its document without the card (the money must not wait on it).
 */
export async function stripeCardOfIntent(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'latest_charge'>,
  log: Log,
  stripe?: Stripe,
): Promise<PaymentCard | null> {
  const charge = intent.latest_charge;
  if (!charge) return null;
  if (typeof charge !== 'string') return cardOfCharge(charge);
  if (!stripe) return null;
  try {
    return cardOfCharge(await stripe.charges.retrieve(charge));
  } catch (err) {
    log.warn({ err, paymentIntent: intent.id }, 'the card of a Stripe payment could not be read: its document names none');
    return null;
  }
}
