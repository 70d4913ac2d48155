import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FACT_CHECK_MESSAGES } from '@shared/fact-check.schema';
import { SIGN_OFF_MESSAGES } from '@shared/sign-offs.schema';
import { Button } from '@client/components/ui/button';
import { DeliveryCheckDialog } from './delivery-check';
import type { ReviewFormModel } from './use-review-form';

/**
 * The form around a layout's fields and panels: activity in it counts as active review time, Enter in a field
 * completes a ready review, and after the panels come the conflict (with Reload), the report still needed, and Save
 * Draft / Complete Review, in the form or in `actionsSlot` (the dialog's pinned footer, the workspace's header).
 * Complete Review opens the check before delivery (issue 42); only its Confirm sends the review.
 */
export function ReviewFormFrame({ review, actionsSlot, children }: { review: ReviewFormModel; actionsSlot?: HTMLElement | null; children: ReactNode }) {
  const formId = useId();
  const activity = () => review.effort.activity();
  // `form` ties Complete Review to this form wherever the buttons are rendered (the pinned footer is outside it).
  const actions = (
    <div className="flex flex-wrap justify-end gap-2" data-testid="review-actions">
      <Button type="button" variant="outline" onClick={review.saveDraft} disabled={review.saving || review.awaitingSignOff}>
        {review.saving ? 'Saving...' : 'Save Draft'}
      </Button>
      <Button type="submit" form={formId} variant="accent" disabled={!review.completable}>
        Complete Review
      </Button>
    </div>
  );
  return (
    <form
      id={formId}
      className="flex flex-col gap-4"
      noValidate
      onFocus={activity}
      onInput={activity}
      onKeyDown={activity}
      onPointerDown={activity}
      onSubmit={(e) => {
        e.preventDefault();
        review.complete();
      }}
    >
      {children}
      {review.conflict ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="review-conflict">
          <p>{review.conflict} Your text stays in the form until you reload.</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void review.reload()} disabled={review.reloading}>
            {review.reloading ? 'Reloading...' : 'Reload'}
          </Button>
        </div>
      ) : null}
      {review.awaitingSignOff ? (
        <p className="text-sm text-amber-800" role="status" data-testid="review-awaiting-sign-off">
          {SIGN_OFF_MESSAGES.awaiting}
        </p>
      ) : null}
      {!review.reportReady && !review.claims.isLoading ? (
        <p className="text-sm text-amber-800" role="status">
          {FACT_CHECK_MESSAGES.reportNeeded}
        </p>
      ) : null}
      {actionsSlot ? createPortal(actions, actionsSlot) : actions}
      <DeliveryCheckDialog
        open={review.checking}
        facts={{ outstanding: review.outstanding, claims: review.claims.data ?? [], changedWords: review.changedWords, effort: review.effort.session() }}
        onCancel={review.cancelCheck}
        onConfirm={review.deliver}
      />
    </form>
  );
}
