import type { Executor } from '../../db/client';
import type { SubmissionRow } from '../../db/schema';
import { notifyPaymentReceived } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { transition } from './transition';
import { QUEUES } from '../../jobs/queues';

/**
 * The one "mark paid", for card payments (Stripe and the sandbox, server/features/payments) and credit
 * (server/features/credit): new → paid with its paid date and due date, history, event, webhook and the payment
 * e-mails, in the caller's transaction. Idempotent: an order that is no longer new (a second event, a second
 * tab) returns null and changes nothing.
 */
export async function markOrderPaid(tx: Executor, mail: MailSettings, order: SubmissionRow, reason: string): Promise<SubmissionRow | null> {
  if (order.status !== 'new') return null;
  const paid = await transition(tx, order, 'paid', { kind: 'system', userId: null }, reason, { jobs: mail.jobs });
  if (paid) {
    await notifyPaymentReceived(mail, tx, paid);
    // The suggested claims and the link checks of its text, by the job runner (issue 23); queued with the payment.
    await mail.jobs.sendInTransaction(tx, QUEUES.suggestClaims);
    await mail.jobs.sendInTransaction(tx, QUEUES.checkLinks);
  }
  return paid;
}
