import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderPurchaseOrderInputSchema, orderPurchaseOrderSchema } from '../../../shared/billing-documents.schema';
import { recordIdSchema } from '../../../shared/ids';
import { requireUser } from '../../plugins/auth';
import { getOrderPurchaseOrder, setOrderPurchaseOrder } from './order-purchase-order';

/**
 * One order's purchase-order number, given at checkout (issue 45, decision 070). An order's route, answered by the
 * order's access rule (decision 047: a removed member gets 404, order-billing.test.ts), apart from the document
 * routes whose every path organisation-documents.test.ts walks with document ids.
 */
export async function orderPurchaseOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'customer' } as const;
  const params = z.object({ id: recordIdSchema() });
  const response = { 200: orderPurchaseOrderSchema };
  api.get('/api/submissions/:id/purchase-order', { config, schema: { params, response } }, async (request) => {
    const user = await requireUser(request);
    return getOrderPurchaseOrder(app.db, user, request.params.id);
  });
  api.put('/api/submissions/:id/purchase-order', { config, schema: { params, body: orderPurchaseOrderInputSchema, response } }, async (request) => {
    const user = await requireUser(request);
    return setOrderPurchaseOrder(app.db, user, request.params.id, request.body.purchaseOrderNumber);
  });
}
