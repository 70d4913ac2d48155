import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { recordIdSchema } from './ids';

export const MAX_MESSAGE_CHARACTERS = 1000;

export const MESSAGE_TEXTS = {
  tooLong: `Message must be ${MAX_MESSAGE_CHARACTERS} characters or less`,
  empty: 'Message cannot be empty',
} as const;

/**
 * How many messages a customer may send (decision 054): each one is a webhook delivery to every endpoint of the
 * account and news for the team, so one account cannot flood either. The review team is not limited.
 */
export const MESSAGE_LIMITS = {
  account: { max: 30, windowMinutes: 60 },
  order: { max: 10, windowMinutes: 10 },
} as const;
export type MessageLimit = keyof typeof MESSAGE_LIMITS;

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 429's `message`: which limit was reached and when to try again (the same wait as Retry-After). */
export function messageLimitText(limit: MessageLimit, retryAfterSeconds: number): string {
  const wait = `Please try again in ${inWords(Math.max(1, Math.ceil(retryAfterSeconds)))}.`;
  return limit === 'account'
    ? `You can send at most ${MESSAGE_LIMITS.account.max} messages an hour. ${wait}`
    : `You can send at most ${MESSAGE_LIMITS.order.max} messages about one order in ${MESSAGE_LIMITS.order.windowMinutes} minutes. ${wait}`;
}

/** POST /api/messages. `isFromAdmin` is never read from the body: the server derives it from the sender. */
export const sendMessageSchema = z.object({
  submissionId: recordIdSchema('submissionId is required'),
  content: z
    .string({ error: MESSAGE_TEXTS.empty })
    .trim()
    .min(1, MESSAGE_TEXTS.empty)
    .max(MAX_MESSAGE_CHARACTERS, MESSAGE_TEXTS.tooLong),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  content: z.string(),
  submissionId: z.string(),
  createdAt: isoDateTimeSchema,
  isFromAdmin: z.boolean(),
  attachmentUrl: z.string().nullable(),
  /**
   * On an organisation's order (decision 047), a colleague's message as another member reads it: the colleague's
   * name (else e-mail). Absent on the reader's own messages, the team's, and whenever the reader is staff.
   */
  authorName: z.string().nullable().optional(),
  /** In a thread as read: true when this read is the reader's first sight of it (the other side's, unread until now). */
  unread: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;
/** GET /api/messages/:submissionId (the thread, oldest first) and GET /api/messages/recent. */
export const messageListSchema = z.array(messageSchema);
