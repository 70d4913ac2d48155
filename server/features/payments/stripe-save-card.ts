import type Stripe from 'stripe';
import type { CurrentUser } from '../../../shared/auth.schema';
import { PAYMENT_MESSAGES } from '../../../shared/payment.schema';
import type { StripeSaveCardInput } from '../../../shared/saved-cards.schema';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { payablePayment } from './payable-payment';
import { ensureStripeCustomer } from './saved-cards';
import type { PaymentProviderContext } from './stripe-client';

/**
 * "Save this card" with Stripe (decision 045): Stripe's save-during-payment flow. Ticked, the checkout's
 * PaymentIntent gets the account's Stripe customer, `setup_future_usage` and metadata saveCard=true, so the
 * confirmed card is attached to the customer and the webhook records its brand, last four and expiry.
 * Unticked again before paying, both are cleared. The browser then refreshes the Payment Element (fetchUpdates).
 */
export async function chooseStripeSaveCard(
  db: Database,
  user: CurrentUser,
  input: StripeSaveCardInput,
  stripe: { client: Stripe; log: PaymentProviderContext['log'] },
): Promise<{ save: boolean }> {
  const intentId = (await payablePayment(db, user.id, input.clientSecret, 'stripe')).providerPaymentId;
  try {
    if (input.save) {
      const customer = await ensureStripeCustomer(db, stripe.client, user.id);
      await stripe.client.paymentIntents.update(intentId, {
        customer,
        setup_future_usage: 'on_session',
        metadata: { saveCard: 'true' },
      });
    } else {
      await stripe.client.paymentIntents.update(intentId, { setup_future_usage: '', metadata: { saveCard: '' } });
    }
  } catch (err) {
    stripe.log.error({ err, paymentIntent: intentId }, 'Stripe refused to update the PaymentIntent for a saved card');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  return { save: input.save };
}
