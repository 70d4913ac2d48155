import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type PaymentProvider } from '../../../shared/payment.schema';
import type { Database } from '../../db/client';
import { payments, submissions } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { customerCanSee } from '../customer-orders';

/**
 * The checkout's payment by its client secret, still to be paid, with `provider`: whoever may see its order as a
 * customer may pay it and save their own card with it (decision 047: a member pays an order of their organisation).
 * 404 when there is none the user may see, 409 when the order is already paid.
 */
export async function payablePayment(db: Database, userId: string, clientSecret: string, provider: PaymentProvider) {
  const [found] = await db
    .select({ payment: payments, status: submissions.status })
    .from(payments)
    .innerJoin(submissions, and(eq(submissions.id, payments.submissionId), customerCanSee(userId)))
    .where(eq(payments.clientSecret, clientSecret))
    .limit(1);
  if (!found || found.payment.provider !== provider) throw notFound('Payment not found');
  if (found.status !== 'new' || found.payment.status === 'succeeded') throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  return found.payment;
}
