import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/ids';
import { auditSchema, closeAuditSchema } from '../../../shared/ratings-audits.schema';
import { requireStaff } from '../../plugins/auth';
import { closeAudit } from './close-audit';

const params = z.object({ id: recordIdSchema() });

/** The review team closes an order's audit (issue 44 item 2, decision 068): staff only. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/submissions/:id/audit',
    { config: { access: 'staff' }, bodyLimit: 1024 * 1024, schema: { params, body: closeAuditSchema, response: { 200: auditSchema } } },
    async (request) => {
      const reviewer = await requireStaff(request);
      return closeAudit(app.db, app.context, { submissionId: request.params.id, reviewerId: reviewer.id, audit: request.body });
    },
  );
}
