import { sql } from 'drizzle-orm';
import type { WebhookEvent, WebhookEventBody } from '../../../shared/api-v1.schema';
import type { SubmissionStatus } from '../../../shared/submission-status';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { QUEUES } from '../../jobs/queues';
import { accountsThatCanSee } from '../customer-orders';
import type { JobSender } from '../../jobs/runner';

/** The order events a status change raises (decision 025). */
const STATUS_EVENTS: Partial<Record<SubmissionStatus, WebhookEvent>> = {
  paid: 'order.paid',
  'in-review': 'order.in_review',
  completed: 'order.completed',
  'revision-requested': 'order.revision_requested',
};

/**
 * Queues one event for every enabled endpoint that chose it of the accounts that may see the order (its placer's; for
 * an organisation's order every current member's, decision 047), in the caller's transaction
 * (the outbox: the event exists exactly when the change it reports was committed). One statement, no read first.
 */
export async function enqueueWebhookEvent(
  jobs: JobSender,
  tx: Executor,
  submissionId: string,
  type: WebhookEvent,
  data: Omit<WebhookEventBody['data'], 'orderId'>,
): Promise<void> {
  const event: WebhookEventBody = {
    id: `evt_${newId().replace(/-/g, '')}`,
    type,
    createdAt: new Date().toISOString(),
    data: { orderId: submissionId, ...data },
  };
  const inserted = await tx.execute(sql`
    insert into webhook_deliveries (id, endpoint_id, event_id, event_type, payload)
    select gen_random_uuid()::text, e.id, ${event.id}, ${type}, ${JSON.stringify(event)}
    from submissions s
    join webhook_endpoints e on e.user_id in (${accountsThatCanSee('s')})
    where s.id = ${submissionId} and e.enabled and ${type} = any(e.events)
    returning id`);
  // A delivery round for the job runner, in the same transaction (decision 031); none when no endpoint wants it.
  if (inserted.rows.length > 0) await jobs.sendInTransaction(tx, QUEUES.webhooks);
}

/** Called by the order lifecycle (server/features/orders/transition.ts) for every move, in its transaction. */
export async function enqueueStatusEvent(
  jobs: JobSender,
  tx: Executor,
  submissionId: string,
  to: SubmissionStatus,
  extra: { certificateCode?: string } = {},
): Promise<void> {
  const type = STATUS_EVENTS[to];
  if (type) await enqueueWebhookEvent(jobs, tx, submissionId, type, { status: to, ...extra });
}
