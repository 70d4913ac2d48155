import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { editorialDefaultInputSchema, editorialDefaultSchema } from '../../../shared/editorial.schema';
import { editorialRecordSchema, type EditorialRecord } from '../../../shared/editorial-record.schema';
import { recordIdSchema } from '../../../shared/ids';
import { notFound } from '../../lib/http-error';
import { ProblemError } from '../../lib/problem';
import { requireUser } from '../../plugins/auth';
import { requireApiCaller } from '../api-keys';
import { submissions } from '../../db/schema';
import { customerCanSee, getAccessibleOrder } from '../customer-orders';
import { readEditorialDefault, replaceEditorialDefault } from './editorial-defaults';
import { findEditorialRecord, type EditorialRecordRow } from './read-record';
import { buildRecordPdf } from './record-pdf';

export const RECORD_NOT_FOUND = 'No editorial-control record: it is written when the review is delivered.';

const params = z.object({ id: recordIdSchema() });
const deliveryMessage = 'delivery must be a whole number from 1';
export const recordQuerySchema = z.object({
  delivery: z.coerce.number({ error: deliveryMessage }).int(deliveryMessage).min(1, deliveryMessage).max(10_000, deliveryMessage).optional(),
});

/** The exact stored bytes: the credential's digestSRI is over them, so they are never re-serialised. */
function sendRecord(reply: FastifyReply, row: EditorialRecordRow) {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(row.body);
}

/**
 * The editorial-control record (issue 43, decision 060), private to whoever may see the order: its JSON and PDF for
 * the signed-in customer (or their organisation, or the team); anybody else gets 404. Also Settings' default of who
 * holds editorial responsibility.
 */
export async function editorialRecordRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;

  api.get(
    '/api/submissions/:id/editorial-record',
    { config: customer, schema: { params, querystring: recordQuerySchema, response: { 200: editorialRecordSchema } } },
    async (request, reply) => {
      const order = await getAccessibleOrder(app.db, request.params.id, await requireUser(request));
      const row = await findEditorialRecord(app.db, order.id, request.query.delivery);
      if (!row) throw notFound(RECORD_NOT_FOUND);
      return sendRecord(reply, row);
    },
  );

  api.get(
    '/api/submissions/:id/editorial-record.pdf',
    { config: { ...customer, reply: 'file' }, schema: { params, querystring: recordQuerySchema } },
    async (request, reply) => {
      const order = await getAccessibleOrder(app.db, request.params.id, await requireUser(request));
      const row = await findEditorialRecord(app.db, order.id, request.query.delivery);
      if (!row) throw notFound(RECORD_NOT_FOUND);
      const pdf = await buildRecordPdf(JSON.parse(row.body) as EditorialRecord, `sha256-${row.sha256}`);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="humanproof-editorial-record-${order.id}-${row.deliveryNumber}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  api.get('/api/editorial-responsibility', { config: customer, schema: { response: { 200: editorialDefaultSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    void reply.header('cache-control', 'no-store');
    return readEditorialDefault(app.db, user.id);
  });

  api.put(
    '/api/editorial-responsibility',
    { config: customer, schema: { body: editorialDefaultInputSchema, response: { 200: editorialDefaultSchema } } },
    async (request) => replaceEditorialDefault(app.db, (await requireUser(request)).id, request.body.editorialResponsibility),
  );
}

/**
 * GET /api/v1/orders/:id/editorial-record, registered inside the public API's plugin (so the OpenAPI document lists
 * it): the key's account's order only, as the web's rule (decision 047); any other is a 404 problem.
 */
export function editorialRecordV1Route(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/orders/:id/editorial-record',
    {
      config: { access: 'api-key', apiScope: 'orders:read' },
      schema: {
        summary: 'The editorial-control record of an order’s delivery',
        description:
          'Who holds editorial responsibility (as you named them, or "not named"), who reviewed (a pseudonym), when, the effort, every fact-check claim and the language and house-style work, as written when the review was delivered. The latest delivery’s, or `delivery`’s. The answer is the exact bytes the certificate’s verifiable credential binds with `evidence[0].digestSRI`.',
        tags: ['Orders'],
        params,
        querystring: recordQuerySchema,
        response: { 200: editorialRecordSchema, ...problems },
      },
    },
    async (request, reply) => {
      const caller = requireApiCaller(request);
      const [order] = await app.db
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.id, request.params.id), customerCanSee(caller.userId)))
        .limit(1);
      const row = order ? await findEditorialRecord(app.db, order.id, request.query.delivery) : null;
      if (!row) throw new ProblemError(404, order ? RECORD_NOT_FOUND : 'Order not found');
      return sendRecord(reply, row);
    },
  );
}
