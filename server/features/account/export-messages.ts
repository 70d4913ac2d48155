import { asc, eq, inArray } from 'drizzle-orm';
import { BRAND } from '../../../shared/brand';
import type { Executor } from '../../db/client';
import { messages, users } from '../../db/schema';
import { DELETED_NAME } from './delete-account';

/** The team's label in the message thread (client/features/messages/message-rules.ts, REVIEW_TEAM_LABEL). */
export const EXPORT_TEAM_LABEL = `${BRAND.name} review team`;
/** The account's own messages. */
export const EXPORT_SELF_LABEL = 'you';

export interface MessageAuthor {
  isFromAdmin: boolean;
  senderId: string | null;
  senderName: string | null;
  senderEmail: string | null;
}

/**
 * Who wrote a message, for the account `viewerId`'s export: the review team by its label, the account itself as
 * "you", anyone else (a colleague on an organisation's order, decision 047) by name, else e-mail, as the dashboard
 * names an order's placer. A sender whose account row is gone is shown as a deleted account.
 */
export function messageAuthorLabel(message: MessageAuthor, viewerId: string): string {
  if (message.isFromAdmin) return EXPORT_TEAM_LABEL;
  if (message.senderId === viewerId) return EXPORT_SELF_LABEL;
  if (message.senderId === null) return DELETED_NAME;
  return message.senderName || message.senderEmail || DELETED_NAME;
}

/** The messages of `orderIds` (orders the account may see), oldest first, each labelled by its author. */
export async function exportMessages(db: Executor, viewerId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: messages.id,
      submissionId: messages.submissionId,
      isFromAdmin: messages.isFromAdmin,
      senderId: messages.senderId,
      senderName: users.name,
      senderEmail: users.email,
      content: messages.content,
      attachmentUrl: messages.attachmentUrl,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.submissionId, [...orderIds]))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((row) => ({
    id: row.id,
    orderId: row.submissionId,
    from: messageAuthorLabel(row, viewerId),
    content: row.content,
    hasAttachment: Boolean(row.attachmentUrl),
    sentAt: row.createdAt.toISOString(),
  }));
}
