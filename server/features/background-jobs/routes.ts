import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAILED_JOBS_LIMIT, JOBS_MESSAGES, jobIdParamsSchema, jobsOverviewSchema } from '../../../shared/jobs.schema';
import { messageAnswerSchema } from '../../../shared/api.schema';
import { notFound } from '../../lib/http-error';

/** Background jobs for administrators (decision 031): queue counts, failed jobs, and "Retry". */
export async function backgroundJobRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/jobs',
    { config: { access: 'admin' }, schema: { response: { 200: jobsOverviewSchema } } },
    async () => {
      const [queues, failed] = await Promise.all([app.jobs.counts(), app.jobs.deadLetters(FAILED_JOBS_LIMIT)]);
      return { queues, failed };
    },
  );

  api.post(
    '/api/admin/jobs/:id/retry',
    {
      config: { access: 'admin' },
      schema: { params: jobIdParamsSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      if (!(await app.jobs.retryDeadLetter(request.params.id))) throw notFound(JOBS_MESSAGES.notFound);
      request.log.info({ jobId: request.params.id }, 'failed job retried');
      return { message: JOBS_MESSAGES.retried };
    },
  );
}
