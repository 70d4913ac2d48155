import { z } from 'zod';

/** POST /api/submissions/:id/discard's answer (decision 069). */
export const discardResponseSchema = z.object({ status: z.literal('cancelled') });
export type DiscardResponse = z.infer<typeof discardResponseSchema>;
