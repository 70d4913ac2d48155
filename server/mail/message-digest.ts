import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailOutbox, messages, type MessageRow } from '../db/schema';
import { QUEUES } from '../jobs/queues';
import type { JobSender } from '../jobs/runner';
import { newId } from '../lib/ids';
import { enqueueEmail } from './outbox';
import { teamAddresses } from './recipients';
import type { RenderedEmail } from './templates/layout';

/** The team hears of one order's customer messages at most once per window of this many minutes (decision 054). */
export const MESSAGE_DIGEST_MINUTES = 15;
const WINDOW_MS = MESSAGE_DIGEST_MINUTES * 60_000;

/** A customer message as the team's e-mail quotes it. */
export type DigestMessage = Pick<MessageRow, 'content' | 'createdAt' | 'attachmentUrl'>;

/**
 * Tells every team address about a customer message, collecting a burst into one e-mail per order and window
 * (decision 054). Windows are fixed 15-minute slots; each address has at most one e-mail per order and slot
 * (dedupe key `customer-message:<order>:<slot>:<address>`):
 * - no e-mail in this slot yet: one goes at once (the first message of a quiet order is news straight away);
 * - this slot's e-mail is still waiting (no worker has taken it): the message joins it, re-rendered;
 * - this slot's e-mail is on its way or sent: the message goes into the next slot's, due when that slot opens.
 * An e-mail covers the order's customer messages written since its own creation time (the first one it reported),
 * so each message is in exactly one e-mail; sendMessage writes one order's customer messages one at a time,
 * stamped when written, which keeps that true under concurrent sends.
 */
export async function emailTeamInDigest(
  jobs: JobSender,
  adminEmails: readonly string[],
  tx: Executor,
  message: MessageRow,
  render: (covered: DigestMessage[]) => RenderedEmail,
): Promise<void> {
  const slot = Math.floor(message.createdAt.getTime() / WINDOW_MS);
  for (const to of await teamAddresses(tx, adminEmails)) {
    const placed = (await addToSlot(jobs, tx, message, render, to, slot, 'at once')) || (await addToSlot(jobs, tx, message, render, to, slot + 1, 'when it opens'));
    // Both slots taken already (a worker's clock ahead of the database's): the message is told on its own.
    if (!placed) await enqueueEmail(jobs, tx, { kind: 'customer-message', to, eventId: message.id, email: render([message]) });
  }
}

async function addToSlot(
  jobs: JobSender,
  tx: Executor,
  message: MessageRow,
  render: (covered: DigestMessage[]) => RenderedEmail,
  to: string,
  slot: number,
  due: 'at once' | 'when it opens',
): Promise<boolean> {
  const dedupeKey = `customer-message:${message.submissionId}:${slot}:${to}`;
  const opens = new Date(slot * WINDOW_MS);
  const [existing] = await tx
    .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts, nextAttemptAt: emailOutbox.nextAttemptAt, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, dedupeKey))
    .for('update');
  if (!existing) {
    // Its creation time is the message's, to the microsecond: the start of what it covers.
    const since = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${message.id})`;
    const email = render([message]);
    await tx.insert(emailOutbox).values({
      id: newId(),
      kind: 'customer-message',
      toAddress: to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      dedupeKey,
      createdAt: since,
      nextAttemptAt: due === 'at once' ? since : opens,
    });
    await jobs.sendInTransaction(tx, QUEUES.mail);
    return true;
  }
  // Still waiting: due when it was queued (a worker's claim moves next_attempt_at to a lease), never tried.
  const waiting =
    existing.status === 'pending' &&
    existing.attempts === 0 &&
    (existing.nextAttemptAt.getTime() === existing.createdAt.getTime() || existing.nextAttemptAt.getTime() === opens.getTime());
  if (!waiting) return false;
  const covered = await tx
    .select({ content: messages.content, createdAt: messages.createdAt, attachmentUrl: messages.attachmentUrl })
    .from(messages)
    .where(
      and(
        eq(messages.submissionId, message.submissionId),
        eq(messages.isFromAdmin, false),
        gte(messages.createdAt, sql`(select ${emailOutbox.createdAt} from ${emailOutbox} where ${emailOutbox.id} = ${existing.id})`),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const email = render(covered);
  await tx.update(emailOutbox).set({ subject: email.subject, textBody: email.text, htmlBody: email.html }).where(eq(emailOutbox.id, existing.id));
  return true;
}
