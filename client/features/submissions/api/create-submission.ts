import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { submissionSchema, type Submission } from '@shared/submission.schema';
import { countWords } from '@shared/word-count';
import { toast } from '@client/components/ui/use-toast';
import { apiJson, isUnauthorized } from '@client/lib/api';
import { storePendingSubmission } from '@client/lib/pending-submission';
import { forgetSentDraft } from '../form-draft';
import type { SubmissionFormOutput } from '../form-model';

export type CreateSubmissionPayload = SubmissionFormOutput & { fileName?: string };

/**
 * The form's fields plus the word count the form shows (spec section 3: "the unsent form data plus wordCount").
 * The server counts the words itself and never reads this number (spec section 7).
 */
export function withWordCount(payload: CreateSubmissionPayload): CreateSubmissionPayload & { wordCount: number } {
  return { ...payload, wordCount: countWords(payload.content) };
}

/** POST /api/submissions: the form's fields plus the word count; the answer has the new id. */
export function createSubmission(payload: CreateSubmissionPayload): Promise<Submission> {
  return apiJson(submissionSchema, 'POST', '/api/submissions', withWordCount(payload));
}

/**
 * POST /api/submissions. Success goes to checkout and forgets the draft; a 401 keeps the form as the pending
 * submission (with its draft id) and sends the visitor to sign in (spec section 4); anything else keeps the form
 * and says so. The 401 is this call's own, not the data layer's sign-in-again (`handles401`).
 */
export function useCreateSubmission(draftId: string) {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: createSubmission,
    meta: { handles401: true },
    onSuccess: (submission) => {
      forgetSentDraft(draftId);
      toast({
        title: 'Submission created',
        description: `Submission ${submission.id} has been created. Complete your payment to start the review.`,
      });
      navigate(`/checkout/${submission.id}`);
    },
    onError: (error, payload) => {
      if (isUnauthorized(error)) {
        storePendingSubmission({ ...withWordCount(payload), draftId });
        toast({ title: 'Authentication Required', description: 'Please sign in to submit your content for review.' });
        navigate('/login');
        return;
      }
      toast({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
    },
  });
}
