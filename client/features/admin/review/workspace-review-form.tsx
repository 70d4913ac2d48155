import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Columns2, Rows2 } from 'lucide-react';
import type { ClaimSuggestion } from '@shared/claim-suggestions.schema';
import type { Finding } from '@shared/language-checks.schema';
import { reviewedTextOf } from '@shared/review.schema';
import { Button } from '@client/components/ui/button';
import { ClaimEditor as ClaimEditorAlways } from '../claim-editor';
import { HouseStylePanel as HouseStylePanelAlways } from '../house-style-panel';
import { findingKey } from '../locate-finding';
import { LanguageChecksPanel as LanguageChecksPanelAlways, type OpenFindings } from '../language-checks-panel';
import { LinksPanel as LinksPanelAlways } from '../links-panel';
import { SuggestedClaimsPanel as SuggestedClaimsPanelAlways, suggestionKey } from '../suggested-claims-panel';
import { useWorkspaceCommandKeys } from '../workspace-keys';
import { WORKSPACE_KEYS } from '../workspace-shortcuts';
import { ProseEditor } from './prose-editor';
import { ReviewFields, ReviewerNotesField } from './review-fields';
import { ReviewFormFrame } from './review-form-frame';
import type { ReviewFormProps } from './review-form';
import { useReviewForm } from './use-review-form';
import { useWorkspaceNavigation } from './use-workspace-navigation';

// The panels render again only when their own props change, not at every key typed in the text (decision 066: a
// 3,000-word order's cards are hundreds of elements).
const ClaimEditor = memo(ClaimEditorAlways);
const HouseStylePanel = memo(HouseStylePanelAlways);
const LanguageChecksPanel = memo(LanguageChecksPanelAlways);
const LinksPanel = memo(LinksPanelAlways);
const SuggestedClaimsPanel = memo(SuggestedClaimsPanelAlways);

/** A callback whose identity never changes and which always runs the latest `fn` (for memoised children). */
function useSteady<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

/** In the workspace (issue 23) the draft saves itself after 10 s idle, and when the reviewer leaves the page. */
export const WORKSPACE_AUTOSAVE_DELAY_MS = 10_000;

/**
 * The review form of the full-page workspace (decision 066): the prose editor (the original and the reviewed text,
 * findings and suggested claims marked in them) with the cards in a column beside it (suggested claims, language
 * checks, the house style, the report), the workspace's keys, the slower autosave and the save as the page goes away.
 */
export function WorkspaceReviewForm({ submission, actionsSlot, ...options }: ReviewFormProps) {
  const review = useReviewForm(submission, { autosaveDelayMs: WORKSPACE_AUTOSAVE_DELAY_MS, saveAsPageLeaves: true, ...options });
  useWorkspaceCommandKeys({ save: review.saveDraft, complete: review.complete });
  const { draft, effort, noteOutstanding } = review;
  const textMode = draft.fields.mode === 'text';
  const nav = useWorkspaceNavigation({ findingsShown: textMode });
  const { editor, active, setActive, request } = nav;
  const onFindingsOpen = useCallback((count: number | null) => noteOutstanding('findings', count), [noteOutstanding]);
  const onSuggestionsOpen = useCallback((count: number | null) => noteOutstanding('suggestions', count), [noteOutstanding]);
  /** A suggested claim added to the report: the claim editor starts a claim with it quoted. */
  const [quote, setQuote] = useState<{ text: string; start: number; end: number } | null>(null);
  const quotedSpans = useMemo(() => (review.claims.data ?? []).map((c) => ({ start: c.passageStart, end: c.passageEnd })), [review.claims.data]);
  const [openFindings, setOpenFindings] = useState<OpenFindings | null>(null);
  const [openSuggestions, setOpenSuggestions] = useState<readonly ClaimSuggestion[]>([]);
  const claimMarks = useMemo(() => openSuggestions.map((c) => ({ key: suggestionKey(c), start: c.start, end: c.end })), [openSuggestions]);
  const [initialText] = useState(draft.fields.text);
  // Typing renders nothing: the text goes into the draft when typing pauses (decision 066, measured).
  const editText = draft.textTyped;
  const onAddSuggestion = useSteady((claim: ClaimSuggestion) => {
    setQuote({ text: claim.text, start: claim.start, end: claim.end });
    effort.accepted();
  });
  const activateSuggestions = useSteady(() => setActive('suggestions'));
  const activateFindings = useSteady(() => setActive('findings'));
  const selectSuggestion = useSteady((claim: ClaimSuggestion) => editor.current?.selectOriginal(claim.start, claim.end));
  const selectFinding = useSteady((finding: Finding) => editor.current?.selectFinding(findingKey(finding)));
  const acceptFix = useSteady((finding: Finding, replacement: string) => editor.current?.applyFix(findingKey(finding), replacement) ?? false);
  const readSelection = useSteady(() => editor.current?.originalSelection() ?? null);
  const onNoCheckableClaimsChange = useSteady(draft.edit.noCheckableClaims);
  const suggestionsRequest = useMemo(() => (request?.panel === 'suggestions' ? request : null), [request]);
  const findingsRequest = useMemo(() => (request?.panel === 'findings' ? request : null), [request]);

  const editors = (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-pressed={nav.unified}
          aria-keyshortcuts={WORKSPACE_KEYS.unified.label}
          onClick={() => nav.setUnified((u) => !u)}
        >
          {nav.unified ? <Rows2 className="h-4 w-4" aria-hidden="true" /> : <Columns2 className="h-4 w-4" aria-hidden="true" />}
          Unified view ({WORKSPACE_KEYS.unified.label})
        </Button>
      </div>
      <ProseEditor
        handleRef={editor}
        original={submission.content}
        initialText={initialText}
        onChange={editText}
        unified={nav.unified}
        onUnifiedChange={nav.setUnified}
        readOnly={review.awaitingSignOff}
        findings={textMode ? openFindings : null}
        claims={claimMarks}
        onMarkClick={nav.onMarkClick}
        onQuote={() => nav.report.current?.quoteSelection()}
        className="h-[max(20rem,calc(100vh-13rem))]"
      />
    </div>
  );

  return (
    <ReviewFormFrame review={review} actionsSlot={actionsSlot}>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_25rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <ReviewFields review={review} layout="workspace" editors={editors} />
          <ReviewerNotesField review={review} />
          <LinksPanel submissionId={submission.id} version={submission.reviewVersion} />
        </div>
        <div
          ref={nav.cards}
          role="region"
          aria-label="Cards"
          className="flex min-w-0 flex-col gap-3 xl:sticky xl:top-12 xl:max-h-[calc(100vh-3.5rem)] xl:self-start xl:overflow-y-auto xl:pr-1"
        >
          <SuggestedClaimsPanel
            submissionId={submission.id}
            quoted={quotedSpans}
            onAdd={onAddSuggestion}
            onIgnore={effort.ignored}
            onOpenCount={onSuggestionsOpen}
            onOpenItems={setOpenSuggestions}
            active={active === 'suggestions'}
            onActivate={activateSuggestions}
            onSelect={selectSuggestion}
            request={suggestionsRequest}
          />
          {textMode ? (
            <LanguageChecksPanel
              submissionId={submission.id}
              version={submission.reviewVersion}
              checkedText={submission.reviewedContent === null ? submission.content : reviewedTextOf(submission)}
              onAcceptFix={acceptFix}
              onAccepted={effort.accepted}
              onIgnored={effort.ignored}
              onOpenCount={onFindingsOpen}
              onOpenFindings={setOpenFindings}
              active={active === 'findings'}
              onActivate={activateFindings}
              onSelect={selectFinding}
              request={findingsRequest}
            />
          ) : null}
          <HouseStylePanel submissionId={submission.id} orderVariant={submission.englishVariant} />
          <ClaimEditor
            handleRef={nav.report}
            submissionId={submission.id}
            content={submission.content}
            readSelection={readSelection}
            noCheckableClaims={draft.fields.noCheckableClaims}
            onNoCheckableClaimsChange={onNoCheckableClaimsChange}
            quote={quote}
            verdictKeys
            onLeave={nav.focusCards}
          />
        </div>
      </div>
    </ReviewFormFrame>
  );
}
