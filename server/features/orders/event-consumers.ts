import type { Executor } from '../../db/client';
import type { OrderEventData, SubmissionRow } from '../../db/schema';
import type { StatusActor, SubmissionStatus } from '../../../shared/submission-status';
import {
  notifyOrderCancelled,
  notifyPaymentReceived,
  notifyReviewCompleted,
  notifyReviewStarted,
  notifyRevisionRequested,
} from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { QUEUES } from '../../jobs/queues';
import { enqueueStatusEvent } from '../webhooks';
import { recordLiveEvent } from '../live-updates';
import { issueOrderPaymentDocuments } from '../billing-documents';

/** One recorded move of an order, as its consumers see it (the row in `order_events` plus the moved order). */
export interface OrderEvent {
  type: string;
  from: SubmissionStatus;
  to: SubmissionStatus;
  actor: StatusActor;
  data: OrderEventData;
  /** The order as the move left it. */
  order: SubmissionRow;
}

type Consumer = (tx: Executor, settings: MailSettings, event: OrderEvent) => Promise<void>;

/** Webhooks: the account's endpoints hear of every move that has a webhook event (order.paid, order.completed, ...). */
const webhooks: Consumer = (tx, settings, event) =>
  enqueueStatusEvent(settings.jobs, tx, event.order.id, event.to, event.data.certificateCode ? { certificateCode: event.data.certificateCode } : {});

/**
 * E-mail: which move tells whom (spec section 8, decision 018). The e-mails are recorded in the outbox in the
 * transaction of the move, so one exists exactly when the move commits.
 */
const emails: Consumer = async (tx, settings, { to, actor, data, order }) => {
  if (to === 'paid') return notifyPaymentReceived(settings, tx, order);
  if (to === 'in-review') return notifyReviewStarted(settings, tx, order);
  if (to === 'completed') return notifyReviewCompleted(settings, tx, order);
  if (to === 'revision-requested') return notifyRevisionRequested(settings, tx, order, order.revisionMessage ?? '');
  // A customer's cancellation is refunded in full (decision 018); an administrator's cancel e-mails nobody.
  if (to === 'cancelled' && actor === 'customer') return notifyOrderCancelled(settings, tx, order, data.refundedPence ?? 0);
};

/** The reviewer's aids for a paid order's text, by the job runner (issue 23): suggested claims and link checks. */
const reviewAids: Consumer = async (tx, settings, { to }) => {
  if (to !== 'paid') return;
  await settings.jobs.sendInTransaction(tx, QUEUES.suggestClaims);
  await settings.jobs.sendInTransaction(tx, QUEUES.checkLinks);
};

/**
 * Live updates (decision 038): open pages of the customer and the review team hear that the order moved. The
 * NOTIFY is sent in this transaction, so PostgreSQL delivers it when the move commits, never for one rolled back.
 */
const live: Consumer = (tx, _settings, { type, order }) => recordLiveEvent(tx, type, order.id);

/**
 * Receipts and VAT invoices (decision 044): a paid order's succeeded payment gets its numbered document in the
 * transaction that moved the money. Last, so the number series' row is locked for as short a time as it can be.
 */
const billingDocuments: Consumer = async (tx, settings, { to, order }) => {
  if (to === 'paid') await issueOrderPaymentDocuments(tx, settings.billing, order.id);
};

/** Every consumer of order events, in the order they run. */
const CONSUMERS: Consumer[] = [webhooks, emails, reviewAids, live, billingDocuments];

/** Hands one event to every consumer, inside the transaction that recorded it. */
export async function publishOrderEvent(tx: Executor, settings: MailSettings, event: OrderEvent): Promise<void> {
  for (const consume of CONSUMERS) await consume(tx, settings, event);
}
