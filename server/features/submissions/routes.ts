import type { FastifyInstance } from 'fastify';
import { recordIdSchema } from '../../../shared/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildSubmissionSchema,
  submissionDraftSchema,
  submissionListSchema,
  submissionSchema,
} from '../../../shared/submission.schema';
import { requireUser } from '../../plugins/auth';
import { createSubmission, findReplayedPendingSubmission } from './create-submission';
import { getAccessibleSubmission, listOwnSubmissions, withDocuments } from './find-submissions';
import { toDraft, toSubmission } from './serialize';

/** Content can be long (3,000 words of any script plus notes): allow 2 MB of JSON on the create routes. */
const CREATE_BODY_LIMIT = 2 * 1024 * 1024;

export async function submissionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = buildSubmissionSchema(app.config.SUPPORT_EMAIL);
  const params = z.object({ id: recordIdSchema() });
  // The guard checks sign-in before the body is validated, so an anonymous visitor always gets 401.
  const signedIn = { config: { access: 'customer' } } as const;

  const created = { 201: submissionSchema };
  api.post('/api/submissions', { ...signedIn, schema: { body, response: created }, bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
    const user = await requireUser(request);
    const row = await createSubmission(app.db, user.id, request.body);
    return reply.code(201).send(toSubmission(row));
  });

  api.post(
    '/api/submissions/from-pending',
    { ...signedIn, schema: { body, response: created }, bodyLimit: CREATE_BODY_LIMIT },
    async (request, reply) => {
      const user = await requireUser(request);
      const row =
        (await findReplayedPendingSubmission(app.db, user.id, request.body)) ??
        (await createSubmission(app.db, user.id, request.body));
      return reply.code(201).send(toSubmission(row));
    },
  );

  api.get('/api/submissions', { ...signedIn, schema: { response: { 200: submissionListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listOwnSubmissions(app.db, user.id);
  });

  api.get('/api/submissions/:id', { ...signedIn, schema: { params, response: { 200: submissionSchema } } }, async (request) => {
    const user = await requireUser(request);
    return withDocuments(app.db, await getAccessibleSubmission(app.db, request.params.id, user), user);
  });

  api.get('/api/submission/:id', { ...signedIn, schema: { params, response: { 200: submissionDraftSchema } } }, async (request) => {
    const user = await requireUser(request);
    return toDraft(await getAccessibleSubmission(app.db, request.params.id, user));
  });
}
