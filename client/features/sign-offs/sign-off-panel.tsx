import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/current-user';
import { formatDayTime } from '@client/lib/format';
import { MAX_SIGN_OFF_NOTES_CHARACTERS, type SignOff, type SignOffOutcome } from '@shared/sign-offs.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { useSignOff } from './api/sign-off';

const HEADINGS: Record<SignOff['status'], string> = {
  pending: 'Awaiting sign-off',
  returned: 'Returned by the second reviewer',
  approved: 'Signed off',
  audited: 'Not signed off in time',
};

const fieldClass = 'rounded-md border border-slate-300 p-2 text-sm focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none';

/**
 * The order's sign-off on the review desk (decision 073). Awaiting one: another reviewer approves it (it is delivered)
 * or returns it with notes; its author is told it waits for someone else (the server refuses them too, 409).
 * Returned and back in review: the notes, for the author to act on. Approved: who signed it off.
 */
export function SignOffPanel({ submission, as: Heading = 'h3' }: { submission: AdminSubmission; as?: 'h2' | 'h3' }) {
  const signOff = submission.signOff ?? null;
  const { user } = useCurrentUser();
  const decide = useSignOff(submission.id);
  const [notes, setNotes] = useState('');
  const ids = useId();
  if (!signOff) return null;
  if (signOff.status === 'returned' && submission.status !== 'in-review') return null;

  const send = (outcome: SignOffOutcome) => decide.mutate({ outcome, ...(notes.trim() ? { notes: notes.trim() } : {}) });
  const error = decide.error instanceof ApiError ? (decide.error.serverMessage ?? decide.error.message) : decide.error?.message;
  const author = signOff.author?.name ?? 'a former team member';
  const mine = signOff.author !== null && signOff.author.id === user?.id;

  return (
    <section className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="sign-off-panel" aria-labelledby={`${ids}-title`}>
      <Heading id={`${ids}-title`} className="text-base font-semibold">
        {HEADINGS[signOff.status]}
      </Heading>
      {signOff.status === 'pending' ? (
        <>
          <p className="text-sm text-slate-700">
            Completed by {author} on {formatDayTime(signOff.requestedAt)}. The customer sees “In review” until a second reviewer signs it off.
          </p>
          {mine ? (
            <p className="text-sm text-slate-700">You completed this review, so another reviewer signs it off.</p>
          ) : (
            <div className="flex flex-col gap-2">
              <label htmlFor={`${ids}-notes`} className="text-sm font-medium">
                Notes for {author} (needed to return it)
              </label>
              <textarea
                id={`${ids}-notes`}
                rows={3}
                maxLength={MAX_SIGN_OFF_NOTES_CHARACTERS}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                className={fieldClass}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="button" size="sm" disabled={decide.isPending} onClick={() => send('approved')}>
                  Approve and deliver
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={decide.isPending || notes.trim() === ''} onClick={() => send('returned')}>
                  Return with notes
                </Button>
              </div>
            </div>
          )}
          {error ? <FormAlert>{error}</FormAlert> : null}
        </>
      ) : signOff.status === 'audited' ? (
        <p className="text-sm text-slate-700">
          Nobody signed it off by an hour before its due time, so it was delivered then; an audit is the second look.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {signOff.status === 'returned' ? 'Returned' : 'Signed off'} by {signOff.signedBy?.name ?? 'a former team member'}
            {signOff.decidedAt ? ` on ${formatDayTime(signOff.decidedAt)}` : ''}.
          </p>
          {signOff.notes ? <blockquote className="border-l-2 border-amber-400 pl-3 text-sm whitespace-pre-wrap text-slate-800">{signOff.notes}</blockquote> : null}
        </>
      )}
    </section>
  );
}
