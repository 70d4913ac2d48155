import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/ids';
import { orderRatingAnswerSchema, rateOrderSchema } from '../../../shared/ratings-audits.schema';
import { requireUser } from '../../plugins/auth';
import { requireApiCaller } from '../api-keys';
import { getAccessibleOrder } from '../customer-orders';
import { rateOrder, ratingOfOrder } from './ratings';

const params = z.object({ id: recordIdSchema() });

/**
 * The customer's rating of a delivery (issue 44 item 2, decision 068): read and give it; another account's order
 * is 404, an order not yet delivered 409, 1–5 stars or 400.
 */
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;

  api.get('/api/submissions/:id/rating', { config: customer, schema: { params, response: { 200: orderRatingAnswerSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const order = await getAccessibleOrder(app.db, request.params.id, { id: user.id, isAdmin: false });
    void reply.header('cache-control', 'no-store');
    return ratingOfOrder(app.db, order);
  });

  api.post(
    '/api/submissions/:id/rating',
    { config: customer, schema: { params, body: rateOrderSchema, response: { 200: orderRatingAnswerSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const order = await getAccessibleOrder(app.db, request.params.id, { id: user.id, isAdmin: false });
      return rateOrder(app.db, order, { userId: user.id, stars: request.body.stars, comment: request.body.comment, now: app.context.now() });
    },
  );
}

/** POST and GET /api/v1/orders/{id}/rating, inside the public API's plugin (its OpenAPI document lists them). */
export function ratingV1Routes(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/v1/orders/:id/rating',
    {
      config: { access: 'api-key', apiScope: 'orders:read' },
      schema: { summary: 'Your rating of the order’s latest delivery', tags: ['Orders'], params, response: { 200: orderRatingAnswerSchema, ...problems } },
    },
    async (request) => {
      const order = await getAccessibleOrder(app.db, request.params.id, { id: requireApiCaller(request).userId, isAdmin: false });
      return ratingOfOrder(app.db, order);
    },
  );
  api.post(
    '/api/v1/orders/:id/rating',
    {
      config: { access: 'api-key', apiScope: 'orders:write' },
      schema: {
        summary: 'Rate the order’s latest delivery: 1–5 stars and an optional comment',
        description:
          'Only a delivered order can be rated (409 before). The rating can be changed for 14 days after it is first given. A rating of 2 or less opens an audit: another reviewer checks the delivery, and you hear the outcome by e-mail and the `order.audited` webhook.',
        tags: ['Orders'],
        params,
        body: rateOrderSchema,
        response: { 200: orderRatingAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const caller = requireApiCaller(request);
      const order = await getAccessibleOrder(app.db, request.params.id, { id: caller.userId, isAdmin: false });
      return rateOrder(app.db, order, { userId: caller.userId, stars: request.body.stars, comment: request.body.comment, now: app.context.now() });
    },
  );
}
