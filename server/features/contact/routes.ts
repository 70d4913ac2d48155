import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGES,
  contactAnswerSchema,
  contactMessageSchema,
  newsletterSignupSchema,
} from '../../../shared/contact.schema';
import { rateLimiter } from '../../plugins/rate-limit';
import { createContactMessage, subscribeToNewsletter } from './service';

const TOO_MANY = 'Too many messages from your connection. Please try again later.';

/**
 * Both forms are open to anonymous visitors, so each client address gets a budget per window
 * (the sign-in limit's window, and at least 20 requests, so a person never meets it).
 */
function limitByAddress(app: FastifyInstance, bucket: string) {
  return rateLimiter(app, {
    key: (request) => `${bucket}:${request.ip}`,
    max: Math.max(20, app.config.AUTH_RATE_LIMIT_MAX),
    windowSeconds: app.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    message: TOO_MANY,
  });
}

/** The public site's two write endpoints: the contact form and the newsletter box. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: { body: contactMessageSchema, response: { 201: contactAnswerSchema } },
      preHandler: limitByAddress(app, 'contact'),
    },
    async (request, reply) => {
      await createContactMessage(app.db, app.mail, request.body);
      return reply.code(201).send({ message: CONTACT_MESSAGES.sent });
    },
  );

  api.post(
    '/api/newsletter',
    {
      config: { access: 'public' },
      schema: { body: newsletterSignupSchema, response: { 200: contactAnswerSchema, 201: contactAnswerSchema } },
      preHandler: limitByAddress(app, 'newsletter'),
    },
    async (request, reply) => {
      const { created } = await subscribeToNewsletter(app.db, request.body);
      // 201 when the address is new, 200 when it was already on the list; the visitor sees the same thanks.
      return reply.code(created ? 201 : 200).send({ message: CONTACT_MESSAGES.subscribed });
    },
  );
}
