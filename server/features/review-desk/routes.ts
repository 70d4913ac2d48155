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
import { reviewOpenedSchema } from '../../../shared/after-payment.schema';
import { badRequest, notFound } from '../../lib/http-error';
import { requireStaff } from '../../plugins/auth';
import { assignClaimSchema } from '../../../shared/team.schema';
import { assignOrder, claimOrder, releaseOrder, takeReviewVersion } from './order-claims';
import { assertReviewerMove, markReviewStarted, moveStatus } from './change-status';
import { lockOrder, ORDER_NOT_FOUND } from '../orders';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { listQueue } from './list-queue';
import { saveReview } from './save-review';
import { assertFactCheckReady } from '../fact-check';
import { deleteStoredObjects } from '../uploads';
import { objectStorageFor } from '../../storage';
import { forViewer, loadDeskOrder } from './serialize';
import { listStatusHistory } from './status-history';
import { recordBlockedAssignment } from '../reviewer-preferences';

const idParams = z.object({ id: recordIdSchema() });

/**
 * The review desk: the review team's routes (`staff`: reviewers and admins; 401 anonymous, 403 customers), whose
 * answers leave out the money for reviewers, and the admin's reassignment (decision 021).
 */
export async function reviewDeskRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' } as const;
  const admin = { access: 'admin' } as const;

  api.get('/api/admin/submissions', { config: staff, schema: { querystring: adminQueueQuerySchema, response: { 200: adminSubmissionListSchema } } }, async (request, reply) => {
    const viewer = await requireStaff(request);
    const page = await listQueue(app.db, request.query, viewer, app.context.now());
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    void reply.header('Cache-Control', 'no-store');
    return page.items.map((item) => forViewer(item, viewer));
  });

  const oneSubmission = { 200: adminSubmissionSchema };
  /** The submission as the viewer may see it; 404 when unknown (only a deletion since loses one changed here). */
  const loadFor = async (id: string, viewer: { isAdmin: boolean }) => {
    const found = await loadDeskOrder(app.db, id);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return forViewer(found, viewer);
  };
  api.get('/api/admin/submissions/:id', { config: staff, schema: { params: idParams, response: oneSubmission } }, async (request) =>
    loadFor(request.params.id, await requireStaff(request)),
  );

  // Claims (decision 021): claim (or refresh one's own), release, and the admin's reassignment.
  api.post('/api/admin/submissions/:id/claim', { config: staff, schema: { params: idParams, response: oneSubmission } }, async (request) => {
    const user = await requireStaff(request);
    await claimOrder(app.db, request.params.id, user.id);
    return loadFor(request.params.id, user);
  });

  api.post('/api/admin/submissions/:id/release', { config: staff, schema: { params: idParams, response: oneSubmission } }, async (request) => {
    const user = await requireStaff(request);
    await releaseOrder(app.db, request.params.id, user);
    return loadFor(request.params.id, user);
  });

  api.post(
    '/api/admin/submissions/:id/assign',
    { config: admin, schema: { params: idParams, body: assignClaimSchema, response: oneSubmission } },
    async (request) => {
      const user = await requireStaff(request);
      await app.db.transaction(async (tx) => {
        await recordBlockedAssignment(tx, { orderId: request.params.id, reviewerId: request.body.userId, reason: request.body.reason, assignedBy: user.id });
        await assignOrder(tx, request.params.id, request.body.userId, app.config.adminEmails);
      });
      return loadFor(request.params.id, user);
    },
  );

  // A reviewer opens a paid order (the review dialog calls this): from then on the customer cannot cancel it.
  api.post('/api/admin/submissions/:id/open', { config: staff, schema: { params: idParams, response: { 200: reviewOpenedSchema } } }, async (request) => {
    const user = await requireStaff(request);
    const row = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(user));
    const started = await app.db.transaction((tx) => markReviewStarted(tx, row.id, new Date()));
    return { started };
  });

  api.get('/api/admin/submissions/:id/history', { config: staff, schema: { params: idParams, response: { 200: statusHistorySchema } } }, async (request) =>
    listStatusHistory(app.db, request.params.id),
  );

  api.patch(
    '/api/admin/submissions/:id/status',
    { config: staff, schema: { params: idParams, body: statusUpdateSchema, response: oneSubmission } },
    async (request) => {
      const reviewer = await requireStaff(request);
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        // Delivering the review is the claimant's act, like saving it (decision 021).
        if (request.body.status === 'completed') await takeReviewVersion(tx, id, reviewer.id, null);
        const row = await lockOrder(tx, id);
        assertReviewerMove(row, request.body.status, reviewer);
        if (request.body.status === 'completed' && row.status !== 'completed') await assertFactCheckReady(tx, row);
        await moveStatus(tx, app.context, row, request.body.status, { changedBy: reviewer.id, reason: 'Status changed by a reviewer' });
      });
      return loadFor(id, reviewer);
    },
  );

  api.patch(
    '/api/admin/submissions/:id/review',
    { config: staff, schema: { params: idParams, body: reviewUpdateSchema, response: oneSubmission } },
    async (request) => {
      const reviewer = await requireStaff(request);
      const id = request.params.id;
      if (request.body.id && request.body.id !== id) throw badRequest('The review id does not match the submission');
      const { removedKeys } = await app.db.transaction((tx) =>
        saveReview(tx, app.context, { submissionId: id, review: request.body, reviewerId: reviewer.id, reviewerIsAdmin: reviewer.isAdmin }),
      );
      await deleteStoredObjects(objectStorageFor(app.config), removedKeys, request.log);
      return loadFor(id, reviewer);
    },
  );
}
