import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api';
import { contactAnswerSchema, type ContactMessageInput, type NewsletterSignupInput } from '@shared/contact.schema';

/** POST /api/contact: stores the message; support is e-mailed by the server. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) => apiJson(contactAnswerSchema, 'POST', '/api/contact', input),
  });
}

/** POST /api/newsletter: subscribing twice is answered the same way and stored once. */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (input: NewsletterSignupInput) => apiJson(contactAnswerSchema, 'POST', '/api/newsletter', input),
  });
}

