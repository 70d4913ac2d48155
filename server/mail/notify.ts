import type { LateDeliveryFacts } from '../../shared/on-time-guarantee.schema';
/**
 * Notifications the rest of the server raises. Each is called INSIDE the transaction of the change that
 * causes it (pass the transaction as `tx`), so the e-mail is recorded if and only if the change commits, and
 * with the row that change wrote (its paid date, due date and amount are what the e-mail shows). The app's mail
 * settings (`app.mail`) are passed in explicitly. Delivery happens later in a `mail.deliver` round (delivery.ts); these
 * functions never send anything themselves.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { factCheckClaims, type MessageRow, type SubmissionRow } from '../db/schema';
import { countVerdicts, type Verdict } from '../../shared/fact-check.schema';
import { DUE_SOON_HOURS, reviewedTextOf } from '../../shared/review.schema';
import { statusLabel } from '../../shared/submission-status';
import { diffWords, wordsChanged, type DiffPart } from '../../shared/text-diff';
import { newId } from '../lib/ids';
import { enqueueEmail, type EmailKind, type QueuedEmail } from './outbox';
import { findAccount, findOrderCustomer, teamAddresses } from './recipients';
import type { MailSettings } from './settings';
import {
  paymentReceivedEmail,
  reviewCompletedEmail,
  orderAuditedEmail,
  reviewStartedEmail,
  teamMessageEmail,
  type DeliverySummary,
} from './templates/customer';
import { changeEmailEmail, passwordResetEmail, signUpAttemptEmail, teamInvitationEmail, verifyEmailEmail } from './templates/account';
import { organisationInvitationEmail } from './templates/organisation';
import { contactMessageEmail, customerMessageEmail, customerMessagesEmail, dueSoonEmail, newPaidSubmissionEmail } from './templates/team';
import { emailTeamInDigest } from './message-digest';
import type { OrderView } from './templates/views';
import type { RenderedEmail } from './templates/layout';
import {
  orderCancelledEmail,
  orderCancelledTeamEmail,
  refundIssuedEmail,
  revisionRequestedTeamEmail,
} from './templates/after-payment';

export interface ContactMessageInput {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

function orderView(s: SubmissionRow): OrderView {
  return {
    id: s.id,
    title: s.title,
    serviceTier: s.serviceTier,
    wordCount: s.wordCount,
    amountPence: s.amountPence,
    fastTurnaround: s.fastTurnaround,
    dueDate: s.dueDate,
  };
}

/** One e-mail to every team address (administrators plus ADMIN_EMAILS, each once), for one event. */
async function emailTeam(
  settings: MailSettings,
  tx: Executor,
  queued: Omit<QueuedEmail, 'to'>,
  extra: Iterable<string> = [],
): Promise<void> {
  const addresses = new Set([...(await teamAddresses(tx, settings.adminEmails)), ...extra]);
  for (const to of addresses) await enqueueEmail(settings.jobs, tx, { ...queued, to });
}

/** The customer as the team's e-mails name them: the account's name and address, else the order's contact. */
function customerOf(owner: Awaited<ReturnType<typeof findAccount>>, s: SubmissionRow): { name: string; email: string } {
  return { name: owner?.name || s.contactName, email: owner?.email ?? s.contactEmail };
}

/**
 * One event that tells both sides: the account owner (when there is one) and every team address. `forOwner` and
 * `forTeam` render each side's e-mail; the event id is the order's.
 */
async function emailOwnerAndTeam(
  settings: MailSettings,
  tx: Executor,
  s: SubmissionRow,
  owner: { kind: EmailKind; render: (firstName: string | null, order: OrderView) => RenderedEmail },
  team: { kind: EmailKind; render: (customer: { name: string; email: string }, order: OrderView) => RenderedEmail },
): Promise<void> {
  const order = orderView(s);
  const account = await findOrderCustomer(tx, s);
  if (account) {
    await enqueueEmail(settings.jobs, tx, { kind: owner.kind, to: account.email, eventId: s.id, email: owner.render(account.firstName, order) });
  }
  // The team's e-mail names who placed the order.
  await emailTeam(settings, tx, { kind: team.kind, eventId: s.id, email: team.render(customerOf(await findAccount(tx, s.userId), s), order) });
}

/** To the customer (payment received: id, tier, words, amount, due date) and the team (new paid submission). */
export async function notifyPaymentReceived(settings: MailSettings, tx: Executor, s: SubmissionRow): Promise<void> {
  await emailOwnerAndTeam(
    settings,
    tx,
    s,
    { kind: 'payment-received', render: (firstName, order) => paymentReceivedEmail(settings, { firstName, order }) },
    { kind: 'new-paid-submission', render: (customer, order) => newPaidSubmissionEmail(settings, { customer, order }) },
  );
}

/**
 * How the "review completed" e-mail reads the delivered diff: the delivery-diff feature's reader (the diff stored at
 * delivery, else one computed in its worker thread), handed in where the e-mails of a move are registered
 * (server/features/index.ts), since mail imports no feature.
 */
export type DeliveredDiffReader = (tx: Executor, order: SubmissionRow) => Promise<DiffPart[] | null>;

/** The numbers the "review completed" e-mail gives: words changed, and claims per verdict. */
async function deliverySummary(tx: Executor, s: SubmissionRow, deliveredDiff?: DeliveredDiffReader): Promise<DeliverySummary> {
  // The diff stored at delivery (issue 29): no second 3,000-word diff on the event loop.
  // Should the worker be busy or gone (or no reader be given), the e-mail still tells the truth: diff here, once.
  const here = () => {
    const reviewed = reviewedTextOf(s);
    return reviewed.trim() === '' ? null : diffWords(s.content, reviewed);
  };
  const parts = deliveredDiff ? await deliveredDiff(tx, s).catch(here) : here();
  const changed = wordsChanged(parts);
  const rows = await tx
    .select({ verdict: factCheckClaims.verdict })
    .from(factCheckClaims)
    .where(eq(factCheckClaims.submissionId, s.id));
  return { wordsChanged: changed, claims: countVerdicts(rows as { verdict: Verdict }[]), noCheckableClaims: s.noCheckableClaims };
}

async function notifyOwner(
  settings: MailSettings,
  tx: Executor,
  s: SubmissionRow,
  kind: 'review-started' | 'review-completed',
  deliveredDiff?: DeliveredDiffReader,
  lateDelivery?: LateDeliveryFacts,
): Promise<void> {
  const owner = await findOrderCustomer(tx, s);
  if (!owner) return;
  const input = { firstName: owner.firstName, order: orderView(s) };
  const email =
    kind === 'review-started'
      ? reviewStartedEmail(settings, input)
      : reviewCompletedEmail(settings, { ...input, delivery: await deliverySummary(tx, s, deliveredDiff), ...(lateDelivery ? { lateDelivery } : {}) });
  await enqueueEmail(settings.jobs, tx, { kind, to: owner.email, eventId: s.id, email });
}

/** To the customer: a reviewer has started on the order. */
export async function notifyReviewStarted(settings: MailSettings, tx: Executor, s: SubmissionRow): Promise<void> {
  await notifyOwner(settings, tx, s, 'review-started');
}

/**
 * To the customer: the review is complete (link to the dashboard), with the words the delivery changed, and when it
 * came late what the on-time guarantee refunded (decision 068).
 */
export async function notifyReviewCompleted(
  settings: MailSettings,
  tx: Executor,
  s: SubmissionRow,
  deliveredDiff?: DeliveredDiffReader,
  lateDelivery?: LateDeliveryFacts,
): Promise<void> {
  await notifyOwner(settings, tx, s, 'review-completed', deliveredDiff, lateDelivery);
}

/** A new message: from the team → the customer; from the customer → the team, in a digest per order. */
export async function notifyNewMessage(settings: MailSettings, tx: Executor, message: MessageRow, s: SubmissionRow): Promise<void> {
  const owner = await findOrderCustomer(tx, s);
  const hasAttachment = Boolean(message.attachmentUrl);
  if (message.isFromAdmin) {
    if (!owner) return;
    await enqueueEmail(settings.jobs, tx, {
      kind: 'team-message',
      to: owner.email,
      eventId: message.id,
      email: teamMessageEmail(settings, {
        firstName: owner.firstName,
        order: orderView(s),
        message: message.content,
        hasAttachment,
      }),
    });
    return;
  }
  // A burst is one e-mail per order and window (decision 054), quoting every message it covers.
  const customer = customerOf(owner, s);
  const order = orderView(s);
  await emailTeamInDigest(settings.jobs, settings.adminEmails, tx, message, (covered) =>
    covered.length === 1
      ? customerMessageEmail(settings, { customer, order, message: covered[0]!.content, hasAttachment: Boolean(covered[0]!.attachmentUrl) })
      : customerMessagesEmail(settings, { customer, order, messages: covered }),
  );
}

/** To the team: a contact-form message (Reply-To: the sender, when the address is valid). */
export async function notifyContactMessage(settings: MailSettings, tx: Executor, contact: ContactMessageInput): Promise<void> {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const email = contactMessageEmail(settings, {
    name,
    email: contact.email,
    subject: contact.subject,
    message: contact.message,
  });
  await emailTeam(settings, tx, { kind: 'contact-message', eventId: contact.id, email, replyTo: { name, email: contact.email } });
}

/** The account a link e-mail goes to: better-auth's user (e-mail and our first-name field). */
export interface AccountRecipient {
  email: string;
  firstName?: string | null;
}

/** To the account: a single-use link to choose a new password (the client page reads the token from the hash). */
export async function notifyPasswordReset(settings: MailSettings, tx: Executor, user: AccountRecipient, token: string): Promise<void> {
  await enqueueEmail(settings.jobs, tx, {
    kind: 'password-reset',
    to: user.email,
    eventId: newId(),
    email: passwordResetEmail(settings, {
      firstName: user.firstName ?? null,
      path: `/reset-password#token=${encodeURIComponent(token)}`,
    }),
  });
}

/** To the address being verified: better-auth's verify-email link, coming back to /email-verified. */
export async function notifyVerifyEmail(
  settings: MailSettings,
  tx: Executor,
  user: AccountRecipient,
  token: string,
  isChange = false,
): Promise<void> {
  const query = new URLSearchParams({ token, callbackURL: isChange ? '/email-verified?changed=1' : '/email-verified' });
  const input = { firstName: user.firstName ?? null, path: `/api/identity/verify-email?${query.toString()}` };
  await enqueueEmail(settings.jobs, tx, {
    kind: isChange ? 'change-email' : 'verify-email',
    to: user.email,
    eventId: newId(),
    email: isChange ? changeEmailEmail(settings, input) : verifyEmailEmail(settings, input),
  });
}

/** To an invited reviewer: the single-use join link (the client page reads the token from the hash). */
export async function notifyTeamInvitation(
  settings: MailSettings,
  tx: Executor,
  invitation: { id: string; email: string; inviter: string; token: string; days: number },
): Promise<void> {
  await enqueueEmail(settings.jobs, tx, {
    kind: 'team-invitation',
    to: invitation.email,
    eventId: invitation.id,
    email: teamInvitationEmail(settings, {
      inviter: invitation.inviter,
      days: invitation.days,
      path: `/team/join#token=${encodeURIComponent(invitation.token)}`,
    }),
  });
}

/** An owner invited this address to their organisation (decision 043): the link carries the token in its fragment. */
export async function notifyOrganisationInvitation(
  settings: MailSettings,
  tx: Executor,
  invitation: { id: string; email: string; inviter: string; organisation: string; token: string; days: number },
): Promise<void> {
  await enqueueEmail(settings.jobs, tx, {
    kind: 'organisation-invitation',
    to: invitation.email,
    eventId: invitation.id,
    email: organisationInvitationEmail(settings, {
      inviter: invitation.inviter,
      organisation: invitation.organisation,
      days: invitation.days,
      path: `/organisation/join#token=${encodeURIComponent(invitation.token)}`,
    }),
  });
}

/** To the owner of an address someone tried to sign up with (the sign-up answer itself stays neutral). */
export async function notifySignUpAttempt(settings: MailSettings, tx: Executor, user: AccountRecipient): Promise<void> {
  await enqueueEmail(settings.jobs, tx, {
    kind: 'sign-up-attempt',
    to: user.email,
    eventId: newId(),
    email: signUpAttemptEmail(settings, { firstName: user.firstName ?? null }),
  });
}

/** To the customer and the team: the customer cancelled an unstarted order and was refunded (decision 018). */
export async function notifyOrderCancelled(settings: MailSettings, tx: Executor, s: SubmissionRow, refundedPence: number): Promise<void> {
  await emailOwnerAndTeam(
    settings,
    tx,
    s,
    { kind: 'order-cancelled', render: (firstName, order) => orderCancelledEmail(settings, { firstName, order, refundedPence }) },
    { kind: 'order-cancelled-team', render: (customer, order) => orderCancelledTeamEmail(settings, { customer, order, refundedPence }) },
  );
}

/** To the customer: an admin refunded (part of) the order. `eventId` is the refund request. */
export async function notifyRefundIssued(
  settings: MailSettings,
  tx: Executor,
  s: SubmissionRow,
  refund: { eventId: string; amountPence: number; reason: string },
): Promise<void> {
  const owner = await findOrderCustomer(tx, s);
  if (!owner) return;
  await enqueueEmail(settings.jobs, tx, {
    kind: 'refund-issued',
    to: owner.email,
    eventId: refund.eventId,
    email: refundIssuedEmail(settings, { firstName: owner.firstName, order: orderView(s), ...refund }),
  });
}

/** To the customer: an audit of their delivery closed, passed or corrected with a new version (decision 068). */
export async function notifyOrderAudited(
  settings: MailSettings,
  tx: Executor,
  s: SubmissionRow,
  audit: { id: string; outcome: 'passed' | 'corrected'; notes: string },
): Promise<void> {
  const owner = await findOrderCustomer(tx, s);
  if (!owner) return;
  await enqueueEmail(settings.jobs, tx, {
    kind: 'order-audited',
    to: owner.email,
    eventId: audit.id,
    email: orderAuditedEmail(settings, { firstName: owner.firstName, order: orderView(s), outcome: audit.outcome, notes: audit.notes }),
  });
}

/** To the team: the customer asked for their free revision. */
export async function notifyRevisionRequested(settings: MailSettings, tx: Executor, s: SubmissionRow, message: string): Promise<void> {
  const owner = await findAccount(tx, s.userId);
  const email = revisionRequestedTeamEmail(settings, { customer: customerOf(owner, s), order: orderView(s), message });
  await emailTeam(settings, tx, { kind: 'revision-requested-team', eventId: s.id, email });
}

/**
 * To the claimant (when the claim is live) and the team: the order is due within 4 hours and not completed. The
 * event is the order at this due date, so a new due date makes a new e-mail and the same one never repeats.
 */
export async function notifyDueSoon(
  settings: MailSettings,
  tx: Executor,
  s: SubmissionRow,
  claimant: { name: string; email: string } | null,
): Promise<void> {
  if (!s.dueDate) return;
  const email = dueSoonEmail(settings, {
    order: orderView(s),
    status: statusLabel(s.status),
    claimant: claimant ? claimant.name || claimant.email : null,
    hoursLeft: DUE_SOON_HOURS,
  });
  const eventId = `${s.id}@${s.dueDate.toISOString()}`;
  await emailTeam(settings, tx, { kind: 'due-soon', eventId, email }, claimant ? [claimant.email] : []);
}
