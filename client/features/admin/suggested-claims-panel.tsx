import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CLAIM_KIND_LABELS, claimSuggestionListSchema, type ClaimSuggestion } from '@shared/claim-suggestions.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { apiJson } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { queryKeys } from '@client/lib/query-keys';

const keyOf = (c: ClaimSuggestion) => `${c.start}:${c.end}`;

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.closest('[role="dialog"]')));
}

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
}: {
  submissionId: string;
  /** Sentences already in the report (their spans), not suggested again. */
  quoted: readonly { start: number; end: number }[];
  onAdd: (claim: ClaimSuggestion) => void;
  onIgnore: () => void;
}) {
  const suggestions = useQuery({
    queryKey: queryKeys.admin.suggestions(submissionId),
    queryFn: () => apiJson(claimSuggestionListSchema, 'GET', `/api/admin/submissions/${encodeURIComponent(submissionId)}/suggestions`),
    staleTime: Infinity,
  });
  const [handled, setHandled] = useState<Set<string>>(new Set());
  const [focused, setFocused] = useState(0);
  const open = useMemo(
    () =>
      [...(suggestions.data?.claims ?? [])]
        .filter((c) => !handled.has(keyOf(c)) && !quoted.some((q) => q.start < c.end && c.start < q.end))
        .sort((a, b) => b.score - a.score || a.start - b.start),
    [suggestions.data, handled, quoted],
  );
  const current = open[Math.min(focused, Math.max(0, open.length - 1))];

  const add = (claim: ClaimSuggestion) => {
    setHandled((set) => new Set(set).add(keyOf(claim)));
    onAdd(claim);
  };
  const ignore = (claim: ClaimSuggestion) => {
    setHandled((set) => new Set(set).add(keyOf(claim)));
    onIgnore();
  };
  const latest = useRef({ current, open, add, ignore });
  latest.current = { current, open, add, ignore };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { current: claim, open: list } = latest.current;
      if (!claim) return;
      if (event.key === 'j') setFocused((i) => Math.min(i + 1, list.length - 1));
      else if (event.key === 'k') setFocused((i) => Math.max(0, i - 1));
      else if (event.key === 'a') latest.current.add(claim);
      else if (event.key === 'i') latest.current.ignore(claim);
      else return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    // Capture: while suggestions are left, the keys are theirs, before the language checks see them.
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${submissionId}-suggestions`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${submissionId}-suggestions`} className="text-sm font-semibold text-slate-900">
          Suggested claims
        </h4>
        <Badge tone={open.length > 0 ? 'blue' : 'grey'} data-testid="suggestions-left">
          {open.length} to check
        </Badge>
      </div>
      <p className="text-xs text-slate-600">Sentences with numbers, dates, names, superlatives, quotes or citations. Keys: j / k, a add to the report, i ignore; then 1–4 sets the verdict.</p>
      {suggestions.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : suggestions.isError ? (
        <p className="text-sm text-red-700">The suggestions could not be loaded.</p>
      ) : open.length === 0 ? (
        <p className="text-sm text-slate-600" role="status">
          No suggested claims left.
        </p>
      ) : (
        <ol className="flex max-h-64 flex-col gap-2 overflow-y-auto" aria-label="Suggested claims">
          {open.map((claim, i) => (
            <li
              key={keyOf(claim)}
              aria-current={claim === current}
              className={cn('rounded-md border p-2 text-sm', claim === current ? 'border-emerald-500 bg-emerald-50' : 'border-slate-200')}
              onClick={() => setFocused(i)}
            >
              <p className="text-slate-900">{claim.text}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                {claim.kinds.map((kind) => (
                  <Badge key={kind}>{CLAIM_KIND_LABELS[kind]}</Badge>
                ))}
                <span className="text-xs text-slate-600">score {claim.score.toFixed(2)}</span>
                <Button type="button" size="sm" variant="outline" onClick={() => add(claim)}>
                  Add to report
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => ignore(claim)}>
                  Ignore
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
