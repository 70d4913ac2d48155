import { useEffect, useMemo, useState } from 'react';
import { CLAIM_KIND_LABELS, type ClaimSuggestion } from '@shared/claim-suggestions.schema';
import { Badge } from '@client/components/ui/badge';
import { useClaimSuggestions } from './api/workspace-panels';
import { useReviewDecisions } from './review/use-review-decisions';
import { ReviewItemActions, ReviewQueueList, ReviewQueueSection } from './review-queue-list';
import { useReviewQueueKeys } from './workspace-keys';

const keyOf = (c: ClaimSuggestion) => `${c.start}:${c.end}`;

/**
 * The sentences of the original worth checking (issue 23), best first. "Add to report" (or a) starts a claim with
 * the sentence quoted; Ignore (or i) hides it. j / k move between them. The keys work here while suggestions are
 * left, then move on to the language checks.
 */
export function SuggestedClaimsPanel({
  submissionId,
  quoted,
  onAdd,
  onIgnore,
  onOpenCount,
}: {
  submissionId: string;
  /** Sentences already in the report (their spans), not suggested again. */
  quoted: readonly { start: number; end: number }[];
  onAdd: (claim: ClaimSuggestion) => void;
  onIgnore: () => void;
  /** Told how many are still open (null until they load, and when the panel goes): the check before delivery. */
  onOpenCount?: (count: number | null) => void;
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
  // While suggestions are left, the keys are theirs, before the language checks see them.
  const queue = useReviewQueueKeys(open, { accept: add, ignore }, { first: true });
  const openCount = suggestions.data && usable ? open.length : null;
  useEffect(() => {
    onOpenCount?.(openCount);
  }, [onOpenCount, openCount]);
  useEffect(() => () => onOpenCount?.(null), [onOpenCount]);

  return (
    <ReviewQueueSection
      id={`${submissionId}-suggestions`}
      title="Suggested claims"
      counts={
        <Badge tone={open.length > 0 ? 'blue' : 'grey'} data-testid="suggestions-left">
          {open.length} to check
        </Badge>
      }
      hint="Sentences with numbers, dates, names, superlatives, quotes or citations. Keys: j / k, a add to the report, i ignore; then 1–4 sets the verdict."
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
