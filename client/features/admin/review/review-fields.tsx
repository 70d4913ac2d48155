import { useId, type ReactNode } from 'react';
import { ATTACHMENT_MODES, type AttachmentMode } from '@shared/review.schema';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { DocumentUploader } from '../document-uploader';
import type { ReviewFormModel } from './use-review-form';

const MODE_LABELS: Record<AttachmentMode, string> = {
  text: 'Text',
  upload: 'Upload documents',
  link: 'Document link',
};

export type ReviewLayout = 'dialog' | 'workspace';

/** The original beside the reviewed copy, as text boxes (the quick-view dialog; the workspace has its prose editor). */
function ReviewEditors({ review }: { review: ReviewFormModel }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FormField label="Original content" hint="The customer's text, read-only. Select a claim here to quote it in the report.">
        {(p) => <Textarea {...p} ref={review.originalRef} readOnly rows={14} value={review.submission.content} className="min-h-64 bg-slate-50" />}
      </FormField>
      <FormField label="Reviewed content" hint="Starts as a copy of the original: edit it in place.">
        {(p) => (
          <Textarea
            {...p}
            rows={14}
            value={review.draft.fields.text}
            readOnly={review.awaitingSignOff}
            onChange={(e) => review.draft.edit.text(e.target.value)}
            className="min-h-64"
          />
        )}
      </FormField>
    </div>
  );
}

/**
 * The review's own fields: how it is delivered (text, documents or a link), the two editors (the textareas, or the
 * workspace's prose editor given as `editors`), and how far it is saved.
 */
export function ReviewFields({ review, editors }: { review: ReviewFormModel; layout: ReviewLayout; editors?: ReactNode }) {
  const modeName = useId();
  const { draft } = review;
  const { mode, link, documents } = draft.fields;
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Attachment mode</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {ATTACHMENT_MODES.map((m) => (
            <label key={m} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={modeName}
                value={m}
                checked={mode === m}
                onChange={() => draft.edit.mode(m)}
                className="h-4 w-4 accent-emerald-700"
              />
              {MODE_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'link' ? (
        <FormField label="Document link" error={draft.linkTouched ? draft.linkError : undefined} hint="An http(s) address the customer can open.">
          {(p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              onChange={(e) => draft.edit.link(e.target.value)}
              onBlur={draft.touchLink}
            />
          )}
        </FormField>
      ) : null}

      {mode === 'upload' ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-800">Documents</span>
          <DocumentUploader submissionId={review.submission.id} documents={documents} onChange={draft.edit.documents} disabled={review.saving} />
        </div>
      ) : null}

      {editors ?? <ReviewEditors review={review} />}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite" data-testid="changed-words">
          <strong>{review.changedWords.toLocaleString('en-GB')}</strong> {review.changedWords === 1 ? 'word' : 'words'} changed
        </p>
        <p aria-live="polite" className="text-slate-600" data-testid="autosave-status">
          {review.autosaveStatus}
        </p>
      </div>
    </>
  );
}

export function ReviewerNotesField({ review }: { review: ReviewFormModel }) {
  return (
    <FormField label="Reviewer notes">
      {(p) => <Textarea {...p} rows={3} value={review.draft.fields.notes} onChange={(e) => review.draft.edit.notes(e.target.value)} />}
    </FormField>
  );
}
