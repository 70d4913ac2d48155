import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRefundSchema,
  AFTER_PAYMENT_MESSAGES,
  cancelResponseSchema,
  ledgerQuerySchema,
  MAX_LEDGER_RANGE_DAYS,
  orderMoneySchema,
} from '../../../shared/after-payment.schema';
import { recordIdSchema } from '../../../shared/ids';
import { badRequest } from '../../lib/http-error';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { getAccessibleOrder } from '../customer-orders';
import { adminRefund } from './admin-refund';
import { cancelOrder } from './cancel-order';
import { ledgerCsv, orderMoney, refundGateway } from './refunds';
import { createStripeClient } from './stripe-client';

const idParams = z.object({ id: recordIdSchema() });

/**
 * The money after payment (decision 018): the customer's cancel with its full refund, an order's money, the admin's
 * refunds and the ledger. The revision and the deliveries are the customer's order routes (../customer-orders/routes.ts),
 * the reviewer's opening of an order the review desk's.
 */
export async function afterPaymentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const gateway = refundGateway(app.config.stripe ? createStripeClient(app.config.stripe) : null);
  const customer = { access: 'customer' } as const;
  const admin = { access: 'admin' } as const;

  api.post(
    '/api/submissions/:id/cancel',
    { config: customer, schema: { params: idParams, response: { 200: cancelResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return cancelOrder(app.db, app.context, gateway, { submissionId: request.params.id, userId: user.id, now: new Date() });
    },
  );

  api.get(
    '/api/admin/submissions/:id/money',
    { config: admin, schema: { params: idParams, response: { 200: orderMoneySchema } } },
    async (request) => {
      const user = await requireAdmin(request);
      const row = await getAccessibleOrder(app.db, request.params.id, user);
      return orderMoney(app.db, row.id);
    },
  );

  api.post(
    '/api/admin/submissions/:id/refunds',
    { config: admin, schema: { params: idParams, body: adminRefundSchema, response: { 200: orderMoneySchema } } },
    async (request) => {
      const reviewer = await requireAdmin(request);
      return adminRefund(app.db, app.mail, gateway, { submissionId: request.params.id, adminId: reviewer.id, refund: request.body });
    },
  );

  api.get(
    '/api/admin/ledger.csv',
    { config: admin, schema: { querystring: ledgerQuerySchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const from = new Date(`${request.query.from}T00:00:00.000Z`);
      // The end date is included: rows before the next midnight.
      const to = new Date(`${request.query.to}T00:00:00.000Z`);
      to.setUTCDate(to.getUTCDate() + 1);
      const days = (to.getTime() - from.getTime()) / 86_400_000;
      if (Number.isNaN(days) || days < 1 || days > MAX_LEDGER_RANGE_DAYS) throw badRequest(AFTER_PAYMENT_MESSAGES.ledgerRange);
      void reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="ledger-${request.query.from}-to-${request.query.to}.csv"`)
        .header('Cache-Control', 'no-store');
      return ledgerCsv(app.db, from, to);
    },
  );
}
