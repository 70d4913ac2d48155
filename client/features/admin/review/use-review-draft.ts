import { useEffect, useRef, useState, type SetStateAction } from 'react';
import { isHttpUrl } from '@shared/http-url';
import { ATTACHMENT_MODES, REVIEW_MESSAGES, reviewedTextOf, type AttachmentMode, type ReviewDocument } from '@shared/review.schema';
import type { AdminSubmission } from '@shared/submission.schema';

export interface ReviewDraft {
  mode: AttachmentMode;
  text: string;
  notes: string;
  link: string;
  documents: ReviewDocument[];
  noCheckableClaims: boolean;
}

/** A field's setter: a value, or a function of the current one (the document uploader's). */
export type DraftEdit<K extends keyof ReviewDraft> = (value: SetStateAction<ReviewDraft[K]>) => void;

/** Unsaved edits per submission, kept while the page lives so closing the dialog loses nothing. */
const unsavedDrafts = new Map<string, ReviewDraft>();

function initialMode(value: string | null): AttachmentMode {
  return (ATTACHMENT_MODES as readonly string[]).includes(value ?? '') ? (value as AttachmentMode) : 'text';
}

function draftOf(submission: AdminSubmission): ReviewDraft {
  return {
    mode: initialMode(submission.attachmentMode),
    // A review starts from a copy of the original, edited in place.
    text: submission.reviewedContent === null ? submission.content : reviewedTextOf(submission),
    notes: submission.reviewerNotes ?? '',
    link: submission.documentLink ?? '',
    documents: submission.documents,
    noCheckableClaims: submission.noCheckableClaims,
  };
}

const FIELDS = ['mode', 'text', 'notes', 'link', 'documents', 'noCheckableClaims'] as const satisfies readonly (keyof ReviewDraft)[];

/**
 * The review's fields: the edits kept for this order since the form last closed, else the order's own. A change made
 * through `edit` counts as an edit, the autosave's trigger; `markSent` records how many edits a save carries, so an
 * edit made while that save is on its way saves next round.
 */
export function useReviewDraft(submission: AdminSubmission) {
  const [initial] = useState<ReviewDraft>(() => unsavedDrafts.get(submission.id) ?? draftOf(submission));
  const [fields, setFields] = useState<ReviewDraft>(initial);
  const [linkTouched, setLinkTouched] = useState(false);
  /** Bumped by every edit the reviewer makes. */
  const [edits, setEdits] = useState(0);
  /** The edit count the last save (automatic or not) sent. */
  const [savedEdits, setSavedEdits] = useState(0);
  const latestEdits = useRef(edits);
  latestEdits.current = edits;

  useEffect(() => {
    if (FIELDS.every((key) => fields[key] === initial[key])) return;
    unsavedDrafts.set(submission.id, fields);
  }, [submission.id, initial, fields]);

  const editOf =
    <K extends keyof ReviewDraft>(key: K): DraftEdit<K> =>
    (value) => {
      setFields((current) => ({
        ...current,
        [key]: typeof value === 'function' ? (value as (previous: ReviewDraft[K]) => ReviewDraft[K])(current[key]) : value,
      }));
      setEdits((n) => n + 1);
    };
  const edit: { [K in keyof ReviewDraft]: DraftEdit<K> } = {
    mode: editOf('mode'),
    text: editOf('text'),
    notes: editOf('notes'),
    link: editOf('link'),
    documents: editOf('documents'),
    noCheckableClaims: editOf('noCheckableClaims'),
  };

  const link = fields.link.trim();
  const linkError = link !== '' && !isHttpUrl(link) ? REVIEW_MESSAGES.invalidUrl : undefined;
  return {
    fields,
    edit,
    edits,
    savedEdits,
    markSent: () => setSavedEdits(latestEdits.current),
    /** Saved, or replaced by the latest draft: nothing is kept for the next opening. */
    forget: () => unsavedDrafts.delete(submission.id),
    linkError,
    /** The link cannot be saved as it is (the link mode with an address that is not http(s)). */
    linkRefused: fields.mode === 'link' && linkError !== undefined,
    linkTouched,
    touchLink: () => setLinkTouched(true),
  };
}
