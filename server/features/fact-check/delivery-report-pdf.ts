import { certificatePath } from '../../../shared/certificate.schema';
import type { Executor } from '../../db/client';
import type { SubmissionRow } from '../../db/schema';
import { deliveredDiff } from '../delivery-diff';
import { buildFactCheckPdf } from './build-report-pdf';
import { loadReport } from './claims';

/**
 * The delivery's fact-check report, one for every route that serves it (the dashboard's and /api/v1's): the report,
 * the reviewer's notes, what each corrected passage now says (from the diff stored at delivery), and the
 * certificate's verification link and QR code on this server's public address (`certificateCode`, the caller's to
 * read: certificates depend on this feature). Issue 45.
 */
export async function buildDeliveryReportPdf(db: Executor, row: SubmissionRow, certificateCode: string | null, publicUrl: string): Promise<Buffer> {
  const verificationUrl = certificateCode ? new URL(certificatePath(certificateCode), publicUrl).toString() : null;
  return buildFactCheckPdf({
    submission: row,
    report: await loadReport(db, row),
    diff: (await deliveredDiff(db, row)) ?? [],
    verificationUrl,
    certificateCode,
  });
}
