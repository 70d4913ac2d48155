import { useEffect, useId, useState } from 'react';
import {
  ATTACHMENT_MODES,
  canCompleteReview,
  isHttpUrl,
  REVIEW_MESSAGES,
  reviewedTextOf,
  type AttachmentMode,
  type ReviewDocument,
} from '@shared/review.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateReview } from './admin-api';
import { reportAdminError } from './admin-errors';
import { DocumentUploader } from './document-uploader';

const MODE_LABELS: Record<AttachmentMode, string> = {
  text: 'Text',
  upload: 'Upload documents',
  link: 'Document link',
};

interface ReviewDraft {
  mode: AttachmentMode;
  text: string;
  notes: string;
  link: string;
  documents: ReviewDocument[];
}

/** Unsaved edits per submission, kept while the page lives so closing the dialog loses nothing. */
const unsavedDrafts = new Map<string, ReviewDraft>();

function initialMode(value: string | null): AttachmentMode {
  return (ATTACHMENT_MODES as readonly string[]).includes(value ?? '') ? (value as AttachmentMode) : 'text';
}

/** The review form (spec sections 2, 3 and 5): Save Draft sends complete false, Complete Review complete true. */
export function ReviewForm({ submission, onCompleted }: { submission: AdminSubmission; onCompleted: () => void }) {
  const modeName = useId();
  const [initial] = useState<ReviewDraft>(
    () =>
      unsavedDrafts.get(submission.id) ?? {
        mode: initialMode(submission.attachmentMode),
        text: reviewedTextOf(submission),
        notes: submission.reviewerNotes ?? '',
        link: submission.documentLink ?? '',
        documents: submission.documents,
      },
  );
  const [mode, setMode] = useState<AttachmentMode>(initial.mode);
  const [text, setText] = useState(initial.text);
  const [notes, setNotes] = useState(initial.notes);
  const [link, setLink] = useState(initial.link);
  const [linkTouched, setLinkTouched] = useState(false);
  const [documents, setDocuments] = useState<ReviewDocument[]>(initial.documents);
  const save = useUpdateReview();

  useEffect(() => {
    if (mode === initial.mode && text === initial.text && notes === initial.notes && link === initial.link && documents === initial.documents) return;
    unsavedDrafts.set(submission.id, { mode, text, notes, link, documents });
  }, [submission.id, initial, mode, text, notes, link, documents]);

  const linkError = link.trim() !== '' && !isHttpUrl(link.trim()) ? REVIEW_MESSAGES.invalidUrl : undefined;
  const saving = save.isPending;
  const completable =
    canCompleteReview({ attachmentMode: mode, reviewedContent: text, documentLink: link, uploadedCount: documents.length, saving }) &&
    !(mode === 'link' && linkError);

  const submit = (complete: boolean) => {
    if (mode === 'link' && linkError) {
      setLinkTouched(true);
      return;
    }
    save.mutate(
      {
        id: submission.id,
        reviewedContent: text,
        reviewerNotes: notes,
        complete,
        attachmentMode: mode,
        documentLink: mode === 'link' ? link.trim() : '',
        uploadedDocuments: mode === 'upload' ? documents.map((d) => d.url) : [],
      },
      {
        onSuccess: (updated) => {
          unsavedDrafts.delete(submission.id);
          if (complete) {
            toast({ title: 'Review completed', description: `Submission ${updated.id} is now completed.` });
            onCompleted();
          } else {
            toast({ title: 'Draft saved', description: `Submission ${updated.id} is ${updated.status}.` });
          }
        },
        onError: (error) => reportAdminError(error, REVIEW_MESSAGES.updateFailed),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (completable) submit(true);
      }}
    >
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
                onChange={() => setMode(m)}
                className="h-4 w-4 accent-emerald-700"
              />
              {MODE_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'link' ? (
        <FormField label="Document link" error={linkTouched ? linkError : undefined} hint="An http(s) address the customer can open.">
          {(p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              onBlur={() => setLinkTouched(true)}
            />
          )}
        </FormField>
      ) : null}

      {mode === 'upload' ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-800">Documents</span>
          <DocumentUploader submissionId={submission.id} documents={documents} onChange={setDocuments} disabled={saving} />
        </div>
      ) : null}

      <FormField label="Reviewed content">
        {(p) => <Textarea {...p} rows={10} value={text} onChange={(e) => setText(e.target.value)} className="min-h-48" />}
      </FormField>
      <FormField label="Reviewer notes">
        {(p) => <Textarea {...p} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />}
      </FormField>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => submit(false)} disabled={saving}>
          {saving ? 'Saving...' : 'Save Draft'}
        </Button>
        <Button type="submit" variant="accent" disabled={!completable}>
          Complete Review
        </Button>
      </div>
    </form>
  );
}
