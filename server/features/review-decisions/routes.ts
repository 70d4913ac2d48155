import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/ids';
import {
  dictionarySchema,
  dictionaryWordInputSchema,
  dictionaryWordSchema,
  reviewDecisionInputSchema,
  reviewDecisionListSchema,
} from '../../../shared/review-decisions.schema';
import { requireStaff } from '../../plugins/auth';
import { assertMayWorkOn } from '../review-desk';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { recordDecision, listDecisions, undoDecision } from './decisions';
import { addDictionaryWord, dictionaryOf, removeDictionaryWord } from './dictionary';

const idParams = z.object({ id: recordIdSchema() });

/**
 * The review desk's stored decisions (issue 42, decision 067): staff only (401 anonymous, 403 a customer), an
 * unknown order 404; a change is refused, as a save is, while another reviewer holds the order's claim. And each
 * reviewer's own dictionary.
 */
export async function reviewDecisionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' } as const;
  const list = { 200: reviewDecisionListSchema };

  /** The order (404 when unknown), and for a change the claim's rule. */
  const orderFor = async (request: { params: { id: string } }, user: Awaited<ReturnType<typeof requireStaff>>, change: boolean) => {
    const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(user));
    if (change) await assertMayWorkOn(app.db, order.id, user.id);
    return order;
  };

  api.get('/api/admin/submissions/:id/decisions', { config: staff, schema: { params: idParams, response: list } }, async (request, reply) => {
    const order = await orderFor(request, await requireStaff(request), false);
    void reply.header('cache-control', 'no-store');
    return { decisions: await listDecisions(app.db, order.id) };
  });

  api.post(
    '/api/admin/submissions/:id/decisions',
    { config: staff, schema: { params: idParams, body: reviewDecisionInputSchema, response: list } },
    async (request) => {
      const user = await requireStaff(request);
      const order = await orderFor(request, user, true);
      await recordDecision(app.db, order.id, user.id, request.body);
      return { decisions: await listDecisions(app.db, order.id) };
    },
  );

  api.delete(
    '/api/admin/submissions/:id/decisions/:decisionId',
    { config: staff, schema: { params: idParams.extend({ decisionId: recordIdSchema() }), response: list } },
    async (request) => {
      const user = await requireStaff(request);
      const order = await orderFor(request, user, true);
      await undoDecision(app.db, order.id, request.params.decisionId);
      return { decisions: await listDecisions(app.db, order.id) };
    },
  );

  const words = { 200: dictionarySchema };
  api.get('/api/admin/dictionary', { config: staff, schema: { response: words } }, async (request, reply) => {
    const user = await requireStaff(request);
    void reply.header('cache-control', 'no-store');
    return { words: await dictionaryOf(app.db, user.id) };
  });

  api.post('/api/admin/dictionary', { config: staff, schema: { body: dictionaryWordInputSchema, response: words } }, async (request) => {
    const user = await requireStaff(request);
    await addDictionaryWord(app.db, user.id, request.body.word);
    return { words: await dictionaryOf(app.db, user.id) };
  });

  api.delete('/api/admin/dictionary/:word', { config: staff, schema: { params: z.object({ word: dictionaryWordSchema }), response: words } }, async (request) => {
    const user = await requireStaff(request);
    await removeDictionaryWord(app.db, user.id, request.params.word);
    return { words: await dictionaryOf(app.db, user.id) };
  });
}
