import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimSuggestionListSchema } from '../../../shared/claim-suggestions.schema';
import { requireStaff } from '../../plugins/auth';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { suggestionsFor } from './stored-suggestions';

const params = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid id') });

/** GET /api/admin/submissions/:id/suggestions: the sentences of the original worth checking (issue 23). */
export async function claimSuggestionRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/submissions/:id/suggestions',
    { config: { access: 'staff' }, schema: { params, response: { 200: claimSuggestionListSchema } } },
    async (request) => {
      const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(await requireStaff(request)));
      return { claims: await suggestionsFor(app.db, order) };
    },
  );
}
