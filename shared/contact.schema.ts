import { z } from 'zod';
import { messageAnswerSchema } from './api.schema';

/** Limits of the contact form and the newsletter box, shared by the form and the API. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
} as const;

export const CONTACT_MESSAGES = {
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  emailInvalid: 'Please enter a valid email',
  subjectRequired: 'Please enter a subject',
  messageTooShort: 'Please write a message of at least 10 characters',
  tooLong: (field: string, max: number) => `${field} must be ${max.toLocaleString('en-GB')} characters or less`,
  sent: 'Message sent',
  subscribed: 'Thanks for subscribing',
} as const;

const text = (required: string, field: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, CONTACT_MESSAGES.tooLong(field, max));

const email = z
  .string({ error: CONTACT_MESSAGES.emailInvalid })
  .trim()
  .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid)
  .pipe(z.email(CONTACT_MESSAGES.emailInvalid));

/** POST /api/contact body and the contact form's values. */
export const contactMessageSchema = z.object({
  firstName: text(CONTACT_MESSAGES.firstNameRequired, 'First name', CONTACT_LIMITS.name),
  lastName: text(CONTACT_MESSAGES.lastNameRequired, 'Last name', CONTACT_LIMITS.name),
  email,
  subject: text(CONTACT_MESSAGES.subjectRequired, 'Subject', CONTACT_LIMITS.subject),
  message: z
    .string({ error: CONTACT_MESSAGES.messageTooShort })
    .trim()
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.tooLong('Message', CONTACT_LIMITS.message)),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** POST /api/newsletter body. The address is stored lower-cased, once. */
export const newsletterSignupSchema = z.object({ email });
export type NewsletterSignupInput = z.infer<typeof newsletterSignupSchema>;

/** What both endpoints answer on success. */
export const contactAnswerSchema = messageAnswerSchema;
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;
