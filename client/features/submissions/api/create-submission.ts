import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { createSubmission } from './post-submission';
import { submissionCreated, submissionFailed } from './submission-outcome';

/**
 * POST /api/submissions from the app (submission-outcome.ts says what follows). The 401 is this call's own, not the
 * data layer's sign-in-again (`handles401`).
 */
export function useCreateSubmission(draftId: string) {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: createSubmission,
    meta: { handles401: true },
    onSuccess: (submission) => submissionCreated(submission, draftId, navigate),
    onError: (error, payload) => submissionFailed(error, payload, draftId, navigate),
  });
}
