import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../../shared/api.schema';
import {
  claimInputSchema,
  claimListSchema,
  claimSchema,
  deliveryFileNames,
  FACT_CHECK_MESSAGES,
  factCheckReportSchema,
} from '../../../shared/fact-check.schema';
import type { SubmissionRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { requireStaff, requireUser } from '../../plugins/auth';
import { canSeeReview, getAccessibleOrder, reviewDeskViewer } from '../customer-orders';
import { certificateCodeOfOrder } from '../certificates';
import { buildDeliveryDocx } from './delivery-docx';
import { buildDeliveryReportPdf } from './delivery-report-pdf';
import { inRevision, lastDeliveredVersion } from './delivered-version';
import { createClaim, deleteClaim, listClaims, loadReport, updateClaim } from './claims';
import { lockOrder } from '../orders';

/** Ids are letters, digits and hyphens; anything else (a NUL byte, a slash) is a 400 before the database sees it. */
const id = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'Invalid id');
const submissionParams = z.object({ id });
const claimParams = z.object({ id, claimId: id });

const adminOnly = { config: { access: 'staff' as const } };
const signedIn = { config: { access: 'customer' as const } };
const download = { config: { access: 'customer' as const, reply: 'file' as const } };

const CONTENT_TYPES = {
  text: 'text/plain; charset=utf-8',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  report: 'application/pdf',
} as const;

function sendFile(reply: FastifyReply, kind: keyof typeof CONTENT_TYPES, fileName: string, body: Buffer | string) {
  return reply
    .header('Content-Type', CONTENT_TYPES[kind])
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

/**
 * The fact-check report and the delivery files. Reviewers edit claims on any order; a customer reads the report
 * and downloads the files of their own order once it is completed (decision 009), and gets 404 otherwise.
 */
export async function factCheckRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The submission when the signed-in user may see its review; 404 for anyone else and before completion. During a
   * revision the customer keeps the version last delivered (issue 45), never the reviewer's draft of the next one.
   */
  async function deliveredSubmission(request: FastifyRequest, submissionId: string): Promise<SubmissionRow> {
    const user = await requireUser(request);
    const row = await getAccessibleOrder(app.db, submissionId, user);
    if (canSeeReview(row, user)) return row;
    const delivered = inRevision(row) ? await lastDeliveredVersion(app.db, row) : null;
    if (!delivered) throw notFound(FACT_CHECK_MESSAGES.reviewNotReady);
    return delivered;
  }

  // --- The reviewer's side -------------------------------------------------------------------
  api.get('/api/admin/submissions/:id/claims', { ...adminOnly, schema: { params: submissionParams, response: { 200: claimListSchema } } }, async (request) => {
    const row = await getAccessibleOrder(app.db, request.params.id, reviewDeskViewer(await requireStaff(request)));
    return listClaims(app.db, row.id);
  });

  api.post(
    '/api/admin/submissions/:id/claims',
    { ...adminOnly, schema: { params: submissionParams, body: claimInputSchema, response: { 201: claimSchema } } },
    async (request, reply) => {
      const admin = await requireStaff(request);
      const claim = await app.db.transaction(async (tx) => {
        const row = await lockOrder(tx, request.params.id);
        return createClaim(tx, row, request.body, admin.id);
      });
      return reply.code(201).send(claim);
    },
  );

  api.patch(
    '/api/admin/submissions/:id/claims/:claimId',
    { ...adminOnly, schema: { params: claimParams, body: claimInputSchema, response: { 200: claimSchema } } },
    async (request) =>
      app.db.transaction(async (tx) => {
        const row = await lockOrder(tx, request.params.id);
        return updateClaim(tx, row, request.params.claimId, request.body);
      }),
  );

  api.delete('/api/admin/submissions/:id/claims/:claimId', { ...adminOnly, schema: { params: claimParams, response: { 204: noContentSchema } } }, async (request, reply) => {
    await app.db.transaction(async (tx) => {
      const row = await lockOrder(tx, request.params.id);
      await deleteClaim(tx, row.id, request.params.claimId);
    });
    return reply.code(204).send(null);
  });

  // --- The customer's side (admins too) -------------------------------------------------------
  api.get('/api/submissions/:id/fact-check', { ...signedIn, schema: { params: submissionParams, response: { 200: factCheckReportSchema } } }, async (request, reply) => {
    const row = await deliveredSubmission(request, request.params.id);
    void reply.header('Cache-Control', 'no-store');
    return loadReport(app.db, row);
  });

  api.get('/api/submissions/:id/reviewed.txt', { ...download, schema: { params: submissionParams } }, async (request, reply) => {
    const row = await deliveredSubmission(request, request.params.id);
    if (!row.reviewedContent) throw notFound(FACT_CHECK_MESSAGES.noReviewedText);
    return sendFile(reply, 'text', deliveryFileNames(row.id).text, row.reviewedContent);
  });

  api.get('/api/submissions/:id/reviewed.docx', { ...download, schema: { params: submissionParams } }, async (request, reply) => {
    const row = await deliveredSubmission(request, request.params.id);
    const file = await buildDeliveryDocx(app.db, row, await certificateCodeOfOrder(app.db, row.id));
    if (!file) throw notFound(FACT_CHECK_MESSAGES.noReviewedText);
    return sendFile(reply, 'word', deliveryFileNames(row.id).word, file);
  });

  api.get('/api/submissions/:id/fact-check.pdf', { ...download, schema: { params: submissionParams } }, async (request, reply) => {
    const row = await deliveredSubmission(request, request.params.id);
    const file = await buildDeliveryReportPdf(app.db, row, await certificateCodeOfOrder(app.db, row.id), app.config.PUBLIC_URL);
    return sendFile(reply, 'report', deliveryFileNames(row.id).report, file);
  });
}
