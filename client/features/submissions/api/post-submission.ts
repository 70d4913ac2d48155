import { submissionSchema, type Submission } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';
import { withWordCount, type CreateSubmissionPayload } from './submission-outcome';

/** POST /api/submissions: the form's fields plus the word count; the answer has the new id. */
export function createSubmission(payload: CreateSubmissionPayload): Promise<Submission> {
  return apiJson(submissionSchema, 'POST', '/api/submissions', withWordCount(payload));
}
