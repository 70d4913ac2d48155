import { useCallback, useMemo, useState } from 'react';
import { Columns2, Rows2 } from 'lucide-react';
import type { ClaimSuggestion } from '@shared/claim-suggestions.schema';
import { reviewedTextOf } from '@shared/review.schema';
import { Button } from '@client/components/ui/button';
import { ClaimEditor } from '../claim-editor';
import { HouseStylePanel } from '../house-style-panel';
import { findingKey } from '../locate-finding';
import { LanguageChecksPanel, type OpenFindings } from '../language-checks-panel';
import { LinksPanel } from '../links-panel';
import { SuggestedClaimsPanel, suggestionKey } from '../suggested-claims-panel';
import { useWorkspaceCommandKeys } from '../workspace-keys';
import { WORKSPACE_KEYS } from '../workspace-shortcuts';
import { ProseEditor } from './prose-editor';
import { ReviewFields, ReviewerNotesField } from './review-fields';
import { ReviewFormFrame } from './review-form-frame';
import type { ReviewFormProps } from './review-form';
import { useReviewForm } from './use-review-form';
import { useWorkspaceNavigation } from './use-workspace-navigation';

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
  const editText = draft.edit.text;

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
          <LinksPanel submissionId={submission.id} />
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
            onAdd={(claim) => {
              setQuote({ text: claim.text, start: claim.start, end: claim.end });
              effort.accepted();
            }}
            onIgnore={effort.ignored}
            onOpenCount={onSuggestionsOpen}
            onOpenItems={setOpenSuggestions}
            active={active === 'suggestions'}
            onActivate={() => setActive('suggestions')}
            onSelect={(claim) => editor.current?.selectOriginal(claim.start, claim.end)}
            request={request?.panel === 'suggestions' ? request : null}
          />
          {textMode ? (
            <LanguageChecksPanel
              submissionId={submission.id}
              version={submission.reviewVersion}
              checkedText={submission.reviewedContent === null ? submission.content : reviewedTextOf(submission)}
              onAcceptFix={(finding, replacement) => editor.current?.applyFix(findingKey(finding), replacement) ?? false}
              onAccepted={effort.accepted}
              onIgnored={effort.ignored}
              onOpenCount={onFindingsOpen}
              onOpenFindings={setOpenFindings}
              active={active === 'findings'}
              onActivate={() => setActive('findings')}
              onSelect={(finding) => editor.current?.selectFinding(findingKey(finding))}
              request={request?.panel === 'findings' ? request : null}
            />
          ) : null}
          <HouseStylePanel submissionId={submission.id} orderVariant={submission.englishVariant} />
          <ClaimEditor
            handleRef={nav.report}
            submissionId={submission.id}
            content={submission.content}
            readSelection={() => editor.current?.originalSelection() ?? null}
            noCheckableClaims={draft.fields.noCheckableClaims}
            onNoCheckableClaimsChange={draft.edit.noCheckableClaims}
            quote={quote}
            verdictKeys
            onLeave={nav.focusCards}
          />
        </div>
      </div>
    </ReviewFormFrame>
  );
}
