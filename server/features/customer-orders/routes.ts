import type { FastifyInstance } from 'fastify';
import { recordIdSchema } from '../../../shared/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildSubmissionSchema,
  submissionDraftSchema,
  submissionListQuerySchema,
  submissionListSchema,
  submissionSchema,
  submissionSummarySchema,
} from '../../../shared/submission.schema';
import { deliveriesSchema, revisionRequestSchema } from '../../../shared/after-payment.schema';
import { discardResponseSchema } from '../../../shared/unpaid-order.schema';
import { requireUser } from '../../plugins/auth';
import { createOrder, findReplayedPendingOrder } from './create-order';
import { getAccessibleOrder, listOwnOrders, summarizeOwnOrders, withDocuments } from './find-orders';
import { cursorSigningKey, decodeListCursor, encodeListCursor } from './list-cursor';
import { toDraft, toCustomerOrder } from './serialize';
import { listDeliveries } from './deliveries';
import { requestRevision } from './request-revision';
import { discardOrder } from './discard-order';

/** Content can be long (3,000 words of any script plus notes): allow 2 MB of JSON on the create routes. */
const CREATE_BODY_LIMIT = 2 * 1024 * 1024;

export async function customerOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = buildSubmissionSchema(app.config.SUPPORT_EMAIL);
  const params = z.object({ id: recordIdSchema() });
  // The guard checks sign-in before the body is validated, so an anonymous visitor always gets 401.
  const signedIn = { config: { access: 'customer' } } as const;

  const created = { 201: submissionSchema };
  api.post('/api/submissions', { ...signedIn, schema: { body, response: created }, bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
    const user = await requireUser(request);
    const row = await createOrder(app.db, user.id, request.body);
    return reply.code(201).send(toCustomerOrder(row));
  });

  api.post(
    '/api/submissions/from-pending',
    { ...signedIn, schema: { body, response: created }, bodyLimit: CREATE_BODY_LIMIT },
    async (request, reply) => {
      const user = await requireUser(request);
      const row =
        (await findReplayedPendingOrder(app.db, user.id, request.body)) ??
        (await createOrder(app.db, user.id, request.body));
      return reply.code(201).send(toCustomerOrder(row));
    },
  );

  // One page of the customer's orders, newest first (decision 037): still a JSON array (spec section 7); the next
  // page's address is in a Link header (RFC 8288), absent on the last page.
  const cursorKey = cursorSigningKey(app.sessionSecret);
  api.get(
    '/api/submissions',
    { ...signedIn, schema: { querystring: submissionListQuerySchema, response: { 200: submissionListSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { limit, cursor } = request.query;
      const after = cursor ? decodeListCursor(cursorKey, user.id, cursor) : null;
      const page = await listOwnOrders(app.db, user.id, { limit, after });
      if (page.next) {
        const next = encodeURIComponent(encodeListCursor(cursorKey, user.id, page.next));
        void reply.header('Link', `</api/submissions?limit=${limit}&cursor=${next}>; rel="next"`);
      }
      return page.items;
    },
  );

  // The dashboard's counters: one aggregate over every order, not the list's page.
  api.get('/api/submissions/summary', { ...signedIn, schema: { response: { 200: submissionSummarySchema } } }, async (request) => {
    const user = await requireUser(request);
    return summarizeOwnOrders(app.db, user.id);
  });

  api.get('/api/submissions/:id', { ...signedIn, schema: { params, response: { 200: submissionSchema } } }, async (request) => {
    const user = await requireUser(request);
    return withDocuments(app.db, await getAccessibleOrder(app.db, request.params.id, user), user);
  });

  api.get('/api/submission/:id', { ...signedIn, schema: { params, response: { 200: submissionDraftSchema } } }, async (request) => {
    const user = await requireUser(request);
    return toDraft(await getAccessibleOrder(app.db, request.params.id, user));
  });

  // Before payment (decision 069): the customer discards an order they will not pay.
  api.post('/api/submissions/:id/discard', { ...signedIn, schema: { params, response: { 200: discardResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    return discardOrder(app.db, app.context, { submissionId: request.params.id, userId: user.id, now: new Date() });
  });

  // After delivery (decision 018): the one free revision, and every delivered version. The cancel, which refunds, is
  // the payments feature's route.
  api.post(
    '/api/submissions/:id/revision',
    { ...signedIn, schema: { params, body: revisionRequestSchema, response: { 200: submissionSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const row = await requestRevision(app.db, app.context, {
        submissionId: request.params.id,
        userId: user.id,
        message: request.body.message,
        now: new Date(),
      });
      return withDocuments(app.db, row, user);
    },
  );

  api.get('/api/submissions/:id/deliveries', { ...signedIn, schema: { params, response: { 200: deliveriesSchema } } }, async (request) => {
    const user = await requireUser(request);
    const row = await getAccessibleOrder(app.db, request.params.id, user);
    return listDeliveries(app.db, row.id);
  });
}
