import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/ids';
import { SIGN_OFF_MESSAGES, signOffInputSchema, signOffSamplingSchema, signOffSchema } from '../../../shared/sign-offs.schema';
import type { Transaction } from '../../db/client';
import { requireStaff } from '../../plugins/auth';
import { lockOrder } from '../orders';
import { assignOrder, isActiveStaff, moveStatus } from '../review-desk';
import { assertNotBlocked } from '../reviewer-preferences';
import { hasOtherReviewer } from './sample';
import { signOffOfOrder } from './read-sign-offs';
import { decideSignOff, type SignOffEffects } from './request-sign-off';

const params = z.object({ id: recordIdSchema() });

/**
 * The second reviewer's sign-off (issue 44 item 1, decision 073): staff only (401 anonymous, 403 customers). 404 for
 * an unknown order, 409 when it is not awaiting a sign-off or the caller completed the review, 400 for a bad body.
 */
export async function signOffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' } as const;

  /** Approval delivers through the review desk's move, as an ordinary completion; a return gives the claim back. */
  const effectsIn = (tx: Transaction): SignOffEffects => ({
    deliver: (order, authorId, signerId) =>
      moveStatus(tx, app.context, order, 'completed', { changedBy: authorId ?? signerId, reason: 'Review signed off by a second reviewer', signedOffBy: signerId }),
    handBack: async (submissionId, authorId) => {
      // Back in the author's hands (claimed by them); to the queue when they are no longer on the team.
      const author = authorId && (await isActiveStaff(tx, authorId, app.config.adminEmails)) ? authorId : null;
      await assignOrder(tx, submissionId, author, app.config.adminEmails);
    },
  });

  api.post(
    '/api/admin/submissions/:id/sign-off',
    { config: staff, schema: { params, body: signOffInputSchema, response: { 200: signOffSchema } } },
    async (request) => {
      const signer = await requireStaff(request);
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        // A reviewer the customer blocked never works on their orders, a second look included (decision 074).
        await assertNotBlocked(tx, id, signer.id);
        await decideSignOff(tx, order, { signerId: signer.id, decision: request.body, now: app.context.now() }, effectsIn(tx));
      });
      return (await signOffOfOrder(app.db, id))!;
    },
  );

  api.get('/api/admin/sign-offs/sampling', { config: staff, schema: { response: { 200: signOffSamplingSchema } } }, async (request, reply) => {
    const viewer = await requireStaff(request);
    void reply.header('Cache-Control', 'no-store');
    const percent = app.context.qaSamplePercent;
    const teamOfOne = !(await hasOtherReviewer(app.db, viewer.id, app.context.adminEmails));
    return { percent, teamOfOne, message: teamOfOne && percent > 0 ? SIGN_OFF_MESSAGES.teamOfOne : SIGN_OFF_MESSAGES.sampling(percent) };
  });
}
