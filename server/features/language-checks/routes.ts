import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checksQuerySchema, findingListSchema } from '../../../shared/language-checks.schema';
import { reviewedTextOf } from '../../../shared/review.schema';
import { requireStaff } from '../../plugins/auth';
import { foldWord } from '../../../shared/review-decisions.schema';
import { foldedDictionaryOf } from '../review-decisions';
import { houseStyleCheckOfOrder } from '../style-guide';
import { getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { checkText, closeLanguageChecker, warmLanguageChecker } from './check-text';

const params = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid id') });

/** GET /api/admin/submissions/:id/checks?text=original|reviewed: the language findings of the workspace (issue 23). */
export async function languageCheckRoutes(app: FastifyInstance): Promise<void> {
  // The checker's worker starts with the server, not with the first reviewer's check (decision 052); nothing waits
  // for it, /healthz included. Under NODE_ENV=test it starts with the first check: most test files never check a text.
  if (app.config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      try {
        warmLanguageChecker();
      } catch (err) {
        // The server runs without it: each check then answers the error, and a later check tries again.
        app.log.error({ err }, 'the language checker could not start');
      }
    });
  }
  app.addHook('onClose', async () => closeLanguageChecker());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/submissions/:id/checks',
    { config: { access: 'staff' }, schema: { params, querystring: checksQuerySchema, response: { 200: findingListSchema } } },
    async (request, reply) => {
      const user = await requireStaff(request);
      const order = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(user));
      // The reviewed text is the saved draft (a review not started yet is the original, as the editor starts).
      const text = request.query.text === 'original' ? order.content : order.reviewedContent === null ? order.content : reviewedTextOf(order);
      // The order's house style (decision 046): its terms as "House style" findings, its spelling variant over the order's.
      const houseStyle = await houseStyleCheckOfOrder(app.db, order);
      const [findings, dictionary] = await Promise.all([
        checkText(text, houseStyle?.row.spellingVariant ?? order.englishVariant, houseStyle?.matcher ?? null),
        foldedDictionaryOf(app.db, user.id),
      ]);
      void reply.header('cache-control', 'no-store');
      // The reviewer's own dictionary (issue 42): no spelling finding on a word they added (a proper noun).
      return { findings: findings.filter((f) => f.category !== 'spelling' || !dictionary.has(foldWord(text.slice(f.start, f.end)))) };
    },
  );
}
