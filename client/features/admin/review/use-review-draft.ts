import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
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

/**
 * How long typing in the workspace's prose editor pauses before its text goes into the draft (`textTyped`): while a
 * reviewer types, no key renders the form (decision 066, measured), and every save still sends the text as typed.
 */
export const TEXT_SETTLES_AFTER_MS = 150;

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
  const latestFields = useRef(fields);
  latestFields.current = fields;
  /** The prose editor's text typed since it last went into `fields` (null: none). */
  const typed = useRef<string | null>(null);
  const settle = useRef<number | undefined>(undefined);

  /** The typed text into the draft now: an edit like any other. */
  const commitTyped = useCallback(() => {
    window.clearTimeout(settle.current);
    settle.current = undefined;
    const text = typed.current;
    if (text === null) return;
    typed.current = null;
    setFields((current) => (current.text === text ? current : { ...current, text }));
    setEdits((n) => n + 1);
    // Known at once, for a save that reads them before the next render (markSent, then the payload).
    latestEdits.current += 1;
    latestFields.current = { ...latestFields.current, text };
  }, []);
  const textTyped = useCallback(
    (text: string) => {
      typed.current = text;
      window.clearTimeout(settle.current);
      settle.current = window.setTimeout(commitTyped, TEXT_SETTLES_AFTER_MS);
    },
    [commitTyped],
  );

  useEffect(() => {
    if (FIELDS.every((key) => fields[key] === initial[key])) return;
    unsavedDrafts.set(submission.id, fields);
  }, [submission.id, initial, fields]);

  // Closing the form with text still settling keeps it for the next opening; the autosave, which runs after, sends it.
  useEffect(
    () => () => {
      window.clearTimeout(settle.current);
      if (typed.current !== null) unsavedDrafts.set(submission.id, { ...latestFields.current, text: typed.current });
    },
    [submission.id],
  );

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
    /** The prose editor's text, as typed (the workspace): into the draft when typing pauses, or before a save. */
    textTyped,
    /** The reviewed text now, typed or not yet in `fields`: what a save sends. */
    currentText: () => typed.current ?? latestFields.current.text,
    /** Typed text not yet counted as an edit (a save as the page goes away still sends it). */
    typing: () => typed.current !== null,
    markSent: () => {
      commitTyped();
      setSavedEdits(latestEdits.current);
    },
    commitTyped,
    /** Saved, or replaced by the latest draft: nothing is kept for the next opening. */
    forget: () => unsavedDrafts.delete(submission.id),
    linkError,
    /** The link cannot be saved as it is (the link mode with an address that is not http(s)). */
    linkRefused: fields.mode === 'link' && linkError !== undefined,
    linkTouched,
    touchLink: () => setLinkTouched(true),
  };
}
