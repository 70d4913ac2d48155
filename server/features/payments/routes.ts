import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import {
  createPaymentIntentSchema,
  paymentIntentResponseSchema,
  sandboxConfirmResponseSchema,
  sandboxConfirmSchema,
  webhookAnswerSchema,
} from '../../../shared/payment.schema';
import { badRequest, notFound } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { confirmSandboxPayment } from './confirm-sandbox-payment';
import { createPaymentIntent } from './create-payment-intent';
import { handleStripeEvent } from './handle-stripe-event';
import { stripeProvider } from './stripe-client';

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const stripe = stripeProvider(app.config.stripe);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { config: { access: 'customer' } } as const;

  api.post(
    '/api/create-payment-intent',
    { ...signedIn, schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return createPaymentIntent(app.db, user, request.body.submissionId, { stripe, log: request.log });
    },
  );

  api.post(
    '/api/payments/sandbox/confirm',
    {
      ...signedIn,
      onRequest: async () => {
        if (stripe) throw notFound(`No route for POST /api/payments/sandbox/confirm`);
      },
      schema: { body: sandboxConfirmSchema, response: { 200: sandboxConfirmResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return confirmSandboxPayment(app.db, app.context, user, request.body, request.log);
    },
  );

  // Stripe signs the exact bytes it sent: this route alone reads its JSON body as a raw Buffer.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const hooks = webhook.withTypeProvider<ZodTypeProvider>();
    const schema = { response: { 200: webhookAnswerSchema } };
    hooks.post('/api/webhooks/stripe', { config: { access: 'webhook' }, schema }, async (request) => {
      if (!stripe) throw notFound('No route for POST /api/webhooks/stripe');
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw badRequest('Invalid signature');
      let event: Stripe.Event;
      try {
        event = stripe.client.webhooks.constructEvent(request.body, signature, stripe.settings.webhookSecret);
      } catch {
        throw badRequest('Invalid signature');
      }
      await handleStripeEvent(app.db, app.context, event, request.log, stripe.client);
      return { received: true as const };
    });
  });
}
