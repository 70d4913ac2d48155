/**
 * Notifications the rest of the server raises. Each is called INSIDE the transaction of the change that
 * causes it (pass the transaction as `tx`), so the e-mail is recorded if and only if the change commits.
 * Delivery happens later in the outbox worker; these functions never send anything themselves.
 *
 * STUB: the notifications issue fills these in (templates, recipients, outbox rows). The signatures are the
 * contract the other features call.
 */
import type { Executor } from '../db/client';
import type { SubmissionRow, MessageRow } from '../db/schema';

export interface ContactMessageInput {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

/** To the customer (payment received: id, tier, words, amount, due date) and the team (new paid submission). */
export async function notifyPaymentReceived(_tx: Executor, _submission: SubmissionRow): Promise<void> {}

/** To the customer: a reviewer has started on the order. */
export async function notifyReviewStarted(_tx: Executor, _submission: SubmissionRow): Promise<void> {}

/** To the customer: the review is complete (link to the dashboard). */
export async function notifyReviewCompleted(_tx: Executor, _submission: SubmissionRow): Promise<void> {}

/** A new message: from the team → the customer; from the customer → the team. */
export async function notifyNewMessage(_tx: Executor, _message: MessageRow, _submission: SubmissionRow): Promise<void> {}

/** To the team: a contact-form message. */
export async function notifyContactMessage(_tx: Executor, _contact: ContactMessageInput): Promise<void> {}
