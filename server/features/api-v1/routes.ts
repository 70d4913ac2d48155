import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  problemSchema,
  v1MessageInputSchema,
  v1MessageListSchema,
  v1MessageSchema,
  v1OrderInputSchema,
  v1OrderListQuerySchema,
  v1OrderListSchema,
  v1OrderSchema,
  v1QuoteInputSchema,
  v1QuoteSchema,
} from '../../../shared/api-v1.schema';
import { recordIdSchema } from '../../../shared/ids';
import { ProblemError } from '../../lib/problem';
import { requireApiCaller } from '../api-keys';
import { sendMessage } from '../messages';
import { createOrderIdempotently, getOwnOrder, listOrderMessages, listOrders, quote, toV1Message, toV1Order } from './orders';
import { v1DeliveryFileRoutes } from './files';
import { vatRateFor } from '../../../shared/vat';
import { collectOpenApi } from './openapi';

/** Orders can carry 3,000 words of any script plus notes, as on the form. */
const ORDER_BODY_LIMIT = 2 * 1024 * 1024;

/** Every answer of the public API: success schemas per route, RFC 9457 problems for every error. */
const problems = { '4xx': problemSchema, '5xx': problemSchema } as const;

/** The problem schemas every /api/v1 route answers its errors with. */
export type ApiV1Problems = Record<'4xx' | '5xx', z.ZodType>;

/** Another feature's /api/v1 routes (a certificate look-up, the house style), added inside the public API's plugin. */
export type ApiV1FeatureRoutes = (app: FastifyInstance, problems: ApiV1Problems) => void;

/**
 * The public API, /api/v1 (decision 024): `api-key` access (Bearer key, never a cookie), a scope per route, the
 * key's rate limit, problem details for errors. The OpenAPI document is generated from these same route schemas,
 * and from those of `featureRoutes`: other features' /api/v1 routes, handed in by the registry
 * (server/features/index.ts), so this feature imports no other feature's routes.
 */
export function apiV1Routes(featureRoutes: readonly ApiV1FeatureRoutes[]): (app: FastifyInstance) => Promise<void> {
  return async (app) => registerApiV1(app, featureRoutes);
}

async function registerApiV1(app: FastifyInstance, featureRoutes: readonly ApiV1FeatureRoutes[]): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'api-key', apiScope: 'orders:read' } as const;
  const write = { access: 'api-key', apiScope: 'orders:write' } as const;
  const params = z.object({ id: recordIdSchema() });
  // First: it sees every route added after it (the document is built from them).
  collectOpenApi(app);
  // Other features' /api/v1 routes: a certificate of human review, which anybody may check without a key (issue
  // 24), and the house style (issue 27): GET and PUT /api/v1/style-guide.
  for (const routes of featureRoutes) routes(app, problems);

  api.post(
    '/api/v1/quotes',
    {
      config: read,
      schema: { summary: 'Price and due date of a text, without ordering', tags: ['Orders'], body: v1QuoteInputSchema, response: { 200: v1QuoteSchema, ...problems } },
      bodyLimit: ORDER_BODY_LIMIT,
    },
    async (request) => quote(app.db, requireApiCaller(request), request.body, vatRateFor(app.config.VAT_NUMBER)),
  );

  api.post(
    '/api/v1/orders',
    {
      config: write,
      schema: {
        summary: 'Order a review, paid from prepaid credit',
        description:
          'Requires an `Idempotency-Key` header (1–255 printable ASCII characters). Repeating a request with the same key and body answers the first result again (with `Idempotent-Replayed: true`) and never orders or charges twice; the same key with a different body is a 422 problem. Too little credit is a 402 problem with `shortfallPence`.',
        tags: ['Orders'],
        body: v1OrderInputSchema,
        response: { 201: v1OrderSchema, ...problems },
      },
      bodyLimit: ORDER_BODY_LIMIT,
    },
    async (request, reply) => {
      const caller = requireApiCaller(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new ProblemError(400, 'Send an Idempotency-Key header (1 to 255 printable ASCII characters) with every new order.', {
          errors: [{ path: 'headers.idempotency-key', message: 'Required' }],
        });
      }
      const answer = await createOrderIdempotently(app.db, app.context, caller, request.body, key);
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).header('location', `/api/v1/orders/${answer.body.id}`).send(answer.body);
    },
  );

  api.get(
    '/api/v1/orders',
    { config: read, schema: { summary: 'Your orders, newest first, cursor-paged', tags: ['Orders'], querystring: v1OrderListQuerySchema, response: { 200: v1OrderListSchema, ...problems } } },
    async (request) => listOrders(app.db, requireApiCaller(request), request.query),
  );

  api.get(
    '/api/v1/orders/:id',
    {
      config: read,
      schema: {
        summary: 'One order; with the reviewed text, the diff and the fact-check report once completed',
        tags: ['Orders'],
        params,
        response: { 200: v1OrderSchema, ...problems },
      },
    },
    async (request) => toV1Order(app.db, await getOwnOrder(app.db, requireApiCaller(request), request.params.id)),
  );

  api.get(
    '/api/v1/orders/:id/messages',
    { config: read, schema: { summary: 'The order’s message thread, oldest first', tags: ['Messages'], params, response: { 200: v1MessageListSchema, ...problems } } },
    async (request) => {
      const order = await getOwnOrder(app.db, requireApiCaller(request), request.params.id);
      return { data: (await listOrderMessages(app.db, order.id)).map(toV1Message) };
    },
  );

  api.post(
    '/api/v1/orders/:id/messages',
    {
      config: write,
      schema: { summary: 'Write to the review team about an order', tags: ['Messages'], params, body: v1MessageInputSchema, response: { 201: v1MessageSchema, ...problems } },
    },
    async (request, reply) => {
      const caller = requireApiCaller(request);
      const order = await getOwnOrder(app.db, caller, request.params.id);
      // Through the API the key's owner always writes as the customer of the order, whatever their role.
      const sender = { id: caller.userId, email: caller.email, firstName: null, lastName: null, profileImageUrl: null, isAdmin: false, role: 'customer' as const };
      const message = await sendMessage(app.db, app.mail, sender, { submissionId: order.id, content: request.body.content });
      return reply.code(201).send(toV1Message({ ...message, submissionId: order.id, createdAt: new Date(message.createdAt) }));
    },
  );

  // The delivery's Word file and fact-check PDF (issue 46).
  v1DeliveryFileRoutes(app, problems);
}
