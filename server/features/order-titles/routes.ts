import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/ids';
import { renameOrderSchema } from '../../../shared/order-title';
import { submissionSchema } from '../../../shared/submission.schema';
import { requireUser } from '../../plugins/auth';
import { withDocuments } from '../customer-orders';
import { renameOrder } from './rename-order';

/** PATCH /api/submissions/:id: the customer renames their order (issue 45 item 5, decision 070). */
export async function orderTitleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: recordIdSchema() });
  api.patch(
    '/api/submissions/:id',
    { config: { access: 'customer' }, schema: { params, body: renameOrderSchema, response: { 200: submissionSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const row = await renameOrder(app.db, user, request.params.id, request.body);
      return withDocuments(app.db, row, user);
    },
  );
}
