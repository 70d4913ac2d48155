/** The public forms' texts: the newsletter box's, shared by its form and its island, and the fallback error. */
export const NEWSLETTER_TEXTS = {
  subscribe: 'Subscribe',
  subscribing: 'Subscribing...',
  thanks: 'Thanks for subscribing. We will e-mail you when the next article is out.',
} as const;

/** When the server could not be reached or gave no message of its own. */
export const FALLBACK_ERROR = 'Something went wrong. Please check your connection and try again.';

/** The contact form's texts, shared by its form (contact-form.tsx) and its island (contact-form-island.ts). */
export const CONTACT_TEXTS = {
  send: 'Send Message',
  sending: 'Sending...',
  thanks: 'Thank you for getting in touch. A member of our team will reply by e-mail within one business day.',
  another: 'Send another message',
} as const;
