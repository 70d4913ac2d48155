import { useEffect, useId, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { AUDIT_CUSTOMER_TEXT, MAX_RATING_COMMENT_CHARACTERS, RATING_MESSAGES } from '@shared/ratings-audits.schema';
import { useRateOrder, useRating } from './api/rating';

const STARS = [1, 2, 3, 4, 5] as const;

function errorText(error: Error | null): string | null {
  if (!error) return null;
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Your rating could not be saved. Please try again.';
}

/**
 * The customer rates a delivered review (issue 44, decision 068): 1–5 stars as a radio group (arrow keys move
 * between them) and an optional comment. Changeable for 14 days; 2 stars or fewer asks a second reviewer to audit it.
 */
export function RateDelivery({ submissionId }: { submissionId: string }) {
  const { data, isPending, isError } = useRating(submissionId);
  const rate = useRateOrder(submissionId);
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [saved, setSaved] = useState(false);
  const ids = useId();
  const rating = data?.rating ?? null;

  useEffect(() => {
    if (rating && stars === null) {
      setStars(rating.stars);
      setComment(rating.comment);
    }
  }, [rating, stars]);

  if (isPending) return <p className="text-sm text-slate-600">Loading your rating…</p>;
  if (isError || !data?.canRate) return null;
  const locked = rating ? new Date(rating.changeableUntil).getTime() < Date.now() : false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null) return;
    setSaved(false);
    rate.mutate({ stars, comment }, { onSuccess: () => setSaved(true) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-testid="rate-delivery" aria-labelledby={`${ids}-legend`}>
      <fieldset disabled={locked || rate.isPending} className="flex flex-col gap-2">
        <legend id={`${ids}-legend`} className="text-sm font-medium text-slate-900">
          {rating ? `Your rating of delivery ${rating.deliveryNumber}` : 'How was this review?'}
        </legend>
        <div role="radiogroup" aria-label="Stars" className="flex gap-1">
          {STARS.map((n) => (
            <label key={n} className="cursor-pointer rounded focus-within:ring-2 focus-within:ring-accent">
              <input
                type="radio"
                name={`${ids}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="sr-only"
                aria-label={`${n} star${n === 1 ? '' : 's'}`}
              />
              <Star
                aria-hidden="true"
                className={`h-7 w-7 ${stars !== null && n <= stars ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
              />
            </label>
          ))}
        </div>
        <label htmlFor={`${ids}-comment`} className="text-sm text-slate-700">
          Comment (optional)
        </label>
        <textarea
          id={`${ids}-comment`}
          value={comment}
          maxLength={MAX_RATING_COMMENT_CHARACTERS}
          onChange={(event) => setComment(event.target.value)}
          rows={2}
          className="rounded-md border border-slate-300 p-2 text-sm focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
        />
        {stars !== null && stars <= 2 ? (
          <p className="text-xs text-slate-600">A second reviewer will audit this review, and we will e-mail you what they find.</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" variant="outline" disabled={stars === null}>
            {rating ? 'Update rating' : 'Save rating'}
          </Button>
          {saved ? (
            <p role="status" className="text-sm text-emerald-800">
              {RATING_MESSAGES.saved}
            </p>
          ) : null}
          {locked ? <p className="text-xs text-slate-600">{RATING_MESSAGES.windowPassed}</p> : null}
        </div>
      </fieldset>
      {data.auditStatus ? (
        <p className="text-sm text-slate-700" data-testid="audit-status">
          {AUDIT_CUSTOMER_TEXT[data.auditStatus]}
        </p>
      ) : null}
      {rate.error ? <FormAlert>{errorText(rate.error)}</FormAlert> : null}
    </form>
  );
}
