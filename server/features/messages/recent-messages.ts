import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Message } from '../../../shared/message.schema';
import type { Executor } from '../../db/client';
import { messages, submissions } from '../../db/schema';
import { customerCanSee } from '../customer-orders';
import { toMessage } from './serialize';

/** The user's unread messages from the review team, on the orders they may see (decision 047), newest first. */
export async function listUnreadTeamMessages(db: Executor, userId: string): Promise<Message[]> {
  const rows = await db
    .select({
      id: messages.id,
      content: messages.content,
      submissionId: messages.submissionId,
      createdAt: messages.createdAt,
      isFromAdmin: messages.isFromAdmin,
      attachmentUrl: messages.attachmentUrl,
    })
    .from(messages)
    .innerJoin(submissions, eq(submissions.id, messages.submissionId))
    .where(and(customerCanSee(userId), eq(messages.isFromAdmin, true), isNull(messages.readAt)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(100);
  return rows.map((row) => toMessage(row));
}
