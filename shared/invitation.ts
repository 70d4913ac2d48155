import { z } from 'zod';
import { emailSchema } from './auth.schema';

/**
 * What every invitation by e-mail shares (the review team, decision 021; organisations, decision 043): a link that
 * works once, for this long, carrying a random token in its fragment (#token=...).
 */
export const INVITATION_TTL_DAYS = 7;

/** The invited address as a form takes it: a valid e-mail address of at most 254 characters. */
export const invitedEmailSchema = emailSchema.pipe(z.string().max(254, 'Please enter a valid email'));

/** The body naming an invitation link's token (base64url); anything else is `invalidMessage`. */
export function invitationTokenBodySchema(invalidMessage: string) {
  return z.object({
    token: z.string().trim().min(20, invalidMessage).max(200, invalidMessage).regex(/^[A-Za-z0-9_-]+$/, invalidMessage),
  });
}
