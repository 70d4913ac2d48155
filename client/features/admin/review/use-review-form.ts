import { useCallback, useRef, useState } from 'react';
import { factCheckReady } from '@shared/fact-check.schema';
import { canCompleteReview } from '@shared/review.schema';
import { statusLabel } from '@shared/submission-status';
import type { AdminSubmission } from '@shared/submission.schema';
import { toast } from '@client/components/ui/use-toast';
import { useClaims } from '../api/claims';
import { sendReviewAsPageLeaves } from '../api/update-submission';
import { statusChangedMessage } from '../advance-status-button';
import type { UnsavedReview } from '../kept-text';
import { autosaveStatusText, useAutosave, type AutosaveState } from './use-autosave';
import { useChangedWords } from './use-changed-words';
import { useEffortMeter } from './use-effort-meter';
import { useReviewDraft } from './use-review-draft';
import { useReviewSave } from './use-review-save';

/** Only work in progress saves itself: a completed review changes only when the reviewer saves it on purpose. */
const AUTOSAVE_STATUSES = ['paid', 'in-review'];

/** What the workspace's panels still hold: findings not accepted or ignored, suggested claims not added or ignored. */
export interface Outstanding {
  findings: number | null;
  suggestions: number | null;
}

export interface ReviewFormOptions {
  /** The pause after an edit before the draft saves itself. */
  autosaveDelayMs: number;
  /** Leaving the page sends the last edits (the workspace). */
  saveAsPageLeaves?: boolean;
  onCompleted: () => void;
  /** After a conflict: the latest order from the server, and the text this form had not saved (kept for the reviewer). */
  onReload?: (latest: AdminSubmission, unsaved: UnsavedReview) => void;
}

/**
 * The review form's model (spec sections 2, 3 and 5), shared by the dialog's and the workspace's layouts: the draft,
 * its saves (Save Draft sends complete false, Complete Review complete true, the autosave), the effort record each
 * save carries, and what the form shows of them.
 */
export function useReviewForm(submission: AdminSubmission, { autosaveDelayMs, saveAsPageLeaves = false, onCompleted, onReload }: ReviewFormOptions) {
  const draft = useReviewDraft(submission);
  const { mode, text, notes, link, documents, noCheckableClaims } = draft.fields;
  const saver = useReviewSave(submission);
  const effort = useEffortMeter();
  const claims = useClaims(submission.id);
  const changedWords = useChangedWords(submission.content, text);
  const [autosaveState, setAutosaveState] = useState<AutosaveState>({ state: 'idle' });
  /** The check before delivery (issue 42) is open: Complete Review asked, nothing sent until Confirm. */
  const [checking, setChecking] = useState(false);
  /** What the panels still hold open (null: not shown in this layout, or not loaded yet). */
  const [outstanding, setOutstanding] = useState<Outstanding>({ findings: null, suggestions: null });
  const originalRef = useRef<HTMLTextAreaElement>(null);

  const claimCount = claims.data?.length ?? 0;
  const reportReady = factCheckReady({ serviceTier: submission.serviceTier, claimCount, noCheckableClaims });
  /** A completed review awaiting a second reviewer's sign-off (decision 073): nobody changes it until it is decided. */
  const awaitingSignOff = submission.signOff?.status === 'pending';
  const completableWith = (reviewedContent: string) =>
    !awaitingSignOff &&
    canCompleteReview({ attachmentMode: mode, reviewedContent, documentLink: link, uploadedCount: documents.length, saving: saver.saving }) &&
    !draft.linkRefused &&
    reportReady &&
    !claims.isLoading;
  const completable = completableWith(text);
  const autosaveAllowed = AUTOSAVE_STATUSES.includes(submission.status) && !draft.linkRefused && saver.conflict === null && !awaitingSignOff;

  const payload = (complete: boolean) => ({
    id: submission.id,
    // As typed: the workspace's editor puts its text in the draft only when typing pauses.
    reviewedContent: draft.currentText(),
    reviewerNotes: notes,
    complete,
    attachmentMode: mode,
    documentLink: mode === 'link' ? link.trim() : '',
    uploadedDocuments: mode === 'upload' ? documents.map((d) => d.url) : [],
    // The statement only stands while there are no claims.
    noCheckableClaims: claimCount === 0 && noCheckableClaims,
    version: saver.version.current,
    // The effort record since the previous save (given back if this save fails).
    ...effort.take(),
  });

  useAutosave({
    edits: draft.edits,
    savedEdits: draft.savedEdits,
    allowed: autosaveAllowed,
    busy: saver.saving,
    delayMs: autosaveDelayMs,
    save: () => {
      draft.markSent();
      setAutosaveState({ state: 'saving' });
      saver.autosave.mutate(payload(false), {
        onSuccess: (updated) => {
          saver.advance(updated);
          setAutosaveState({ state: 'saved', at: new Date() });
        },
        onError: (error, sent) => {
          effort.giveBack(sent);
          saver.noteConflict(error);
          setAutosaveState({ state: 'failed' });
        },
      });
    },
    sendAsPageLeaves: saveAsPageLeaves ? () => sendReviewAsPageLeaves(payload(false)) : undefined,
    typing: draft.typing,
  });

  const noteOutstanding = useCallback(
    (part: keyof Outstanding, count: number | null) => setOutstanding((o) => (o[part] === count ? o : { ...o, [part]: count })),
    [],
  );

  const submit = (complete: boolean) => {
    if (draft.linkRefused) {
      draft.touchLink();
      return;
    }
    draft.markSent();
    saver.save.mutate(payload(complete), {
      onError: (error, sent) => {
        effort.giveBack(sent);
        saver.noteConflict(error);
      },
      onSuccess: (updated) => {
        saver.settle(updated);
        draft.forget();
        if (complete) {
          toast({ title: 'Review completed', description: statusChangedMessage(updated.id, updated.status) });
          onCompleted();
        } else {
          setAutosaveState({ state: 'saved', at: new Date() });
          toast({ title: 'Draft saved', description: `Submission ${updated.id} is ${statusLabel(updated.status).toLowerCase()}.` });
        }
      },
    });
  };

  return {
    submission,
    draft,
    effort,
    claims,
    originalRef,
    changedWords,
    autosaveStatus: autosaveStatusText(autosaveState, autosaveAllowed),
    saving: saver.saving,
    completable,
    reportReady,
    conflict: saver.conflict,
    reloading: saver.reloading,
    /** Reload after a conflict: the latest draft comes in; what this form had typed is handed over, never dropped. */
    reload: () =>
      saver.reload((latest) => {
        draft.forget();
        onReload?.(latest, { text: draft.currentText(), notes });
      }),
    awaitingSignOff,
    saveDraft: () => {
      if (!awaitingSignOff) submit(false);
    },
    /** Complete Review (the button, Ctrl+Enter, Enter in a field), when the review is ready: the check opens first. */
    complete: () => {
      if (!completableWith(draft.currentText())) return;
      draft.commitTyped();
      setChecking(true);
    },
    /** The check before delivery: open, and what it counts. */
    checking,
    outstanding,
    noteOutstanding,
    cancelCheck: () => setChecking(false),
    /** Confirm in the check: the review goes to the customer. */
    deliver: () => {
      setChecking(false);
      if (completableWith(draft.currentText())) submit(true);
    },
  };
}

export type ReviewFormModel = ReturnType<typeof useReviewForm>;
