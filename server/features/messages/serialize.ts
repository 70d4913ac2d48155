import type { Message } from '../../../shared/message.schema';
import type { MessageRow } from '../../db/schema';

type MessageFields = Pick<MessageRow, 'id' | 'content' | 'submissionId' | 'createdAt' | 'isFromAdmin' | 'attachmentUrl'>;

/**
 * A message as its reader sees it. `colleague` is set when a customer reads another member's message on an
 * organisation's order, so the thread names its author rather than calling it "You".
 */
export function toMessage(row: MessageFields, colleague: string | null = null): Message {
  return {
    id: row.id,
    content: row.content,
    submissionId: row.submissionId,
    createdAt: row.createdAt.toISOString(),
    isFromAdmin: row.isFromAdmin,
    attachmentUrl: row.attachmentUrl,
    ...(colleague === null ? {} : { authorName: colleague }),
  };
}
