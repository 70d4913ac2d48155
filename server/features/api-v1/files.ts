import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryFileNames, FACT_CHECK_MESSAGES } from '../../../shared/fact-check.schema';
import { recordIdSchema } from '../../../shared/ids';
import type { SubmissionRow } from '../../db/schema';
import { ProblemError } from '../../lib/problem';
import { certificateCodeOfOrder } from '../certificates';
import { buildDeliveryDocx, buildDeliveryReportPdf } from '../fact-check';
import { requireApiCaller } from '../api-keys';
import { FILE_MEDIA_TYPE } from './openapi';
import { getOwnOrder } from './orders';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = 'application/pdf';

/**
 * The delivery's files under /api/v1 (issue 46: `humanproof result --format docx|report`): the same tracked-changes
 * Word file and fact-check PDF as the dashboard's downloads, for a key with orders:read, once the order is completed.
 * Another account's order is a 404, as everywhere in /api/v1.
 */
export function v1DeliveryFileRoutes(app: FastifyInstance, problems: Record<'4xx' | '5xx', z.ZodType>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'api-key', apiScope: 'orders:read', reply: 'file' } as const;
  const params = z.object({ id: recordIdSchema() });
  const fileSchema = (mediaType: string) => z.string().meta({ [FILE_MEDIA_TYPE]: mediaType });

  async function delivered(request: FastifyRequest, id: string): Promise<SubmissionRow> {
    const row = await getOwnOrder(app.db, requireApiCaller(request), id);
    if (row.status !== 'completed') throw new ProblemError(404, FACT_CHECK_MESSAGES.reviewNotReady);
    return row;
  }
  const send = (reply: FastifyReply, type: string, fileName: string, body: Buffer) =>
    reply.header('content-type', type).header('content-disposition', `attachment; filename="${fileName}"`).send(body);

  api.get(
    '/api/v1/orders/:id/reviewed.docx',
    {
      config,
      schema: {
        summary: 'The reviewed text as a Word file with tracked changes, once completed',
        tags: ['Orders'],
        params,
        response: { 200: fileSchema(DOCX), ...problems },
      },
    },
    async (request, reply) => {
      const row = await delivered(request, request.params.id);
      const file = await buildDeliveryDocx(app.db, row, await certificateCodeOfOrder(app.db, row.id));
      if (!file) throw new ProblemError(404, FACT_CHECK_MESSAGES.noReviewedText);
      return send(reply, DOCX, deliveryFileNames(row.id).word, file);
    },
  );

  api.get(
    '/api/v1/orders/:id/fact-check.pdf',
    {
      config,
      schema: { summary: 'The fact-check report as a PDF, once completed', tags: ['Orders'], params, response: { 200: fileSchema(PDF), ...problems } },
    },
    async (request, reply) => {
      const row = await delivered(request, request.params.id);
      const file = await buildDeliveryReportPdf(app.db, row, await certificateCodeOfOrder(app.db, row.id), app.config.PUBLIC_URL);
      return send(reply, PDF, deliveryFileNames(row.id).report, file);
    },
  );
}
