import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '../../../shared/api-v1.schema';
import { noContentSchema } from '../../../shared/api.schema';
import { recordIdSchema } from '../../../shared/ids';
import { requireUser } from '../../plugins/auth';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, resendDelivery, setEndpointEnabled } from './endpoints';

/** Settings → Webhooks (decision 025): endpoints, their delivery log and Resend, with the session. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;
  const params = z.object({ id: recordIdSchema() });
  const deliveryParams = z.object({ id: recordIdSchema(), deliveryId: recordIdSchema() });
  const allowLoopback = app.config.WEBHOOKS_ALLOW_LOOPBACK === '1';

  api.get('/api/webhook-endpoints', { config: customer, schema: { response: { 200: webhookEndpointListSchema } } }, async (request) =>
    listEndpoints(app.db, (await requireUser(request)).id),
  );
  api.post(
    '/api/webhook-endpoints',
    { config: customer, schema: { body: createWebhookEndpointSchema, response: { 201: createdWebhookEndpointSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(201).send(await createEndpoint(app.db, user.id, request.body, { allowLoopback }));
    },
  );
  api.patch(
    '/api/webhook-endpoints/:id',
    { config: customer, schema: { params, body: updateWebhookEndpointSchema, response: { 200: webhookEndpointSchema } } },
    async (request) => setEndpointEnabled(app.db, (await requireUser(request)).id, request.params.id, request.body.enabled),
  );
  api.delete('/api/webhook-endpoints/:id', { config: customer, schema: { params, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteEndpoint(app.db, (await requireUser(request)).id, request.params.id);
    return reply.code(204).send(null);
  });
  api.get(
    '/api/webhook-endpoints/:id/deliveries',
    { config: customer, schema: { params, response: { 200: webhookDeliveryListSchema } } },
    async (request) => listDeliveries(app.db, (await requireUser(request)).id, request.params.id),
  );
  api.post(
    '/api/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    { config: customer, schema: { params: deliveryParams, response: { 201: webhookDeliverySchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(201).send(await resendDelivery(app.db, app.jobs, user.id, request.params.id, request.params.deliveryId));
    },
  );
}
