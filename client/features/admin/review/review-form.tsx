import type { AdminSubmission } from '@shared/submission.schema';
import { ClaimEditor, textareaSelection } from '../claim-editor';
import { ReviewFields, ReviewerNotesField } from './review-fields';
import { ReviewFormFrame } from './review-form-frame';
import { useReviewForm, type ReviewFormOptions } from './use-review-form';

/** How long the reviewer pauses typing before the draft saves itself (the quick-view dialog). */
export const AUTOSAVE_DELAY_MS = 1500;

export interface ReviewFormProps extends Pick<ReviewFormOptions, 'onCompleted' | 'onReload'> {
  submission: AdminSubmission;
  /** Where Save Draft and Complete Review go; in the form's flow when absent. */
  actionsSlot?: HTMLElement | null;
}

/** The review form of the queue's quick-view dialog: the fields, the notes and the fact-check report. */
export function ReviewForm({ submission, actionsSlot, ...options }: ReviewFormProps) {
  const review = useReviewForm(submission, { autosaveDelayMs: AUTOSAVE_DELAY_MS, ...options });
  return (
    <ReviewFormFrame review={review} actionsSlot={actionsSlot}>
      <ReviewFields review={review} layout="dialog" />
      <ReviewerNotesField review={review} />
      <ClaimEditor
        submissionId={submission.id}
        content={submission.content}
        readSelection={() => textareaSelection(review.originalRef.current)}
        noCheckableClaims={review.draft.fields.noCheckableClaims}
        onNoCheckableClaimsChange={review.draft.edit.noCheckableClaims}
        quote={null}
        verdictKeys={false}
      />
    </ReviewFormFrame>
  );
}
