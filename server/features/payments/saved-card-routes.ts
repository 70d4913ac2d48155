import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema } from '../../../shared/api.schema';
import { sandboxCardSchema, type PaymentProvider } from '../../../shared/payment.schema';
import {
  cardSetupResponseSchema,
  completeCardSetupSchema,
  payWithSavedCardResponseSchema,
  savedCardSchema,
  payWithSavedCardSchema,
  SAVED_CARD_MESSAGES,
  savedCardListSchema,
  savedCardParamsSchema,
  stripeSaveCardResponseSchema,
  stripeSaveCardSchema,
} from '../../../shared/saved-cards.schema';
import { notFound } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { addSandboxCard, completeStripeCardSetup, startStripeCardSetup } from './add-card';
import { payWithSavedCard } from './pay-with-saved-card';
import { currentProvider, listSavedCards, removeSavedCard } from './saved-cards';
import { stripeProvider } from './stripe-client';
import { chooseStripeSaveCard } from './stripe-save-card';

/** Card payment attempts per account per window: a customer paying a few orders never meets it; a card tester does. */
export const SAVED_CARD_PAYMENTS_PER_WINDOW = 30;
export const SAVED_CARD_PAYMENT_WINDOW_SECONDS = 600;

/**
 * Saved cards (issue 27, decision 045): Settings → Billing lists and removes them, checkout pays with one in one
 * click, and with Stripe the checkout says whether its PaymentIntent keeps the card.
 */
export async function savedCardRoutes(app: FastifyInstance): Promise<void> {
  const stripe = stripeProvider(app.config.stripe);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;
  const limitPayments = rateLimiter(app, {
    key: (request) => `saved-card-payment:${request.user?.id ?? request.ip}`,
    max: SAVED_CARD_PAYMENTS_PER_WINDOW,
    windowSeconds: SAVED_CARD_PAYMENT_WINDOW_SECONDS,
    message: SAVED_CARD_MESSAGES.tooMany,
  });

  api.get('/api/saved-cards', { config: customer, schema: { response: { 200: savedCardListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listSavedCards(app.db, user.id, currentProvider(stripe));
  });

  api.delete(
    '/api/saved-cards/:id',
    { config: customer, schema: { params: savedCardParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await removeSavedCard(app.db, user.id, request.params.id, { stripe, log: request.log });
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/payments/saved-card',
    {
      config: customer,
      preHandler: limitPayments,
      schema: { body: payWithSavedCardSchema, response: { 200: payWithSavedCardResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return payWithSavedCard(app.db, app.context, user, request.body, { stripe, log: request.log });
    },
  );

  // "Add card" in Settings (a SetupIntent with Stripe, the test card rules in the sandbox) and the checkout's "save this
  // card" with Stripe: each exists for one provider (else the not-found handler's answer), and each is a card attempt.
  const cardAttempt = <S extends FastifySchema>(provider: PaymentProvider, schema: S) => ({
    config: customer,
    onRequest: async (request: FastifyRequest) => {
      if ((provider === 'stripe') !== Boolean(stripe)) throw notFound(`No route for ${request.method} ${request.routeOptions.url}`);
    },
    preHandler: limitPayments,
    schema,
  });
  api.post('/api/saved-cards/setup', cardAttempt('stripe', { response: { 200: cardSetupResponseSchema } }), async (request) => {
    const user = await requireUser(request);
    if (!stripe) throw notFound('No route for this request');
    return startStripeCardSetup(app.db, user.id, { ...stripe, log: request.log });
  });
  api.post(
    '/api/saved-cards/setup/complete',
    cardAttempt('stripe', { body: completeCardSetupSchema, response: { 201: savedCardSchema } }),
    async (request, reply) => {
      const user = await requireUser(request);
      if (!stripe) throw notFound('No route for this request');
      const card = await completeStripeCardSetup(app.db, user.id, request.body.setupIntentId, { ...stripe, log: request.log });
      return reply.code(201).send(card);
    },
  );
  api.post(
    '/api/saved-cards/sandbox',
    cardAttempt('sandbox', { body: sandboxCardSchema, response: { 201: savedCardSchema } }),
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(201).send(await addSandboxCard(app.db, user.id, request.body));
    },
  );

  api.post(
    '/api/payments/stripe/save-card',
    cardAttempt('stripe', { body: stripeSaveCardSchema, response: { 200: stripeSaveCardResponseSchema } }),
    async (request) => {
      const user = await requireUser(request);
      if (!stripe) throw notFound('No route for this request');
      return chooseStripeSaveCard(app.db, user, request.body, { client: stripe.client, log: request.log });
    },
  );
}
