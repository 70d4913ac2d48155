import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/ids';
import { discardResponseSchema } from '../../../shared/unpaid-order.schema';
import { requireUser } from '../../plugins/auth';
import { discardOrder } from './discard-order';

const idParams = z.object({ id: recordIdSchema() });

/** Unpaid orders (decision 069): the customer discards one they will not pay. */
export async function unpaidOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/submissions/:id/discard',
    { config: { access: 'customer' }, schema: { params: idParams, response: { 200: discardResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return discardOrder(app.db, app.context, { submissionId: request.params.id, userId: user.id, now: new Date() });
    },
  );
}
