import { and, eq } from 'drizzle-orm';
import { AUDIT_MESSAGES, type Audit, type CloseAuditInput } from '../../../shared/ratings-audits.schema';
import type { Database } from '../../db/client';
import { deliveries, orderAudits } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { notifyOrderAudited } from '../../mail/notify';
import type { FeatureContext } from '../context';
import { lockOrder } from '../orders';
import { moveStatus } from '../review-desk';
import { certificateCodeOfOrder, revokeCertificates } from '../certificates';
import { auditOfOrder } from '../ratings';
import { enqueueWebhookEvent } from '../webhooks';
import { signerOfDelivery } from '../sign-offs';

/**
 * A reviewer closes an order's open audit (decision 068): "passed" leaves the delivery as it is; "corrected"
 * delivers the corrected text as a new version through the lifecycle, as a revision does (completed → in review →
 * completed: a new delivery, downloads and certificate), after revoking the audited certificates as "corrected after
 * audit". Neither the reviewer who delivered the audited version nor one who signed it off may close it (403). The
 * customer is e-mailed the outcome and the `order.audited` webhook fires, in the same transaction.
 */
export async function closeAudit(
  db: Database,
  context: FeatureContext,
  input: { submissionId: string; reviewerId: string; audit: CloseAuditInput },
): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, input.submissionId);
    const [open] = await tx
      .select({ audit: orderAudits, deliveredBy: deliveries.deliveredBy })
      .from(orderAudits)
      .innerJoin(deliveries, eq(deliveries.id, orderAudits.deliveryId))
      .where(and(eq(orderAudits.submissionId, row.id), eq(orderAudits.status, 'open')))
      .limit(1);
    if (!open) throw conflict(AUDIT_MESSAGES.notFound);
    if (open.deliveredBy === input.reviewerId) throw forbidden(AUDIT_MESSAGES.deliveredIt);
    if ((await signerOfDelivery(tx, open.audit.deliveryId)) === input.reviewerId) throw forbidden(AUDIT_MESSAGES.signedIt);
    const { outcome, notes } = input.audit;
    let certificateCode: string | undefined;
    if (outcome === 'corrected') {
      if (row.status !== 'completed') throw conflict(AUDIT_MESSAGES.notCompleted);
      await revokeCertificates(tx, row.id, 'corrected-after-audit');
      const change = { changedBy: input.reviewerId, reason: 'Corrected after audit' };
      const reopened = await moveStatus(tx, context, row, 'in-review', change);
      await moveStatus(tx, context, reopened, 'completed', { ...change, patch: { reviewedContent: input.audit.reviewedContent ?? '' } });
      certificateCode = (await certificateCodeOfOrder(tx, row.id)) ?? undefined;
    }
    const now = context.now();
    await tx
      .update(orderAudits)
      .set({ status: outcome, notes, closedBy: input.reviewerId, closedAt: now })
      .where(eq(orderAudits.id, open.audit.id));
    await notifyOrderAudited(context.mail, tx, row, { id: open.audit.id, outcome, notes });
    await enqueueWebhookEvent(context.jobs, tx, row.id, 'order.audited', {
      // A correction leaves the order delivered again; a pass leaves it where it was (a revision may be under way).
      status: outcome === 'corrected' ? 'completed' : row.status,
      audit: { outcome, reason: open.audit.reason, ...(certificateCode ? { certificateCode } : {}) },
    });
    return (await auditOfOrder(tx, row.id))!;
  });
}
