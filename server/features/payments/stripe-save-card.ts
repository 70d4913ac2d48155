import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CurrentUser } from '../../../shared/auth.schema';
import { PAYMENT_MESSAGES } from '../../../shared/payment.schema';
import type { StripeSaveCardInput } from '../../../shared/saved-cards.schema';
import type { Database } from '../../db/client';
import { payments, submissions } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { customerCanSee } from '../submissions';
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
  const [found] = await db
    .select({ payment: payments, status: submissions.status })
    .from(payments)
    // Whoever may pay the order (its owner, or a member of its organisation) may save their own card with it.
    .innerJoin(submissions, and(eq(submissions.id, payments.submissionId), customerCanSee(user.id)))
    .where(eq(payments.clientSecret, input.clientSecret))
    .limit(1);
  if (!found || found.payment.provider !== 'stripe') throw notFound('Payment not found');
  if (found.status !== 'new' || found.payment.status === 'succeeded') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  const intentId = found.payment.providerPaymentId;
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
