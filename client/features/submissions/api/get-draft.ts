import type { SubmissionDraft } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';

/**
 * GET /api/submission/{id}: a prior submission to prefill the form; any failure means "could not load" (spec 7).
 * Its schema loads with the call: the order form's first script carries no zod (decision 051).
 */
export async function getSubmissionDraft(id: string): Promise<SubmissionDraft> {
  const { submissionDraftSchema } = await import('@shared/submission.schema');
  return apiJson(submissionDraftSchema, 'GET', `/api/submission/${encodeURIComponent(id)}`);
}
