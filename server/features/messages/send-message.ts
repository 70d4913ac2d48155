import { sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/auth.schema';
import type { Message, SendMessageInput } from '../../../shared/message.schema';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { newId } from '../../lib/ids';
import { notifyNewMessage } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { isStaff } from '../../../shared/auth.schema';
import { enqueueWebhookEvent } from '../webhooks';
import { recordLiveEvent } from '../live-updates';
import { countCustomerMessage } from './message-limits';
import { toMessage } from './serialize';

/**
 * Adds a message to a thread the sender may read. `isFromAdmin` is the sender's role, never the client's say.
 * A customer's message counts against the limits of decision 054 (the team's do not).
 */
export async function sendMessage(
  db: Database,
  mail: MailSettings,
  sender: CurrentUser,
  input: SendMessageInput,
): Promise<Message> {
  return db.transaction(async (tx) => {
    const submission = await getAccessibleOrder(tx, input.submissionId, reviewDeskViewer(sender));
    const fromTeam = isStaff(sender);
    if (!fromTeam) {
      await countCustomerMessage(tx, sender.id, submission.id);
      // The team's e-mail about customer messages collects them per order (server/mail/message-digest.ts): one
      // order's customer messages are written one at a time, each stamped when written, so their times are
      // their order.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`message-digest:${submission.id}`}, 0))`);
    }
    const [row] = await tx
      .insert(messages)
      .values({
        id: newId(),
        submissionId: submission.id,
        senderId: sender.id,
        isFromAdmin: fromTeam,
        content: input.content,
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    await notifyNewMessage(mail, tx, row!, submission);
    await enqueueWebhookEvent(mail.jobs, tx, submission.id, 'message.created', {
      status: submission.status,
      messageId: row!.id,
      from: row!.isFromAdmin ? 'team' : 'customer',
    });
    await recordLiveEvent(tx, 'message', submission.id);
    return toMessage(row!);
  });
}
