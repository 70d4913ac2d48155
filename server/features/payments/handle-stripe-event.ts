import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import type { MailSettings } from '../../mail/settings';
import { markPaymentFailed } from './mark-payment-failed';
import { markPaymentSucceeded } from './mark-payment-succeeded';

type Log = Parameters<typeof markPaymentSucceeded>[3] & { info: (obj: object, msg: string) => void };

/** A verified Stripe event. The payload is a hint checked against our own records, never trusted for the price. */
export async function handleStripeEvent(db: Database, mail: MailSettings, event: Stripe.Event, log: Log): Promise<void> {
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const outcome = await markPaymentSucceeded(
      db,
      mail,
      {
        provider: 'stripe',
        providerPaymentId: intent.id,
        amountPence: intent.amount_received,
        currency: intent.currency,
        eventId: event.id,
        eventType: event.type,
      },
      log,
    );
    log.info({ eventId: event.id, paymentIntent: intent.id, outcome }, 'stripe payment_intent.succeeded');
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
