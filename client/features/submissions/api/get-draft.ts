import { submissionDraftSchema, type SubmissionDraft } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';

/** GET /api/submission/{id}: a prior submission to prefill the form; any failure means "could not load" (spec 7). */
export function getSubmissionDraft(id: string): Promise<SubmissionDraft> {
  return apiJson(submissionDraftSchema, 'GET', `/api/submission/${encodeURIComponent(id)}`);
}
