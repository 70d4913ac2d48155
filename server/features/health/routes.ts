import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { HEALTH_UNAVAILABLE_MESSAGE, healthReportSchema, type HealthReport } from '../../../shared/health.schema';
import { dataDirWritable } from '../../data-dir';

/** A health check answers within this even when the database hangs (a load balancer's own timeout is longer). */
const DATABASE_CHECK_MS = 3_000;

export { HEALTH_UNAVAILABLE_MESSAGE };

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  const query = app.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const schema = { response: { 200: healthReportSchema, 503: healthReportSchema } };
  app.withTypeProvider<ZodTypeProvider>().get('/healthz', { config: { access: 'public' }, schema }, async (_request, reply) => {
    const [database, writable] = await Promise.all([databaseAnswers(app), dataDirWritable(app.config.DATA_DIR)]);
    const report: HealthReport = {
      status: database && writable ? 'ok' : 'unavailable',
      database: database ? 'ok' : 'unavailable',
      dataDir: writable ? 'writable' : 'not writable',
      ...(database && writable ? {} : { message: HEALTH_UNAVAILABLE_MESSAGE }),
    };
    return reply
      .code(report.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
}
