import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { CurrentUser } from '../../../shared/auth.schema';
import { PAYMENT_MESSAGES } from '../../../shared/payment.schema';
import {
  isCardExpired,
  SAVED_CARD_MESSAGES,
  type PayWithSavedCardInput,
  type PayWithSavedCardResponse,
} from '../../../shared/saved-cards.schema';
import { CURRENCY } from '../../../shared/pricing';
import type { Database } from '../../db/client';
import { payments, submissions, type SavedCardRow, type SubmissionRow } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-error';
import type { FeatureContext } from '../context';
import { getAccessibleOrder } from '../customer-orders';
import { createSandboxIntent, recordStripeIntent } from './create-payment-intent';
import { markPaymentFailed } from './mark-payment-failed';
import {
  markPaymentSucceeded,
  markSandboxPaymentSucceeded,
  stripeIntentReceived,
  type PaymentSucceededOutcome,
} from './mark-payment-succeeded';
import { currentProvider, ensureStripeCustomer, findOwnCard } from './saved-cards';
import type { PaymentProviderContext } from './stripe-client';

type Log = Parameters<typeof markPaymentSucceeded>[3] & PaymentProviderContext['log'];

/** What "paid" answers: the order is paid, or someone (a double click, a second tab) paid it first. */
function answerOf(outcome: PaymentSucceededOutcome, submissionId: string): PayWithSavedCardResponse {
  if (outcome === 'paid') return { status: 'succeeded', submissionId };
  if (outcome === 'already-paid' || outcome === 'duplicate-event') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  throw new HttpError(500, 'The payment could not be recorded.');
}

/**
 * One click at checkout (decision 045): pays the order's stored price with one of the account's saved cards.
 * The amount is never the client's. The order becomes paid through markPaymentSucceeded, like every payment.
 */
export async function payWithSavedCard(
  db: Database,
  context: FeatureContext,
  user: CurrentUser,
  input: PayWithSavedCardInput,
  provider: { stripe: PaymentProviderContext['stripe']; log: Log },
): Promise<PayWithSavedCardResponse> {
  // Whoever may see the order as a customer pays it (its owner, or a member of its organisation: decision 047),
  // with their own cards; an admin is treated like anyone else here (as in createPaymentIntent).
  const submission = await getAccessibleOrder(db, input.submissionId, { id: user.id, isAdmin: false });
  const card = await findOwnCard(db, user.id, input.cardId, currentProvider(provider.stripe));
  if (submission.status !== 'new') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (isCardExpired(card)) throw new HttpError(402, SAVED_CARD_MESSAGES.expired);
  return provider.stripe
    ? payWithStripe(db, context, user, submission, card, { client: provider.stripe.client, log: provider.log })
    : payWithSandbox(db, context, submission, card, provider.log);
}

/**
 * The sandbox charges a saved card at once. The order row is locked first, so a double click or a second tab
 * waits here and then finds the order paid: one payment, one 409.
 */
async function payWithSandbox(db: Database, context: FeatureContext, submission: SubmissionRow, card: SavedCardRow, log: Log): Promise<PayWithSavedCardResponse> {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, submission.id)).for('update');
    if (!locked || locked.status !== 'new') return 'already-paid' as const;
    const clientSecret = await createSandboxIntent(tx, submission);
    const [payment] = await tx.select().from(payments).where(eq(payments.clientSecret, clientSecret)).limit(1);
    if (!payment) throw new HttpError(500, 'The payment could not be recorded.');
    return markSandboxPaymentSucceeded(tx, context, payment, log, card);
  });
  return answerOf(outcome, submission.id);
}

/**
 * Stripe: a PaymentIntent for the stored price with the customer and the saved payment method, confirmed at once.
 * The idempotency key names the order, card, price and how many saved-card attempts failed before: a double click
 * or a second tab sends the same key and gets the same intent (one charge, and the second answer is a 409), while
 * a retry after a decline is a new attempt.
 */
async function payWithStripe(
  db: Database,
  context: FeatureContext,
  user: CurrentUser,
  submission: SubmissionRow,
  card: SavedCardRow,
  stripe: { client: Stripe; log: Log },
): Promise<PayWithSavedCardResponse> {
  const [attempts] = await db
    .select({ failed: count() })
    .from(payments)
    .where(and(eq(payments.submissionId, submission.id), eq(payments.provider, 'stripe'), eq(payments.status, 'failed')));
  const failed = attempts?.failed ?? 0;
  let intent: Stripe.PaymentIntent;
  try {
    const customer = await ensureStripeCustomer(db, stripe.client, user.id);
    intent = await stripe.client.paymentIntents.create(
      {
        amount: submission.amountPence,
        currency: CURRENCY,
        customer,
        payment_method: card.providerPaymentMethodId,
        // Confirmed here, with no page to return to: a method that would redirect is refused, not started.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        metadata: { submissionId: submission.id, savedCardId: card.id },
      },
      { idempotencyKey: `saved-card-${submission.id}-${card.id}-${submission.amountPence}-${failed}` },
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      const declined = err.payment_intent;
      const message = err.message || PAYMENT_MESSAGES.declined;
      if (declined) {
        await recordStripeIntent(db, submission, declined);
        await markPaymentFailed(db, { provider: 'stripe', providerPaymentId: declined.id, message });
      }
      throw new HttpError(402, message);
    }
    // The same click still being processed (a double click): the first one answers.
    if (err instanceof Stripe.errors.StripeIdempotencyError) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
    stripe.log.error({ err, submissionId: submission.id }, 'Stripe refused a saved-card payment');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  await recordStripeIntent(db, submission, intent);

  if (intent.status === 'succeeded' || intent.status === 'processing') {
    if (intent.status === 'processing') {
      // Rare for cards: the order becomes paid when the webhook reports the success.
      return { status: 'succeeded', submissionId: submission.id };
    }
    const outcome = await markPaymentSucceeded(
      db,
      context,
      // Stripe's answer to our own authenticated call; the webhook that follows finds the payment succeeded.
      // The saved card is the one charged: its brand and last four digits go on the receipt (issue 45).
      { ...stripeIntentReceived(intent), eventId: `confirm_${intent.id}`, eventType: 'saved_card.confirmed', card },
      stripe.log,
    );
    return answerOf(outcome, submission.id);
  }

  // 3-D Secure (or any other step) needs the customer in Stripe's own form: this intent is given up, and the
  // checkout shows the card form, whose Payment Element can authenticate.
  try {
    await stripe.client.paymentIntents.cancel(intent.id);
  } catch (err) {
    stripe.log.error({ err, paymentIntent: intent.id }, 'Stripe refused to cancel a saved-card PaymentIntent');
  }
  await markPaymentFailed(db, { provider: 'stripe', providerPaymentId: intent.id, message: SAVED_CARD_MESSAGES.needsAuthentication });
  return { status: 'requires_action', message: SAVED_CARD_MESSAGES.needsAuthentication };
}
