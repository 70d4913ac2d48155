import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INSIGHTS_MESSAGES, insightsQuerySchema, insightsSchema, resolveInsightsRange } from '../../../shared/insights.schema';
import { badRequest } from '../../lib/http-error';
import { computeInsightsFromRollups } from './rollups';

/** The operations dashboard (decisions 023, 041: from daily rollups): administrators only (401 signed out, 403 customers). */
export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/insights',
    { config: { access: 'admin' }, schema: { querystring: insightsQuerySchema, response: { 200: insightsSchema } } },
    async (request) => {
      const now = new Date();
      const range = resolveInsightsRange(request.query, now);
      if (!range) throw badRequest(INSIGHTS_MESSAGES.badRange);
      return computeInsightsFromRollups(app.db, range, now);
    },
  );
}
