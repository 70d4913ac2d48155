import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminQueueQuerySchema,
  NEXT_CURSOR_HEADER,
  reviewUpdateSchema,
  statusUpdateSchema,
} from '../../../shared/review.schema';
import { badRequest, notFound } from '../../lib/http-error';
import { requireAdmin } from '../auth/current-user';
import { assertReviewerMove, lockSubmission, moveStatus, SUBMISSION_NOT_FOUND } from './change-status';
import { listQueue } from './list-queue';
import { saveReview } from './save-review';
import { loadAdminSubmission } from './serialize';
import { listStatusHistory } from './status-history';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/** The review desk: every route here is for administrators only (401 anonymous, 403 customers). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Checked before validation, so nobody learns anything about the API without being an admin.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/admin/')) await requireAdmin(request);
  });

  api.get('/api/admin/submissions', { schema: { querystring: adminQueueQuerySchema } }, async (request, reply) => {
    const page = await listQueue(app.db, request.query);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    void reply.header('Cache-Control', 'no-store');
    return page.items;
  });

  api.get('/api/admin/submissions/:id', { schema: { params: idParams } }, async (request) => {
    const found = await loadAdminSubmission(app.db, request.params.id);
    if (!found) throw notFound(SUBMISSION_NOT_FOUND);
    return found;
  });

  api.get('/api/admin/submissions/:id/history', { schema: { params: idParams } }, async (request) =>
    listStatusHistory(app.db, request.params.id),
  );

  api.patch(
    '/api/admin/submissions/:id/status',
    { schema: { params: idParams, body: statusUpdateSchema } },
    async (request) => {
      const admin = await requireAdmin(request);
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const row = await lockSubmission(tx, id);
        assertReviewerMove(row, request.body.status);
        await moveStatus(tx, row, request.body.status, { changedBy: admin.id, reason: 'Status changed by a reviewer' });
      });
      return loadAdminSubmission(app.db, id);
    },
  );

  api.patch(
    '/api/admin/submissions/:id/review',
    { schema: { params: idParams, body: reviewUpdateSchema } },
    async (request) => {
      const admin = await requireAdmin(request);
      const id = request.params.id;
      if (request.body.id && request.body.id !== id) throw badRequest('The review id does not match the submission');
      await app.db.transaction((tx) =>
        saveReview(tx, { submissionId: id, review: request.body, reviewerId: admin.id, publicUrl: app.config.PUBLIC_URL }),
      );
      return loadAdminSubmission(app.db, id);
    },
  );
}
