import type { Message } from '../../../shared/message.schema';
import type { MessageRow } from '../../db/schema';

export function toMessage(row: Pick<MessageRow, 'id' | 'content' | 'submissionId' | 'createdAt' | 'isFromAdmin' | 'attachmentUrl'>): Message {
  return {
    id: row.id,
    content: row.content,
    submissionId: row.submissionId,
    createdAt: row.createdAt.toISOString(),
    isFromAdmin: row.isFromAdmin,
    attachmentUrl: row.attachmentUrl,
  };
}
