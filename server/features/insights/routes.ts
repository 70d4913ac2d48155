import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INSIGHTS_MESSAGES, insightsQuerySchema, insightsSchema, resolveInsightsRange } from '../../../shared/insights.schema';
import { scorecardsSchema } from '../../../shared/scorecards.schema';
import { badRequest } from '../../lib/http-error';
import { requireStaff } from '../../plugins/auth';
import { computeInsightsFromRollups } from './rollups';
import { computeScorecards } from './scorecards';

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

  // Reviewers' scorecards (decision 068): the review team; an administrator sees every reviewer, a reviewer their own row.
  api.get(
    '/api/admin/insights/scorecards',
    { config: { access: 'staff' }, schema: { querystring: insightsQuerySchema, response: { 200: scorecardsSchema } } },
    async (request) => {
      const user = await requireStaff(request);
      const range = resolveInsightsRange(request.query, new Date());
      if (!range) throw badRequest(INSIGHTS_MESSAGES.badRange);
      return computeScorecards(app.db, range, user.isAdmin ? null : user.id);
    },
  );
}
