import { submissionSchema, type Submission } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';

/** POST /api/submissions/from-pending: the submission stored before sign-in (spec section 4); the answer has the id. */
export function createSubmissionFromPending(pending: unknown): Promise<Submission> {
  return apiJson(submissionSchema, 'POST', '/api/submissions/from-pending', pending);
}
