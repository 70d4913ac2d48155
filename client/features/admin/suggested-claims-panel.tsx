import { useEffect, useMemo, useState } from 'react';
import { CLAIM_KIND_LABELS, type ClaimSuggestion } from '@shared/claim-suggestions.schema';
import { Badge } from '@client/components/ui/badge';
import { useClaimSuggestions } from './api/workspace-panels';
import { useReviewDecisions } from './review/use-review-decisions';
import { ReviewItemActions, ReviewQueueList, ReviewQueueSection, useCardsFollowingMarks } from './review-queue-list';
import { useReviewQueueKeys } from './workspace-keys';
import { WORKSPACE_KEYS } from './workspace-shortcuts';

export const suggestionKey = (c: { start: number; end: number }) => `${c.start}:${c.end}`;
const keyOf = suggestionKey;

/**
 * The sentences of the original worth checking (issue 23), best first, each a card; they are marked in the original
 * too (`onOpenItems`). "Add to report" (or a) starts a claim with the sentence quoted; Ignore (or i) hides it; j / k
 * move between them, while this is the active panel. Choosing a card selects its sentence in the original.
 */
export function SuggestedClaimsPanel({
  submissionId,
  quoted,
  onAdd,
  onIgnore,
  onOpenCount,
  onOpenItems,
  active,
  onActivate,
  onSelect,
  request,
}: {
  submissionId: string;
  /** Sentences already in the report (their spans), not suggested again. */
  quoted: readonly { start: number; end: number }[];
  onAdd: (claim: ClaimSuggestion) => void;
  onIgnore: () => void;
  /** Told how many are still open (null until they load, and when the panel goes): the check before delivery. */
  onOpenCount?: (count: number | null) => void;
  /** Told which are still open, to mark them in the original. */
  onOpenItems?: (open: readonly ClaimSuggestion[]) => void;
  active: boolean;
  onActivate: () => void;
  /** A card chosen (clicked, or reached with j / k): the workspace selects its sentence in the original. */
  onSelect?: (claim: ClaimSuggestion) => void;
  /** A mark clicked in the original: its card becomes the current one (a new object each time). */
  request?: { key: string } | null;
}) {
  const suggestions = useClaimSuggestions(submissionId);
  // Added and ignored suggestions are stored per order (issue 42): they stay so after a reload.
  const decisions = useReviewDecisions(submissionId);
  const usable = decisions.ready || decisions.failed;
  const { isSuggestionOpen, decideSuggestion } = decisions;
  const [handled, setHandled] = useState<Set<string>>(new Set());
  const open = useMemo(
    () =>
      usable
        ? [...(suggestions.data?.claims ?? [])]
            .filter((c) => !handled.has(keyOf(c)) && isSuggestionOpen(c) && !quoted.some((q) => q.start < c.end && c.start < q.end))
            .sort((a, b) => b.score - a.score || a.start - b.start)
        : [],
    [suggestions.data, handled, quoted, usable, isSuggestionOpen],
  );
  const add = (claim: ClaimSuggestion) => {
    setHandled((set) => new Set(set).add(keyOf(claim)));
    decideSuggestion(claim, 'accept');
    onAdd(claim);
  };
  const ignore = (claim: ClaimSuggestion) => {
    setHandled((set) => new Set(set).add(keyOf(claim)));
    decideSuggestion(claim, 'ignore');
    onIgnore();
  };
  const queue = useReviewQueueKeys(open, { accept: add, ignore, onMove: onSelect }, { active });
  const openCount = suggestions.data && usable ? open.length : null;
  useEffect(() => {
    onOpenCount?.(openCount);
  }, [onOpenCount, openCount]);
  useEffect(() => () => onOpenCount?.(null), [onOpenCount]);
  useEffect(() => {
    onOpenItems?.(open);
  }, [onOpenItems, open]);
  const listRef = useCardsFollowingMarks(queue, request, (key) => open.findIndex((c) => keyOf(c) === key));

  return (
    <ReviewQueueSection
      id={`${submissionId}-suggestions`}
      title="Suggested claims"
      counts={
        <Badge tone={open.length > 0 ? 'blue' : 'grey'} data-testid="suggestions-left">
          {open.length} to check
        </Badge>
      }
      hint="Sentences with numbers, dates, names, superlatives, quotes or citations, marked blue in the original. a adds one to the report, i ignores it."
      active={active}
      activateKey={WORKSPACE_KEYS.suggestions.label}
      onActivate={onActivate}
    >
      <ReviewQueueList
        query={usable ? suggestions : { isPending: true, isError: false }}
        skeletonClassName="h-12 w-full"
        errorText="The suggestions could not be loaded."
        emptyText="No suggested claims left."
        label="Suggested claims"
        className="max-h-64"
        queue={queue}
        keyOf={keyOf}
        listRef={listRef}
        active={active}
        onChoose={(claim) => {
          onActivate();
          onSelect?.(claim);
        }}
      >
        {(claim) => (
          <>
            <p className="text-slate-900">{claim.text}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {claim.kinds.map((kind) => (
                <Badge key={kind}>{CLAIM_KIND_LABELS[kind]}</Badge>
              ))}
              <span className="text-xs text-slate-600">score {claim.score.toFixed(2)}</span>
              <ReviewItemActions acceptLabel="Add to report" onAccept={() => add(claim)} onIgnore={() => ignore(claim)} />
            </div>
          </>
        )}
      </ReviewQueueList>
    </ReviewQueueSection>
  );
}
