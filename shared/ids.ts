import { z } from 'zod';

/** Every record id the API hands out (readable submission ids, UUIDs) is made of these characters only. */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const INVALID_ID_MESSAGE = 'Invalid id';

/** An id in a path, query or body: one that cannot be an id is a 400, not a database lookup. */
export function recordIdSchema(requiredMessage: string = INVALID_ID_MESSAGE) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(RECORD_ID_PATTERN, INVALID_ID_MESSAGE);
}
