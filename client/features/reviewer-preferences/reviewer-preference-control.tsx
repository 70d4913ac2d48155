import { useState } from 'react';
import { Ban, ThumbsUp } from 'lucide-react';
import { REVIEWER_PREFERENCE_MESSAGES, type ReviewerPreference } from '@shared/reviewer-preferences.schema';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { useOrderReviewerPreference, useSetReviewerPreference } from './api/reviewer-preferences';

const STATE_TEXT: Record<ReviewerPreference, string> = {
  preferred: 'You prefer this reviewer: your new orders are offered to them first.',
  blocked: 'You blocked this reviewer: they will not get your orders.',
};

/**
 * Prefer or block the reviewer who delivered the order (issue 44 item 4, decision 074), beside its rating. The
 * reviewer is named by pseudonym only. Two toggle buttons: pressing the one that is on turns it off. An organisation's
 * member sees the owners' choice without the buttons.
 */
export function ReviewerPreferenceControl({ submissionId }: { submissionId: string }) {
  const { data } = useOrderReviewerPreference(submissionId);
  const save = useSetReviewerPreference(submissionId);
  const [message, setMessage] = useState<string | null>(null);
  if (!data?.reviewer) return null;
  const current = data.preference;
  const choose = (preference: ReviewerPreference) => {
    const next = current === preference ? null : preference;
    setMessage(null);
    save.mutate({ preference: next }, { onSuccess: () => setMessage(next ? REVIEWER_PREFERENCE_MESSAGES.saved[next] : REVIEWER_PREFERENCE_MESSAGES.cleared) });
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="reviewer-preference-control">
      <p className="text-sm text-slate-900">
        Reviewed by <span className="font-medium">{data.reviewer.pseudonym}</span>
      </p>
      {current ? <p className="text-sm text-slate-700">{data.canSet ? STATE_TEXT[current] : `Your organisation ${current === 'blocked' ? 'blocked' : 'prefers'} this reviewer.`}</p> : null}
      {data.canSet ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Your preference for ${data.reviewer.pseudonym}`}>
          <Button type="button" size="sm" variant={current === 'preferred' ? 'primary' : 'outline'} aria-pressed={current === 'preferred'} disabled={save.isPending} onClick={() => choose('preferred')}>
            <ThumbsUp className="h-4 w-4" aria-hidden="true" /> Prefer
          </Button>
          <Button type="button" size="sm" variant={current === 'blocked' ? 'destructive' : 'outline'} aria-pressed={current === 'blocked'} disabled={save.isPending} onClick={() => choose('blocked')}>
            <Ban className="h-4 w-4" aria-hidden="true" /> Block
          </Button>
          {message ? (
            <p role="status" className="text-sm text-emerald-800">
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
      {save.error ? <FormAlert>{(save.error instanceof ApiError ? save.error.serverMessage : undefined) ?? 'Could not save. Please try again.'}</FormAlert> : null}
    </div>
  );
}
