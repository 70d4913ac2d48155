import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CurrentUser } from '../../../shared/auth.schema';
import { penceToPounds } from '../../../shared/money';
import { PAYMENT_MESSAGES, type PaymentIntentResponse } from '../../../shared/payment.schema';
import { CURRENCY } from '../../../shared/pricing';
import type { Database, Executor } from '../../db/client';
import { payments, type SubmissionRow } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { getAccessibleOrder } from '../customer-orders';
import type { PaymentProviderContext } from './stripe-client';

/** Starts (or resumes) paying for a `new` submission the user owns. The amount is the stored one, never the client's. */
export async function createPaymentIntent(
  db: Database,
  user: CurrentUser,
  submissionId: string,
  provider: PaymentProviderContext,
): Promise<PaymentIntentResponse> {
  // Only the owner pays: an admin is treated like anyone else here.
  const submission = await getAccessibleOrder(db, submissionId, { id: user.id, isAdmin: false });
  if (submission.status !== 'new') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  const clientSecret = provider.stripe
    ? await createStripeIntent(db, submission, provider.stripe.client, provider.log)
    : await createSandboxIntent(db, submission);
  return {
    clientSecret,
    provider: provider.stripe ? 'stripe' : 'sandbox',
    amount: penceToPounds(submission.amountPence),
    amountPence: submission.amountPence,
    publishableKey: provider.stripe?.settings.publishableKey ?? null,
  };
}

/** One open sandbox payment per submission: reloading checkout reuses it (and so does a saved card, decision 045). */
export async function createSandboxIntent(db: Executor, submission: SubmissionRow): Promise<string> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.submissionId, submission.id),
          eq(payments.provider, 'sandbox'),
          inArray(payments.status, ['requires_payment', 'failed']),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1)
      .for('update');
    if (open && open.amountPence === submission.amountPence && open.currency === CURRENCY) {
      if (open.status === 'failed') {
        await tx
          .update(payments)
          .set({ status: 'requires_payment', failureMessage: null, updatedAt: new Date() })
          .where(eq(payments.id, open.id));
      }
      return open.clientSecret;
    }
    const providerPaymentId = `sbx_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${providerPaymentId}_secret_${randomBytes(16).toString('hex')}`;
    await tx.insert(payments).values({
      id: newId(),
      submissionId: submission.id,
      provider: 'sandbox',
      providerPaymentId,
      clientSecret,
      amountPence: submission.amountPence,
      currency: CURRENCY,
      status: 'requires_payment',
    });
    return clientSecret;
  });
}

/** A PaymentIntent for the stored amount; the idempotency key makes a reload reuse the same intent. */
async function createStripeIntent(
  db: Database,
  submission: SubmissionRow,
  stripe: Stripe,
  log: PaymentProviderContext['log'],
): Promise<string> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: submission.amountPence,
        currency: CURRENCY,
        metadata: { submissionId: submission.id },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: `submission-${submission.id}-${submission.amountPence}` },
    );
  } catch (err) {
    log.error({ err, submissionId: submission.id }, 'Stripe refused to create a PaymentIntent');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  if (!intent.client_secret) throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  await recordStripeIntent(db, submission, intent);
  return intent.client_secret;
}

/** The payments row of a PaymentIntent made for an order (a repeat of the same intent adds nothing). */
export async function recordStripeIntent(db: Executor, submission: Pick<SubmissionRow, 'id'>, intent: Stripe.PaymentIntent): Promise<void> {
  await db
    .insert(payments)
    .values({
      id: newId(),
      submissionId: submission.id,
      provider: 'stripe',
      providerPaymentId: intent.id,
      clientSecret: intent.client_secret ?? '',
      amountPence: intent.amount,
      currency: intent.currency,
      status: 'requires_payment',
    })
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] });
}
