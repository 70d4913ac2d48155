import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingDetailsInputSchema,
  billingDetailsSchema,
  billingDocumentListSchema,
  billingExportQuerySchema,
  formatDocumentNumber,
} from '../../../shared/billing-documents.schema';
import { BRAND } from '../../../shared/brand';
import { recordIdSchema } from '../../../shared/ids';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { findVisibleDocument, getBillingDetails, listDocuments, saveBillingDetails } from './documents';
import { monthExportZip } from './export';
import { buildBillingDocumentPdf, type Supplier } from './render-pdf';

const idParams = z.object({ id: recordIdSchema() });
const listQuery = z.object({ submissionId: recordIdSchema().optional() });

/**
 * Receipts, VAT invoices and credit notes (decision 044): the customer's list and PDFs, their billing details, and
 * the finance export of a month for admins.
 */
export async function billingDocumentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = { access: 'customer' } as const;
  const supplier: Supplier = { name: BRAND.name, address: app.config.SUPPORT_ADDRESS, email: app.config.SUPPORT_EMAIL };

  api.get('/api/billing/details', { config: customer, schema: { response: { 200: billingDetailsSchema } } }, async (request) => {
    const user = await requireUser(request);
    return getBillingDetails(app.db, user.id);
  });

  api.put(
    '/api/billing/details',
    { config: customer, schema: { body: billingDetailsInputSchema, response: { 200: billingDetailsSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return saveBillingDetails(app.db, user.id, request.body);
    },
  );

  api.get(
    '/api/billing/documents',
    { config: customer, schema: { querystring: listQuery, response: { 200: billingDocumentListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { items: await listDocuments(app.db, user.id, request.query.submissionId) };
    },
  );

  api.get(
    '/api/billing/documents/:id/pdf',
    { config: { ...customer, reply: 'file' }, schema: { params: idParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { document, refersTo } = await findVisibleDocument(app.db, user.id, request.params.id);
      const pdf = await buildBillingDocumentPdf(document, supplier, refersTo);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${formatDocumentNumber(document.number)}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  api.get(
    '/api/admin/billing-documents/export',
    { config: { access: 'admin', reply: 'file' }, schema: { querystring: billingExportQuerySchema } },
    async (request, reply) => {
      await requireAdmin(request);
      const { month } = request.query;
      const zip = monthExportZip(app.db, month, supplier, (err) => request.log.error({ err, month }, 'billing documents export failed'));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="billing-documents-${month}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(zip);
    },
  );
}
