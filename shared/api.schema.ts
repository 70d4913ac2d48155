import { z } from 'zod';

/**
 * The pieces every API answer is built from (decision 016). Each payload has one schema in its feature's
 * `shared/<feature>.schema.ts`; the server declares it per status code and serializes through it, and the client
 * parses the answer with the same schema, so both sides hold the same contract.
 */

/** Every error answer of the API (4xx and 5xx): `{ message }`, in the product's words. */
/** Every error answer: the product's message, and the request's id to quote to support (decision 028). */
export const apiErrorSchema = z.object({ message: z.string(), requestId: z.string().optional() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A success answer that is only a sentence to show (contact form, newsletter, account deleted). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** An instant as the API writes it: ISO 8601 in UTC, as `Date#toISOString()` gives it. */
export const isoDateTimeSchema = z.iso.datetime();

/** A 204 answer: no body. */
export const noContentSchema = z.null();
