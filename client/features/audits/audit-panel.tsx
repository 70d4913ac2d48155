import { useId, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { formatDayTime } from '@client/lib/format';
import { AUDIT_REASON_LABELS, AUDIT_STATUS_LABELS, MAX_AUDIT_NOTES_CHARACTERS, type AuditOutcome } from '@shared/ratings-audits.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { useCloseAudit } from './api/close-audit';

const fieldClass = 'rounded-md border border-slate-300 p-2 text-sm focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none';

/**
 * The order's audit on the review desk (decision 068): why it was opened, the customer's rating, and for an open one
 * the form that closes it as passed or corrected (the corrected text is delivered as a new version). The server
 * refuses the reviewer who delivered it (403), whose message is shown.
 */
export function AuditPanel({ submission }: { submission: AdminSubmission }) {
  const audit = submission.audit ?? null;
  const close = useCloseAudit(submission.id);
  const [outcome, setOutcome] = useState<AuditOutcome>('passed');
  const [notes, setNotes] = useState('');
  const [text, setText] = useState(submission.reviewedContent ?? '');
  const ids = useId();
  if (!audit) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate({ outcome, notes, ...(outcome === 'corrected' ? { reviewedContent: text } : {}) });
  };
  const error = close.error instanceof ApiError ? (close.error.serverMessage ?? close.error.message) : close.error?.message;

  return (
    <section className="flex flex-col gap-2 border-t border-slate-200 pt-4" data-testid="audit-panel" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-base font-semibold">
        {AUDIT_STATUS_LABELS[audit.status]} · {AUDIT_REASON_LABELS[audit.reason]}
      </h3>
      <p className="text-sm text-slate-700">
        Delivery {audit.deliveryNumber}, opened {formatDayTime(audit.openedAt)}
        {audit.stars !== null ? `; the customer rated it ${audit.stars} of 5` : ''}.
      </p>
      {audit.comment ? <blockquote className="border-l-2 border-slate-300 pl-3 text-sm text-slate-700">{audit.comment}</blockquote> : null}
      {audit.status !== 'open' ? (
        audit.notes ? <p className="text-sm text-slate-700">Finding: {audit.notes}</p> : null
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <fieldset className="flex flex-wrap gap-4 text-sm" disabled={close.isPending}>
            <legend className="mb-1 text-sm font-medium">Outcome</legend>
            {(['passed', 'corrected'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name={`${ids}-outcome`} value={value} checked={outcome === value} onChange={() => setOutcome(value)} />
                {value === 'passed' ? 'Passed: the review stands' : 'Corrected: deliver a new version'}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-notes`} className="text-sm font-medium">
            What the audit found
          </label>
          <textarea id={`${ids}-notes`} required rows={3} maxLength={MAX_AUDIT_NOTES_CHARACTERS} value={notes} onChange={(e) => setNotes(e.target.value)} className={fieldClass} />
          {outcome === 'corrected' ? (
            <>
              <label htmlFor={`${ids}-text`} className="text-sm font-medium">
                Corrected text
              </label>
              <textarea id={`${ids}-text`} required rows={8} value={text} onChange={(e) => setText(e.target.value)} className={fieldClass} />
            </>
          ) : null}
          <div>
            <Button type="submit" size="sm" disabled={close.isPending}>
              {outcome === 'passed' ? 'Close audit as passed' : 'Deliver the correction'}
            </Button>
          </div>
          {error ? <FormAlert>{error}</FormAlert> : null}
        </form>
      )}
    </section>
  );
}
