import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../../shared/api.schema';
import { recordIdSchema } from '../../../shared/ids';
import {
  blockedAssignmentListSchema,
  orderReviewerPreferenceSchema,
  reviewerPreferenceListSchema,
  setReviewerPreferenceSchema,
} from '../../../shared/reviewer-preferences.schema';
import { requireStaff, requireUser } from '../../plugins/auth';
import { requireApiCaller } from '../api-keys';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { releaseClaimsOf } from '../review-desk';
import { blockedAssignmentsOf } from './queue-conditions';
import { listReviewerPreferences, removeReviewerPreference, reviewerPreferenceOfOrder, setReviewerPreference } from './preferences';

const params = z.object({ id: recordIdSchema() });

/**
 * Reviewers a customer prefers or blocks (issue 44 item 4, decision 074): the order's delivering reviewer, known by
 * pseudonym, marked from the order (another account's order 404, before a delivery 409, an organisation's member who
 * is not an owner 403), and Settings' list with its Undo.
 */
export async function reviewerPreferenceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;

  api.get(
    '/api/submissions/:id/reviewer-preference',
    { config: customer, schema: { params, response: { 200: orderReviewerPreferenceSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const order = await getAccessibleOrder(app.db, request.params.id, { id: user.id, isAdmin: false });
      void reply.header('cache-control', 'no-store');
      return reviewerPreferenceOfOrder(app.db, order, user.id);
    },
  );

  api.put(
    '/api/submissions/:id/reviewer-preference',
    { config: customer, schema: { params, body: setReviewerPreferenceSchema, response: { 200: orderReviewerPreferenceSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const order = await getAccessibleOrder(app.db, request.params.id, { id: user.id, isAdmin: false });
      return setReviewerPreference(app.db, order, { userId: user.id, preference: request.body.preference, now: app.context.now(), releaseClaims: releaseClaimsOf });
    },
  );

  api.get('/api/reviewer-preferences', { config: customer, schema: { response: { 200: reviewerPreferenceListSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    void reply.header('cache-control', 'no-store');
    return listReviewerPreferences(app.db, user.id);
  });

  api.delete('/api/reviewer-preferences/:id', { config: customer, schema: { params, response: { 204: noContentSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeReviewerPreference(app.db, user.id, request.params.id);
    return reply.code(204).send(null);
  });

  // The review team reads why an order was given to a reviewer its customer blocked (404 for an unknown order).
  api.get(
    '/api/admin/submissions/:id/blocked-assignments',
    { config: { access: 'staff' }, schema: { params, response: { 200: blockedAssignmentListSchema } } },
    async (request, reply) => {
      const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(await requireStaff(request)));
      void reply.header('cache-control', 'no-store');
      return { assignments: await blockedAssignmentsOf(app.db, order.id) };
    },
  );
}

/** GET and PUT /api/v1/orders/{id}/reviewer-preference, inside the public API's plugin (its OpenAPI document lists them). */
export function reviewerPreferenceV1Routes(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/v1/orders/:id/reviewer-preference',
    {
      config: { access: 'api-key', apiScope: 'orders:read' },
      schema: {
        summary: 'The reviewer who delivered the order (by pseudonym) and whether you prefer or block them',
        tags: ['Orders'],
        params,
        response: { 200: orderReviewerPreferenceSchema, ...problems },
      },
    },
    async (request) => {
      const caller = requireApiCaller(request);
      const order = await getAccessibleOrder(app.db, request.params.id, { id: caller.userId, isAdmin: false });
      return reviewerPreferenceOfOrder(app.db, order, caller.userId);
    },
  );
  api.put(
    '/api/v1/orders/:id/reviewer-preference',
    {
      config: { access: 'api-key', apiScope: 'orders:write' },
      schema: {
        summary: 'Prefer or block the reviewer who delivered the order, or (null) neither',
        description:
          'Only once the order has been delivered (409 before). A blocked reviewer is not offered your orders and cannot take them (only our team can still assign one, giving a reason it records); a preferred one is offered your new orders first, for the first half of the time to their due date. For an organisation’s order only its owners may set it (403). It applies to every order of the same account, or of the same organisation.',
        tags: ['Orders'],
        params,
        body: setReviewerPreferenceSchema,
        response: { 200: orderReviewerPreferenceSchema, ...problems },
      },
    },
    async (request) => {
      const caller = requireApiCaller(request);
      const order = await getAccessibleOrder(app.db, request.params.id, { id: caller.userId, isAdmin: false });
      return setReviewerPreference(app.db, order, { userId: caller.userId, preference: request.body.preference, now: app.context.now(), releaseClaims: releaseClaimsOf });
    },
  );
}
