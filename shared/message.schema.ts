import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { recordIdSchema } from './ids';

export const MAX_MESSAGE_CHARACTERS = 1000;

export const MESSAGE_TEXTS = {
  tooLong: `Message must be ${MAX_MESSAGE_CHARACTERS} characters or less`,
  empty: 'Message cannot be empty',
} as const;

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
});
export type Message = z.infer<typeof messageSchema>;
/** GET /api/messages/:submissionId (the thread, oldest first) and GET /api/messages/recent. */
export const messageListSchema = z.array(messageSchema);
