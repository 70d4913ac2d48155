import type { Submission } from '@shared/submission.schema';
import { countWords } from '@shared/word-count';
import { toast } from '@client/components/ui/use-toast';
import { isUnauthorized } from '@client/lib/api';
import { storePendingSubmission } from '@client/lib/pending-submission';
import { forgetSentDraft } from '../form-draft';
import type { SubmissionFormOutput } from '../form-model';

/**
 * What follows POST /api/submissions, the same in the app and in the order form's island (decision 051), which
 * differ only in how they go to the next page. No zod here: the island loads the call's schema when it sends.
 */
export type CreateSubmissionPayload = SubmissionFormOutput & { fileName?: string };

/**
 * The form's fields plus the word count the form shows (spec section 3: "the unsent form data plus wordCount").
 * The server counts the words itself and never reads this number (spec section 7).
 */
export function withWordCount(payload: CreateSubmissionPayload): CreateSubmissionPayload & { wordCount: number } {
  return { ...payload, wordCount: countWords(payload.content) };
}

/** Success goes to checkout and forgets the draft. */
export function submissionCreated(submission: Pick<Submission, 'id'>, draftId: string, navigate: (to: string) => void): void {
  forgetSentDraft(draftId);
  toast({
    title: 'Submission created',
    description: `Submission ${submission.id} has been created. Complete your payment to start the review.`,
  });
  navigate(`/checkout/${submission.id}`);
}

/**
 * A 401 keeps the form as the pending submission (with its draft id) and sends the visitor to sign in (spec
 * section 4); anything else keeps the form and says so.
 */
export function submissionFailed(error: unknown, payload: CreateSubmissionPayload, draftId: string, navigate: (to: string) => void): void {
  if (isUnauthorized(error)) {
    storePendingSubmission({ ...withWordCount(payload), draftId });
    toast({ title: 'Authentication Required', description: 'Please sign in to submit your content for review.' });
    navigate('/login');
    return;
  }
  toast({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
}
