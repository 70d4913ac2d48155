import type { CurrentUser } from '../../../shared/auth.schema';
import type { Message, SendMessageInput } from '../../../shared/message.schema';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { newId } from '../../lib/ids';
import { notifyNewMessage } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import { getAccessibleSubmission, reviewDeskViewer } from '../submissions';
import { isStaff } from '../../../shared/auth.schema';
import { enqueueWebhookEvent } from '../webhooks';
import { recordLiveEvent } from '../live-updates';
import { toMessage } from './serialize';

/** Adds a message to a thread the sender may read. `isFromAdmin` is the sender's role, never the client's say. */
export async function sendMessage(
  db: Database,
  mail: MailSettings,
  sender: CurrentUser,
  input: SendMessageInput,
): Promise<Message> {
  return db.transaction(async (tx) => {
    const submission = await getAccessibleSubmission(tx, input.submissionId, reviewDeskViewer(sender));
    const [row] = await tx
      .insert(messages)
      .values({
        id: newId(),
        submissionId: submission.id,
        senderId: sender.id,
        isFromAdmin: isStaff(sender),
        content: input.content,
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
