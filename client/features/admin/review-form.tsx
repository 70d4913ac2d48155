import { useActiveTimeMeter } from './active-time';
import { HouseStylePanel } from './house-style-panel';
import { LanguageChecksPanel } from './language-checks-panel';
import { SuggestedClaimsPanel } from './suggested-claims-panel';
import { LinksPanel } from './links-panel';
import { addEffortCounts, emptyEffortCounts, type EffortCounts } from '@shared/review-effort.schema';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FACT_CHECK_MESSAGES, factCheckReady } from '@shared/fact-check.schema';
import { diffStats, diffWords } from '@shared/text-diff';
import { isHttpUrl } from '@shared/http-url';
import {
  ATTACHMENT_MODES,
  canCompleteReview,
  REVIEW_MESSAGES,
  reviewedTextOf,
  type AttachmentMode,
  type ReviewDocument,
} from '@shared/review.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { TEAM_MESSAGES } from '@shared/team.schema';
import { statusLabel } from '@shared/submission-status';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { formatClockTime } from '@client/lib/format';
import { updateReview, useReplaceInQueue, useUpdateReview } from './api/update-submission';
import { claimOrder, getAdminSubmission } from './api/order-claim';
import { ApiError } from '@client/lib/api';
import { useClaims } from './api/claims';
import { statusChangedMessage } from './advance-status-button';
import { DocumentUploader } from './document-uploader';
import { ClaimEditor } from './claim-editor';

/** How long the reviewer pauses typing before the draft saves itself (the quick-view dialog). */
export const AUTOSAVE_DELAY_MS = 1500;
/** In the workspace (issue 23): after 10 s idle, and when the reviewer leaves the page. */
export const WORKSPACE_AUTOSAVE_DELAY_MS = 10_000;
const LIVE_COUNT_DELAY_MS = 250;
const LIVE_COUNT_TIMEOUT_MS = 200;
/** Only work in progress saves itself: a completed review changes only when the reviewer saves it on purpose. */
const AUTOSAVE_STATUSES = ['paid', 'in-review'];

type AutosaveState = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

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
  noCheckableClaims: boolean;
}

/**
 * Side-by-side scrolling (the workspace): the other editor follows to the same relative position. The follower's own
 * scroll event is ignored, so the two never chase each other.
 */
let following: HTMLElement | null = null;
function syncScroll(from: HTMLElement | null, to: HTMLElement | null): void {
  if (!from || !to) return;
  if (following === from) {
    following = null;
    return;
  }
  const range = from.scrollHeight - from.clientHeight;
  const ratio = range > 0 ? from.scrollTop / range : 0;
  const target = Math.round(ratio * (to.scrollHeight - to.clientHeight));
  if (Math.abs(to.scrollTop - target) < 1) return;
  following = to;
  to.scrollTop = target;
}

const refuseEdit = (event: { preventDefault: () => void }) => event.preventDefault();

/** Unsaved edits per submission, kept while the page lives so closing the dialog loses nothing. */
const unsavedDrafts = new Map<string, ReviewDraft>();

function initialMode(value: string | null): AttachmentMode {
  return (ATTACHMENT_MODES as readonly string[]).includes(value ?? '') ? (value as AttachmentMode) : 'text';
}

/** The review form (spec sections 2, 3 and 5): Save Draft sends complete false, Complete Review complete true. */
export function ReviewForm({
  submission,
  onCompleted,
  actionsSlot,
  onReload,
  layout = 'dialog',
}: {
  submission: AdminSubmission;
  /** The quick-view dialog, or the full-page workspace: tall editors that scroll together, keys, a slower autosave. */
  layout?: 'dialog' | 'workspace';
  onCompleted: () => void;
  /** Where Save Draft and Complete Review go (the dialog's pinned footer); in the form's flow when absent. */
  actionsSlot?: HTMLElement | null;
  /** After a conflict: the latest order from the server, and the text this form had not saved (kept for the reviewer). */
  onReload?: (latest: AdminSubmission, unsaved: { text: string; notes: string }) => void;
}) {
  const modeName = useId();
  const formId = useId();
  const [initial] = useState<ReviewDraft>(
    () =>
      unsavedDrafts.get(submission.id) ?? {
        mode: initialMode(submission.attachmentMode),
        // A review starts from a copy of the original, edited in place.
        text: submission.reviewedContent === null ? submission.content : reviewedTextOf(submission),
        notes: submission.reviewerNotes ?? '',
        link: submission.documentLink ?? '',
        documents: submission.documents,
        noCheckableClaims: submission.noCheckableClaims,
      },
  );
  const [mode, setMode] = useState<AttachmentMode>(initial.mode);
  const [text, setText] = useState(initial.text);
  const [notes, setNotes] = useState(initial.notes);
  const [link, setLink] = useState(initial.link);
  const [linkTouched, setLinkTouched] = useState(false);
  const [documents, setDocuments] = useState<ReviewDocument[]>(initial.documents);
  const [noCheckableClaims, setNoCheckableClaims] = useState(initial.noCheckableClaims);
  const replace = useReplaceInQueue();
  /** The draft version this form started from (decision 021): every save sends it, and a success moves it on. */
  const version = useRef(submission.reviewVersion);
  /** Who holds the order as far as this form knows (the queue's copy, or the answer of its own claim). */
  const holder = useRef(submission.claim?.userId ?? null);
  holder.current = submission.claim?.userId ?? null;
  /** A save refused with 409 (another holder, or a newer draft): shown inline with Reload; autosave stops. */
  const [conflict, setConflict] = useState<string | null>(null);
  // A change of holder (a claim, a reassignment) answers "claimed by": only a stale draft still needs the reload.
  const holderId = submission.claim?.userId ?? null;
  useEffect(() => {
    setConflict((c) => (c === TEAM_MESSAGES.staleDraft ? c : null));
  }, [holderId]);
  const [reloading, setReloading] = useState(false);
  // Saving claims the order first when it is free (the reviewer started work on it). When someone else holds it the
  // save goes as it is and the server says why it is refused (a newer draft first, else who holds it).
  const saveWithClaim = useCallback(
    async (review: Parameters<typeof updateReview>[0]) => {
      if (holder.current === null) {
        const claimed = await claimOrder(review.id);
        holder.current = claimed.claim?.userId ?? null;
        replace(claimed);
      }
      return updateReview({ ...review, version: version.current });
    },
    [replace],
  );
  const save = useUpdateReview(saveWithClaim);
  const autosave = useUpdateReview(saveWithClaim);
  const noteConflict = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) setConflict(error.serverMessage ?? REVIEW_MESSAGES.updateFailed);
  };
  const moveOn = (updated: AdminSubmission) => {
    version.current = updated.reviewVersion;
    setConflict(null);
  };
  const claims = useClaims(submission.id);
  const quotedSpans = useMemo(() => (claims.data ?? []).map((c) => ({ start: c.passageStart, end: c.passageEnd })), [claims.data]);
  const activeTime = useActiveTimeMeter();
  /** A suggested claim added to the report: the claim editor starts a claim with it quoted. */
  const [quote, setQuote] = useState<{ text: string; start: number; end: number } | null>(null);
  /** Accepts and ignores since the last save (the effort record); taken by a save, given back if it fails. */
  const effortCounts = useRef<EffortCounts>(emptyEffortCounts());
  const takeEffortCounts = () => {
    const taken = effortCounts.current;
    effortCounts.current = emptyEffortCounts();
    return taken;
  };
  const giveBack = useCallback(
    (sent: { activeSeconds?: number; effortCounts?: EffortCounts }) => {
      activeTime.giveBack(sent.activeSeconds ?? 0);
      if (sent.effortCounts) effortCounts.current = addEffortCounts(effortCounts.current, sent.effortCounts);
    },
    [activeTime],
  );
  const originalRef = useRef<HTMLTextAreaElement>(null);
  const reviewedRef = useRef<HTMLTextAreaElement>(null);
  /** Bumped by every edit the reviewer makes; the autosave runs a moment after the last one. */
  const [edits, setEdits] = useState(0);
  /** The edit count the last save (automatic or not) sent; an edit made while it was on its way saves next round. */
  const [savedEdits, setSavedEdits] = useState(0);
  const [autosaveState, setAutosaveState] = useState<AutosaveState>({ state: 'idle' });
  const edited = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setEdits((n) => n + 1);
  };

  useEffect(() => {
    if (
      mode === initial.mode &&
      text === initial.text &&
      notes === initial.notes &&
      link === initial.link &&
      documents === initial.documents &&
      noCheckableClaims === initial.noCheckableClaims
    )
      return;
    unsavedDrafts.set(submission.id, { mode, text, notes, link, documents, noCheckableClaims });
  }, [submission.id, initial, mode, text, notes, link, documents, noCheckableClaims]);

  // The live count of changed words, counted when typing pauses and never blocking the page for long.
  const [countedText, setCountedText] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setCountedText(text), LIVE_COUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const changedWords = useMemo(
    () => diffStats(diffWords(submission.content, countedText, { timeoutMs: LIVE_COUNT_TIMEOUT_MS })).changedWords,
    [submission.content, countedText],
  );

  const linkError = link.trim() !== '' && !isHttpUrl(link.trim()) ? REVIEW_MESSAGES.invalidUrl : undefined;
  const saving = save.isPending || autosave.isPending;
  const claimCount = claims.data?.length ?? 0;
  const reportReady = factCheckReady({ serviceTier: submission.serviceTier, claimCount, noCheckableClaims });
  const completable =
    canCompleteReview({ attachmentMode: mode, reviewedContent: text, documentLink: link, uploadedCount: documents.length, saving }) &&
    !(mode === 'link' && linkError) &&
    reportReady &&
    !claims.isLoading;

  const payload = (complete: boolean) => ({
    id: submission.id,
    reviewedContent: text,
    reviewerNotes: notes,
    complete,
    attachmentMode: mode,
    documentLink: mode === 'link' ? link.trim() : '',
    uploadedDocuments: mode === 'upload' ? documents.map((d) => d.url) : [],
    // The statement only stands while there are no claims.
    noCheckableClaims: claimCount === 0 && noCheckableClaims,
    version: version.current,
    // The effort record: active editing seconds since the previous save (given back if this save fails).
    activeSeconds: activeTime.take(),
    effortCounts: takeEffortCounts(),
  });
  const latestPayload = useRef(payload);
  latestPayload.current = payload;
  const latestEdits = useRef(edits);
  latestEdits.current = edits;
  const autosaveAllowed = AUTOSAVE_STATUSES.includes(submission.status) && !(mode === 'link' && linkError) && conflict === null;

  const autosaveMutate = autosave.mutate;
  const runAutosave = useCallback(() => {
    setSavedEdits(latestEdits.current);
    setAutosaveState({ state: 'saving' });
    autosaveMutate(latestPayload.current(false), {
      onSuccess: (updated) => {
        version.current = updated.reviewVersion;
        setAutosaveState({ state: 'saved', at: new Date() });
      },
      onError: (error, sent) => {
        giveBack(sent);
        if (error instanceof ApiError && error.status === 409) setConflict(error.serverMessage ?? REVIEW_MESSAGES.updateFailed);
        setAutosaveState({ state: 'failed' });
      },
    });
  }, [autosaveMutate, giveBack]);

  // Debounced Save Draft: a pause after an edit saves the draft (and, on a paid order, starts the review).
  const autosaveBusy = autosave.isPending || save.isPending;
  useEffect(() => {
    if (edits === savedEdits || !autosaveAllowed || autosaveBusy) return;
    const timer = window.setTimeout(runAutosave, layout === 'workspace' ? WORKSPACE_AUTOSAVE_DELAY_MS : AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [edits, savedEdits, autosaveAllowed, autosaveBusy, runAutosave, layout]);

  // Closing the dialog inside the pause still saves the last edits.
  const unsaved = useRef(false);
  unsaved.current = edits !== savedEdits && autosaveAllowed;
  const saveOnClose = useRef(runAutosave);
  saveOnClose.current = runAutosave;
  useEffect(
    () => () => {
      if (unsaved.current) saveOnClose.current();
    },
    [],
  );

  // Leaving the page (a closed tab, a reload): the last edits go out with a request the browser finishes on its own.
  useEffect(() => {
    if (layout !== 'workspace') return;
    const onPageHide = () => {
      if (!unsaved.current) return;
      const body = latestPayload.current(false);
      void fetch(`/api/admin/submissions/${encodeURIComponent(body.id)}/review`, {
        method: 'PATCH',
        credentials: 'include',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [layout]);

  const submit = (complete: boolean) => {
    if (mode === 'link' && linkError) {
      setLinkTouched(true);
      return;
    }
    setSavedEdits(edits);
    save.mutate(
      payload(complete),
      {
        onError: (error, sent) => {
          giveBack(sent);
          noteConflict(error);
        },
        onSuccess: (updated) => {
          moveOn(updated);
          unsavedDrafts.delete(submission.id);
          if (complete) {
            toast({ title: 'Review completed', description: statusChangedMessage(updated.id, updated.status) });
            onCompleted();
          } else {
            setAutosaveState({ state: 'saved', at: new Date() });
            toast({ title: 'Draft saved', description: `Submission ${updated.id} is ${statusLabel(updated.status).toLowerCase()}.` });
          }
        },
      },
    );
  };

  // Ctrl+S saves the draft, Ctrl+Enter completes the review (the workspace's keys; ⌘ on a Mac).
  const keyActions = useRef({ save: () => submit(false), complete: () => (completable ? submit(true) : undefined) });
  keyActions.current = { save: () => submit(false), complete: () => (completable ? submit(true) : undefined) };
  useEffect(() => {
    if (layout !== 'workspace') return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        keyActions.current.save();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        keyActions.current.complete();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [layout]);

  /** Reload after a conflict: the latest draft comes in; what this form had typed is handed over, never dropped. */
  const reload = async () => {
    setReloading(true);
    try {
      const latest = await getAdminSubmission(submission.id);
      replace(latest);
      unsavedDrafts.delete(submission.id);
      onReload?.(latest, { text, notes });
    } catch {
      setConflict('The latest version could not be loaded. Please try again.');
    } finally {
      setReloading(false);
    }
  };

  // `form` ties Complete Review to this form wherever the buttons are rendered (the pinned footer is outside it).
  const actions = (
    <div className="flex flex-wrap justify-end gap-2" data-testid="review-actions">
      <Button type="button" variant="outline" onClick={() => submit(false)} disabled={saving}>
        {saving ? 'Saving...' : 'Save Draft'}
      </Button>
      <Button type="submit" form={formId} variant="accent" disabled={!completable}>
        Complete Review
      </Button>
    </div>
  );

  return (
    <form
      id={formId}
      className="flex flex-col gap-4"
      noValidate
      onFocus={() => activeTime.activity()}
      onInput={() => activeTime.activity()}
      onKeyDown={() => activeTime.activity()}
      onPointerDown={() => activeTime.activity()}
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
                onChange={() => edited(setMode)(m)}
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
              onChange={(e) => edited(setLink)(e.target.value)}
              onBlur={() => setLinkTouched(true)}
            />
          )}
        </FormField>
      ) : null}

      {mode === 'upload' ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-800">Documents</span>
          <DocumentUploader submissionId={submission.id} documents={documents} onChange={edited(setDocuments)} disabled={saving} />
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <FormField label="Original content" hint="The customer's text, read-only. Select a claim here to quote it in the report.">
          {(p) => (
            <Textarea
              {...p}
              ref={originalRef}
              // The workspace keeps the caret (a read-only textarea has none in Chromium), so a passage can be
              // selected with Shift+arrows and quoted by keyboard; every edit is refused before it happens.
              {...(layout === 'workspace'
                ? { 'aria-readonly': true, onBeforeInput: refuseEdit, onPaste: refuseEdit, onCut: refuseEdit, onDrop: refuseEdit, onChange: () => undefined }
                : { readOnly: true })}
              rows={14}
              value={submission.content}
              onScroll={layout === 'workspace' ? () => syncScroll(originalRef.current, reviewedRef.current) : undefined}
              className={cn('bg-slate-50', layout === 'workspace' ? 'h-[max(16rem,calc(100vh-22rem))]' : 'min-h-64')}
            />
          )}
        </FormField>
        <FormField label="Reviewed content" hint="Starts as a copy of the original: edit it in place.">
          {(p) => (
            <Textarea
              {...p}
              ref={reviewedRef}
              rows={14}
              value={text}
              onChange={(e) => edited(setText)(e.target.value)}
              onScroll={layout === 'workspace' ? () => syncScroll(reviewedRef.current, originalRef.current) : undefined}
              className={layout === 'workspace' ? 'h-[max(16rem,calc(100vh-22rem))]' : 'min-h-64'}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p aria-live="polite" data-testid="changed-words">
          <strong>{changedWords.toLocaleString('en-GB')}</strong> {changedWords === 1 ? 'word' : 'words'} changed
        </p>
        <p aria-live="polite" className="text-slate-600" data-testid="autosave-status">
          {autosaveState.state === 'saving'
            ? 'Saving draft...'
            : autosaveState.state === 'saved'
              ? `Draft saved at ${formatClockTime(autosaveState.at)}`
              : autosaveState.state === 'failed'
                ? 'The draft could not be saved'
                : autosaveAllowed
                  ? 'Drafts save automatically'
                  : ''}
        </p>
      </div>
      {layout === 'workspace' ? <HouseStylePanel submissionId={submission.id} orderVariant={submission.englishVariant} /> : null}
      {layout === 'workspace' && mode === 'text' ? (
        <LanguageChecksPanel
          submissionId={submission.id}
          version={submission.reviewVersion}
          checkedText={submission.reviewedContent === null ? submission.content : reviewedTextOf(submission)}
          text={text}
          onApply={edited(setText)}
          onAccepted={(category) => {
            const counts = effortCounts.current;
            effortCounts.current = { ...counts, suggestionsAccepted: counts.suggestionsAccepted + 1, findingsByCategory: { ...counts.findingsByCategory, [category]: (counts.findingsByCategory[category] ?? 0) + 1 } };
          }}
          onIgnored={() => {
            effortCounts.current = { ...effortCounts.current, suggestionsIgnored: effortCounts.current.suggestionsIgnored + 1 };
          }}
        />
      ) : null}
      <FormField label="Reviewer notes">
        {(p) => <Textarea {...p} rows={3} value={notes} onChange={(e) => edited(setNotes)(e.target.value)} />}
      </FormField>

      {layout === 'workspace' ? <LinksPanel submissionId={submission.id} /> : null}
      {layout === 'workspace' ? (
        <SuggestedClaimsPanel
          submissionId={submission.id}
          quoted={quotedSpans}
          onAdd={(claim) => {
            setQuote({ text: claim.text, start: claim.start, end: claim.end });
            effortCounts.current = { ...effortCounts.current, suggestionsAccepted: effortCounts.current.suggestionsAccepted + 1 };
          }}
          onIgnore={() => {
            effortCounts.current = { ...effortCounts.current, suggestionsIgnored: effortCounts.current.suggestionsIgnored + 1 };
          }}
        />
      ) : null}

      <ClaimEditor
        submissionId={submission.id}
        content={submission.content}
        originalRef={originalRef}
        noCheckableClaims={noCheckableClaims}
        onNoCheckableClaimsChange={edited(setNoCheckableClaims)}
        quote={quote}
        verdictKeys={layout === 'workspace'}
      />

      {conflict ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="review-conflict">
          <p>{conflict} Your text stays in the form until you reload.</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void reload()} disabled={reloading}>
            {reloading ? 'Reloading...' : 'Reload'}
          </Button>
        </div>
      ) : null}
      {!reportReady && !claims.isLoading ? (
        <p className="text-sm text-amber-800" role="status">
          {FACT_CHECK_MESSAGES.reportNeeded}
        </p>
      ) : null}
      {actionsSlot ? createPortal(actions, actionsSlot) : actions}
    </form>
  );
}
