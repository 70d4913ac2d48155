import { and, asc, eq, isNull } from 'drizzle-orm';
import { isStaff, type CurrentUser } from '../../../shared/auth.schema';
import type { Message } from '../../../shared/message.schema';
import type { Database } from '../../db/client';
import { messages, users } from '../../db/schema';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { toMessage } from './serialize';

/** A colleague's message whose account is gone. */
const DELETED_AUTHOR = 'Deleted account';

/**
 * A submission's thread, oldest first. When its customer reads it (its placer, or for an organisation's order any
 * current member, decision 047: the thread is the organisation's), the team's messages become read; when the team
 * reads it, the customer's do.
 */
export async function readThread(db: Database, submissionId: string, user: CurrentUser): Promise<Message[]> {
  const submission = await getAccessibleOrder(db, submissionId, reviewDeskViewer(user));
  // What this read marks read is what the reader had not seen: shown as new in the thread (issue 42).
  let newlyRead: { id: string }[];
  if (submission.userId === user.id || !isStaff(user)) {
    newlyRead = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.submissionId, submission.id), eq(messages.isFromAdmin, true), isNull(messages.readAt)))
      .returning({ id: messages.id });
  } else {
    // The team read it: the customer's messages are no longer unread in the queue (issue 42).
    newlyRead = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.submissionId, submission.id), eq(messages.isFromAdmin, false), isNull(messages.readAt)))
      .returning({ id: messages.id });
  }
  const unread = new Set(newlyRead.map((m) => m.id));
  const rows = await db
    .select({ message: messages, senderName: users.name, senderEmail: users.email })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.submissionId, submission.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const readerIsCustomer = !isStaff(user);
  return rows.map(({ message, senderName, senderEmail }) => {
    const colleague = readerIsCustomer && !message.isFromAdmin && message.senderId !== user.id;
    return { ...toMessage(message, colleague ? senderName || senderEmail || DELETED_AUTHOR : null), ...(unread.has(message.id) ? { unread: true } : {}) };
  });
}
