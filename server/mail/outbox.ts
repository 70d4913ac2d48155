import type { Executor } from '../db/client';
import { emailOutbox } from '../db/schema';
import { newId } from '../lib/ids';
import { QUEUES } from '../jobs/queues';
import type { JobSender } from '../jobs/runner';
import { headerSafe, normaliseAddress } from './format';
import type { RenderedEmail } from './templates/layout';

export type EmailKind =
  | 'payment-received'
  | 'new-paid-submission'
  | 'review-started'
  | 'review-completed'
  | 'team-message'
  | 'customer-message'
  | 'contact-message'
  | 'password-reset'
  | 'verify-email'
  | 'change-email'
  | 'sign-up-attempt'
  | 'order-cancelled'
  | 'order-cancelled-team'
  | 'refund-issued'
  | 'revision-requested-team'
  | 'team-invitation'
  | 'organisation-invitation'
  | 'webhook-disabled'
  | 'due-soon'
  | 'order-audited';

export interface QueuedEmail {
  kind: EmailKind;
  to: string;
  email: RenderedEmail;
  /** The event this e-mail reports (submission, message or contact id): with kind and recipient, its identity. */
  eventId: string;
  replyTo?: { name: string; email: string } | null;
}

/** `"Name" <address>` with nothing in the name that could break out of the quotes or the header line. */
export function formatReplyTo(replyTo: { name: string; email: string } | null | undefined): string | null {
  if (!replyTo) return null;
  const address = normaliseAddress(replyTo.email);
  if (!address) return null;
  const name = headerSafe(replyTo.name, 100).replace(/["\\<>]/g, '').trim();
  return name ? `"${name}" <${address}>` : address;
}

/**
 * Records one e-mail in the outbox through the caller's transaction, with a delivery round for the job runner in
 * the same transaction: both exist exactly when the change commits. The same event raised twice for the same
 * recipient is queued once (dedupe key). An invalid recipient is recorded as failed rather than failing the change.
 */
export async function enqueueEmail(jobs: JobSender, tx: Executor, queued: QueuedEmail): Promise<void> {
  const to = normaliseAddress(queued.to);
  const toAddress = to ?? headerSafe(queued.to, 254);
  await tx
    .insert(emailOutbox)
    .values({
      id: newId(),
      kind: queued.kind,
      toAddress,
      subject: headerSafe(queued.email.subject, 180),
      textBody: queued.email.text,
      htmlBody: queued.email.html,
      replyTo: formatReplyTo(queued.replyTo),
      dedupeKey: `${queued.kind}:${queued.eventId}:${toAddress}`,
      status: to ? 'pending' : 'failed',
      lastError: to ? null : 'Invalid recipient address',
    })
    .onConflictDoNothing();
  if (to) await jobs.sendInTransaction(tx, QUEUES.mail);
}
