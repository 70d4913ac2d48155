import type { FastifyInstance } from 'fastify';
import { recordIdSchema } from '../../../shared/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminQueueQuerySchema,
  NEXT_CURSOR_HEADER,
  reviewUpdateSchema,
  statusHistorySchema,
  statusUpdateSchema,
} from '../../../shared/review.schema';
import { adminSubmissionListSchema, adminSubmissionSchema } from '../../../shared/submission.schema';
import { badRequest, notFound } from '../../lib/http-error';
import { requireAdmin } from '../../plugins/auth';
import { assertReviewerMove, lockSubmission, moveStatus, SUBMISSION_NOT_FOUND } from './change-status';
import { listQueue } from './list-queue';
import { saveReview } from './save-review';
import { assertFactCheckReady } from '../fact-check';
import { deleteStoredObjects } from '../uploads';
import { objectStorageFor } from '../../storage';
import { loadAdminSubmission } from './serialize';
import { listStatusHistory } from './status-history';

const idParams = z.object({ id: recordIdSchema() });

/** The review desk: every route here is for administrators only (401 anonymous, 403 customers). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  api.get('/api/admin/submissions', { config: admin, schema: { querystring: adminQueueQuerySchema, response: { 200: adminSubmissionListSchema } } }, async (request, reply) => {
    const page = await listQueue(app.db, request.query);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    void reply.header('Cache-Control', 'no-store');
    return page.items;
  });

  const oneSubmission = { 200: adminSubmissionSchema };
  /** The submission after a change; it was locked and changed in this request, so only a deletion since loses it. */
  const loadUpdated = async (id: string) => {
    const found = await loadAdminSubmission(app.db, id);
    if (!found) throw notFound(SUBMISSION_NOT_FOUND);
    return found;
  };
  api.get('/api/admin/submissions/:id', { config: admin, schema: { params: idParams, response: oneSubmission } }, async (request) => {
    const found = await loadAdminSubmission(app.db, request.params.id);
    if (!found) throw notFound(SUBMISSION_NOT_FOUND);
    return found;
  });

  api.get('/api/admin/submissions/:id/history', { config: admin, schema: { params: idParams, response: { 200: statusHistorySchema } } }, async (request) =>
    listStatusHistory(app.db, request.params.id),
  );

  api.patch(
    '/api/admin/submissions/:id/status',
    { config: admin, schema: { params: idParams, body: statusUpdateSchema, response: oneSubmission } },
    async (request) => {
      const reviewer = await requireAdmin(request);
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const row = await lockSubmission(tx, id);
        assertReviewerMove(row, request.body.status);
        if (request.body.status === 'completed' && row.status !== 'completed') await assertFactCheckReady(tx, row);
        await moveStatus(tx, app.mail, row, request.body.status, { changedBy: reviewer.id, reason: 'Status changed by a reviewer' });
      });
      return loadUpdated(id);
    },
  );

  api.patch(
    '/api/admin/submissions/:id/review',
    { config: admin, schema: { params: idParams, body: reviewUpdateSchema, response: oneSubmission } },
    async (request) => {
      const reviewer = await requireAdmin(request);
      const id = request.params.id;
      if (request.body.id && request.body.id !== id) throw badRequest('The review id does not match the submission');
      const { removedKeys } = await app.db.transaction((tx) =>
        saveReview(tx, app.mail, { submissionId: id, review: request.body, reviewerId: reviewer.id }),
      );
      await deleteStoredObjects(objectStorageFor(app.config), removedKeys, request.log);
      return loadUpdated(id);
    },
  );
}
