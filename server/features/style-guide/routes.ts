import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderHouseStyleSchema, styleGuideInputSchema, styleGuideSchema } from '../../../shared/style-guide.schema';
import { requireStaff, requireUser } from '../../plugins/auth';
import { requireApiCaller } from '../api-keys';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { readStyleGuide, replaceStyleGuide, styleGuideOfOrder } from './service';

const params = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid id') });
/** 500 terms of 100 characters and their replacements, with JSON's quoting, fit well within this. */
const GUIDE_BODY_LIMIT = 512 * 1024;

/**
 * The house style (issue 27, part 4; decision 046). Settings reads and replaces the caller's guide (their
 * organisation's, or their own); the workspace reads the guide of the order it works on.
 */
export async function styleGuideRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;

  api.get('/api/style-guide', { config: customer, schema: { response: { 200: styleGuideSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    void reply.header('cache-control', 'no-store');
    return readStyleGuide(app.db, user.id);
  });

  api.put(
    '/api/style-guide',
    { config: customer, bodyLimit: GUIDE_BODY_LIMIT, schema: { body: styleGuideInputSchema, response: { 200: styleGuideSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return replaceStyleGuide(app.db, user.id, request.body);
    },
  );

  api.get(
    '/api/admin/submissions/:id/style-guide',
    { config: { access: 'staff' }, schema: { params, response: { 200: orderHouseStyleSchema } } },
    async (request, reply) => {
      const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(await requireStaff(request)));
      const row = await styleGuideOfOrder(app.db, order);
      void reply.header('cache-control', 'no-store');
      return {
        houseStyle: row
          ? { owner: row.organisationId ? ('organisation' as const) : ('account' as const), spellingVariant: row.spellingVariant, rules: row.rules, termCount: row.terms.length }
          : null,
      };
    },
  );
}

/**
 * /api/v1/style-guide (registered inside the public API's plugin, so the OpenAPI document lists it): the key's
 * account's guide, read with `style-guide:read`, replaced with `style-guide:write`.
 */
export function styleGuideV1Routes(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/v1/style-guide',
    {
      config: { access: 'api-key', apiScope: 'style-guide:read' },
      schema: {
        summary: 'Your house style: preferred and banned terms, spelling variant and rules',
        description:
          'The guide the review team applies to your orders: your organisation’s when the key’s account belongs to one, else the account’s own. Empty (no terms) until it is first saved. `canEdit` says whether this key’s account may replace it.',
        tags: ['House style'],
        response: { 200: styleGuideSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return readStyleGuide(app.db, requireApiCaller(request).userId);
    },
  );
  api.put(
    '/api/v1/style-guide',
    {
      config: { access: 'api-key', apiScope: 'style-guide:write' },
      bodyLimit: GUIDE_BODY_LIMIT,
      schema: {
        summary: 'Replace your house style',
        description:
          'Replaces the whole guide (send every term you want to keep). At most 500 terms; a term and a replacement have 1–100 characters; a banned term needs a replacement, a preferred term has none; a term listed twice (whatever its case) is a 400 naming it; rules up to 5,000 characters. An organisation’s guide can be replaced by its owners only: a member’s key gets 403.',
        tags: ['House style'],
        body: styleGuideInputSchema,
        response: { 200: styleGuideSchema, ...problems },
      },
    },
    async (request) => replaceStyleGuide(app.db, requireApiCaller(request).userId, request.body),
  );
}
