import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LINK_RECHECK_MESSAGES,
  LINK_RECHECKS_PER_ORDER_PER_MINUTE,
  linkCheckListSchema,
  linkRecheckSchema,
} from '../../../shared/link-checks.schema';
import { requireStaff } from '../../plugins/auth';
import { rateLimiter } from '../../plugins/rate-limit';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { linkChecksFor, recheckLinks } from './stored-link-checks';

const params = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid id') });

/** GET /api/admin/submissions/:id/links: every URL and DOI of the original and how it answered (issue 23). */
export async function linkCheckRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/submissions/:id/links',
    { config: { access: 'staff' }, schema: { params, response: { 200: linkCheckListSchema } } },
    async (request, reply) => {
      const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(await requireStaff(request)));
      void reply.header('cache-control', 'no-store');
      return linkChecksFor(app.db, order);
    },
  );

  // The reviewer's re-check of one link, several, or all (issue 42): checked now, then the list as GET answers it. A
  // cool-down per order (counted in the database, so across instances) keeps it from hammering the linked sites.
  const recheckLimit = rateLimiter(app, {
    key: (request) => `link-recheck:${(request.params as { id: string }).id}`,
    max: LINK_RECHECKS_PER_ORDER_PER_MINUTE,
    windowSeconds: 60,
    message: LINK_RECHECK_MESSAGES.tooMany,
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/submissions/:id/links/check',
    {
      config: { access: 'staff' },
      preHandler: recheckLimit,
      schema: { params, body: linkRecheckSchema, response: { 200: linkCheckListSchema } },
    },
    async (request) => {
      const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(await requireStaff(request)));
      await recheckLinks(app.db, order, request.body.urls, { allowLoopback: app.config.WEBHOOKS_ALLOW_LOOPBACK === '1' });
      return linkChecksFor(app.db, order);
    },
  );
}
