import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch {
      return reply.code(503).send({ message: 'Database unavailable' });
    }
  });
}
