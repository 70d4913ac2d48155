import { useCallback, useMemo, useState } from 'react';
import { ClaimEditor } from '../claim-editor';
import { HouseStylePanel } from '../house-style-panel';
import { LanguageChecksPanel } from '../language-checks-panel';
import { LinksPanel } from '../links-panel';
import { SuggestedClaimsPanel } from '../suggested-claims-panel';
import { useWorkspaceCommandKeys } from '../workspace-keys';
import { reviewedTextOf } from '@shared/review.schema';
import { ReviewFields, ReviewerNotesField } from './review-fields';
import { ReviewFormFrame } from './review-form-frame';
import type { ReviewFormProps } from './review-form';
import { useReviewForm } from './use-review-form';

/** In the workspace (issue 23) the draft saves itself after 10 s idle, and when the reviewer leaves the page. */
export const WORKSPACE_AUTOSAVE_DELAY_MS = 10_000;

/**
 * The review form of the full-page workspace: tall editors that scroll together, Ctrl+S and Ctrl+Enter, the slower
 * autosave and the save as the page goes away, and the five panels (house style, language checks, links, suggested
 * claims, the report) around the fields.
 */
export function WorkspaceReviewForm({ submission, actionsSlot, ...options }: ReviewFormProps) {
  const review = useReviewForm(submission, { autosaveDelayMs: WORKSPACE_AUTOSAVE_DELAY_MS, saveAsPageLeaves: true, ...options });
  useWorkspaceCommandKeys({ save: review.saveDraft, complete: review.complete });
  const { draft, effort, noteOutstanding } = review;
  const onFindingsOpen = useCallback((count: number | null) => noteOutstanding('findings', count), [noteOutstanding]);
  const onSuggestionsOpen = useCallback((count: number | null) => noteOutstanding('suggestions', count), [noteOutstanding]);
  /** A suggested claim added to the report: the claim editor starts a claim with it quoted. */
  const [quote, setQuote] = useState<{ text: string; start: number; end: number } | null>(null);
  const quotedSpans = useMemo(() => (review.claims.data ?? []).map((c) => ({ start: c.passageStart, end: c.passageEnd })), [review.claims.data]);
  return (
    <ReviewFormFrame review={review} actionsSlot={actionsSlot}>
      <ReviewFields review={review} layout="workspace" />
      <HouseStylePanel submissionId={submission.id} orderVariant={submission.englishVariant} />
      {draft.fields.mode === 'text' ? (
        <LanguageChecksPanel
          submissionId={submission.id}
          version={submission.reviewVersion}
          checkedText={submission.reviewedContent === null ? submission.content : reviewedTextOf(submission)}
          text={draft.fields.text}
          onApply={draft.edit.text}
          onAccepted={effort.accepted}
          onIgnored={effort.ignored}
          onOpenCount={onFindingsOpen}
        />
      ) : null}
      <ReviewerNotesField review={review} />
      <LinksPanel submissionId={submission.id} version={submission.reviewVersion} />
      <SuggestedClaimsPanel
        submissionId={submission.id}
        quoted={quotedSpans}
        onAdd={(claim) => {
          setQuote({ text: claim.text, start: claim.start, end: claim.end });
          effort.accepted();
        }}
        onIgnore={effort.ignored}
        onOpenCount={onSuggestionsOpen}
      />
      <ClaimEditor
        submissionId={submission.id}
        content={submission.content}
        originalRef={review.originalRef}
        noCheckableClaims={draft.fields.noCheckableClaims}
        onNoCheckableClaimsChange={draft.edit.noCheckableClaims}
        quote={quote}
        verdictKeys
      />
    </ReviewFormFrame>
  );
}
