import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentProvider } from '../../../shared/payment.schema';
import { normaliseBrand } from '../../../shared/saved-cards.schema';
import type { Executor } from '../../db/client';
import { paymentEvents, payments, submissions } from '../../db/schema';
import { markOrderPaid } from '../orders';
import type { FeatureContext } from '../context';
import { issuePaymentDocument } from '../billing-documents';

export interface PaymentSucceededEvent {
  provider: PaymentProvider;
  providerPaymentId: string;
  /** What the provider says it received, in the smallest unit of `currency`. */
  amountPence: number;
  currency: string;
  /** The provider's event id: an event is processed once, however often it is delivered. */
  eventId: string;
  eventType?: string;
  /** The card that paid, when the provider said (issue 45): printed on the receipt or invoice. */
  card?: PaymentCard | null;
}

/** A card as a receipt names it: its brand (one of ours, saved-cards.schema) and last four digits. */
export interface PaymentCard {
  brand: string;
  last4: string;
}

/** Only a well-formed card is stored: a known brand word and four digits, whatever the provider sent. */
function cardColumns(card: PaymentCard | null | undefined): { cardBrand: string; cardLast4: string } | Record<string, never> {
  if (!card || !/^\d{4}$/.test(card.last4)) return {};
  return { cardBrand: normaliseBrand(card.brand), cardLast4: card.last4 };
}

/** What a succeeded Stripe PaymentIntent received: an order's or a credit pack's payment, as the ledger names it. */
export const stripeIntentReceived = (intent: { id: string; amount_received: number; currency: string }) => ({
  provider: 'stripe' as const,
  providerPaymentId: intent.id,
  amountPence: intent.amount_received,
  currency: intent.currency,
});

export type PaymentSucceededOutcome =
  | 'paid'
  | 'duplicate-event'
  | 'unknown-payment'
  | 'amount-mismatch'
  | 'already-paid';

interface Logger {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * The ONLY way a submission becomes `paid` (Stripe webhook and sandbox confirm both come here). One transaction:
 * record the event (a repeat stops here), lock the payment, check the amount and currency against the stored
 * order, then move a `new` submission to `paid` through the one "mark paid" (server/features/orders).
 */
export async function markPaymentSucceeded(
  db: Executor,
  context: FeatureContext,
  event: PaymentSucceededEvent,
  log?: Logger,
): Promise<PaymentSucceededOutcome> {
  return db.transaction(async (tx) => {
    const payment = (
      await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, event.provider), eq(payments.providerPaymentId, event.providerPaymentId)))
        .for('update')
        .limit(1)
    )[0];
    // Not ours (yet): leave the event unrecorded so a redelivery can still be processed.
    if (!payment) {
      log?.warn({ providerPaymentId: event.providerPaymentId }, 'payment succeeded for an unknown payment');
      return 'unknown-payment';
    }

    // Already counted: a saved-card payment is marked paid from Stripe's own answer, and its webhook then finds
    // the payment succeeded; a second click or confirm waited on the lock above (decision 045). One payment
    // succeeds once.
    if (payment.status === 'succeeded') return 'already-paid';

    const inserted = await tx
      .insert(paymentEvents)
      .values({ id: event.eventId, provider: event.provider, type: event.eventType ?? 'payment_intent.succeeded' })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0) return 'duplicate-event';

    const currency = event.currency.toLowerCase();
    if (event.amountPence !== payment.amountPence || currency !== payment.currency) {
      log?.error(
        {
          paymentId: payment.id,
          expected: { amount: payment.amountPence, currency: payment.currency },
          received: { amount: event.amountPence, currency },
        },
        'payment amount or currency does not match the order: not marked paid',
      );
      await tx
        .update(payments)
        .set({ status: 'amount_mismatch', failureMessage: `Received ${event.amountPence} ${currency}`, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      return 'amount-mismatch';
    }

    await tx
      .update(payments)
      .set({ status: 'succeeded', failureMessage: null, succeededAt: new Date(), updatedAt: new Date(), ...cardColumns(event.card) })
      .where(eq(payments.id, payment.id));

    const submission = (
      await tx.select().from(submissions).where(eq(submissions.id, payment.submissionId)).for('update').limit(1)
    )[0];
    if (!submission || submission.status !== 'new') {
      // A second successful payment for one order: keep the record so it can be refunded.
      log?.warn({ paymentId: payment.id, submissionId: payment.submissionId }, 'payment succeeded for an order already paid');
      // Money moved all the same: it gets its receipt or VAT invoice (decision 044).
      await issuePaymentDocument(tx, context.billing, payment.id);
      return 'already-paid';
    }

    // The submission row is locked above, so the move cannot race; markOrderPaid is idempotent all the same.
    return (await markOrderPaid(tx, context, submission, 'payment')) ? 'paid' : 'already-paid';
  });
}

/** A sandbox payment succeeds at once: its success event, with an event id of its own (card form and saved card). */
export function markSandboxPaymentSucceeded(
  db: Executor,
  context: FeatureContext,
  payment: { providerPaymentId: string; amountPence: number; currency: string },
  log?: Logger,
  card?: PaymentCard | null,
): Promise<PaymentSucceededOutcome> {
  const { providerPaymentId, amountPence, currency } = payment;
  return markPaymentSucceeded(db, context, { provider: 'sandbox', providerPaymentId, amountPence, currency, eventId: `sbx_evt_${randomUUID()}`, card }, log);
}
