import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creditBalanceSchema, creditCheckoutResponseSchema, creditCheckoutSchema } from '../../../shared/api-v1.schema';
import { sandboxConfirmSchema } from '../../../shared/payment.schema';
import { notFound } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { stripeProvider } from '../payments';
import { membershipOf } from '../organisations';
import { confirmSandboxCreditPurchase, creditStatement, startCreditPurchase } from './credit';

/**
 * Prepaid credit for the API (decision 024): the balance and its entries, and buying a pack by card. A member of an
 * organisation sees the organisation's credit, and only its owners buy packs for it (decision 047).
 */
export async function creditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;
  const stripe = stripeProvider(app.config.stripe);

  api.get('/api/credit', { config: customer, schema: { response: { 200: creditBalanceSchema } } }, async (request) => {
    const user = await requireUser(request);
    const membership = await membershipOf(app.db, user.id);
    if (!membership) return creditStatement(app.db, { userId: user.id });
    const statement = await creditStatement(app.db, { organisationId: membership.organisationId });
    return { ...statement, organisation: { name: membership.organisationName, canBuy: membership.role === 'owner' } };
  });

  api.post(
    '/api/credit/checkout',
    { config: customer, schema: { body: creditCheckoutSchema, response: { 200: creditCheckoutResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return startCreditPurchase(app.db, user.id, request.body.amountPence, { stripe, log: request.log });
    },
  );

  api.post(
    '/api/credit/sandbox/confirm',
    {
      config: customer,
      onRequest: async () => {
        if (stripe) throw notFound('No route for POST /api/credit/sandbox/confirm');
      },
      schema: { body: sandboxConfirmSchema, response: { 200: z.object({ balancePence: z.number().int() }) } },
    },
    async (request) => {
      const user = await requireUser(request);
      return confirmSandboxCreditPurchase(app.db, user.id, request.body, app.context.billing);
    },
  );
}
