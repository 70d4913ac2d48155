import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS, findingListSchema, type Finding, type FindingCategory } from '@shared/language-checks.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { apiJson } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { queryKeys } from '@client/lib/query-keys';

const keyOf = (f: Finding) => `${f.rule}:${f.start}:${f.end}`;
const TONES: Record<FindingCategory, 'red' | 'blue' | 'yellow' | 'grey'> = { spelling: 'red', grammar: 'blue', 'ai-tells': 'yellow', variant: 'grey' };

/** Where a finding of the checked text sits in the editor's text now, or null when that text has changed there. */
export function locate(finding: Finding, checked: string, current: string, shift: number): number | null {
  const expected = checked.slice(finding.start, finding.end);
  const guess = finding.start + shift;
  if (current.slice(guess, guess + expected.length) === expected) return guess;
  // The reviewer typed since the check: the same words nearest to where they were.
  const from = Math.max(0, guess - 200);
  const window = current.slice(from, guess + expected.length + 200);
  let best: number | null = null;
  for (let i = window.indexOf(expected); i !== -1 && expected !== ''; i = window.indexOf(expected, i + 1)) {
    const at = from + i;
    if (best === null || Math.abs(at - guess) < Math.abs(best - guess)) best = at;
  }
  return best;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.closest('[role="dialog"]')));
}

/**
 * The workspace's language checks (issue 23): the saved draft's findings (harper.js and the "AI tells" rule pack),
 * one at a time or as a list. Accept applies the first suggestion to the editor's text; Ignore hides the finding.
 * Keys when not typing: j / k next / previous, a accept, i ignore.
 */
export function LanguageChecksPanel({
  submissionId,
  version,
  checkedText,
  text,
  onApply,
  onAccepted,
  onIgnored,
}: {
  submissionId: string;
  /** The saved draft's version: a new save checks again. */
  version: number;
  /** The text the server checks at this version (the saved draft). */
  checkedText: string;
  /** The editor's text now. */
  text: string;
  onApply: (next: string) => void;
  onAccepted: (category: FindingCategory) => void;
  onIgnored: () => void;
}) {
  const checks = useQuery({
    queryKey: queryKeys.admin.checks(submissionId, version),
    queryFn: async () => ({
      checked: checkedText,
      ...(await apiJson(findingListSchema, 'GET', `/api/admin/submissions/${encodeURIComponent(submissionId)}/checks?text=reviewed`)),
    }),
    staleTime: Infinity,
  });
  const [handled, setHandled] = useState<Set<string>>(new Set());
  /** Edits made by Accept since this check: [position, length change], so later findings are found where they moved. */
  const [edits, setEdits] = useState<[number, number][]>([]);
  const [focused, setFocused] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    setHandled(new Set());
    setEdits([]);
    setFocused(0);
  }, [checks.data]);

  const open = useMemo(() => (checks.data?.findings ?? []).filter((f) => !handled.has(keyOf(f))), [checks.data, handled]);
  const counts = useMemo(() => {
    const by = Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, 0])) as Record<FindingCategory, number>;
    for (const f of open) by[f.category] += 1;
    return by;
  }, [open]);
  const current = open[Math.min(focused, Math.max(0, open.length - 1))];

  const accept = (finding: Finding) => {
    if (!checks.data) return;
    const replacement = finding.suggestions[0];
    if (replacement === undefined) return;
    const shift = edits.filter(([at]) => at <= finding.start).reduce((sum, [, delta]) => sum + delta, 0);
    const at = locate(finding, checks.data.checked, text, shift);
    if (at === null) {
      setNotice('That text has changed since it was checked. Save (Ctrl+S) to check again.');
      return;
    }
    const length = finding.end - finding.start;
    onApply(text.slice(0, at) + replacement + text.slice(at + length));
    setEdits((list) => [...list, [finding.start, replacement.length - length]]);
    setHandled((set) => new Set(set).add(keyOf(finding)));
    setNotice(null);
    onAccepted(finding.category);
  };
  const ignore = (finding: Finding) => {
    setHandled((set) => new Set(set).add(keyOf(finding)));
    setNotice(null);
    onIgnored();
  };

  const latest = useRef({ open, current, accept, ignore });
  latest.current = { open, current, accept, ignore };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { open: list, current: finding } = latest.current;
      if (event.key === 'j') setFocused((i) => Math.min(i + 1, Math.max(0, list.length - 1)));
      else if (event.key === 'k') setFocused((i) => Math.max(0, i - 1));
      else if (event.key === 'a' && finding) latest.current.accept(finding);
      else if (event.key === 'i' && finding) latest.current.ignore(finding);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [focused, open.length]);

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${submissionId}-checks`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${submissionId}-checks`} className="text-sm font-semibold text-slate-900">
          Language checks
        </h4>
        {FINDING_CATEGORIES.map((c) => (
          <Badge key={c} tone={counts[c] > 0 ? TONES[c] : 'grey'} data-testid={`findings-${c}`}>
            {FINDING_CATEGORY_LABELS[c]} {counts[c]}
          </Badge>
        ))}
      </div>
      <p className="text-xs text-slate-600">
        Of the last saved draft. Keys: j / k next and previous, a accept, i ignore (when not typing).
      </p>
      {notice ? (
        <p role="alert" className="text-sm text-amber-800">
          {notice}
        </p>
      ) : null}
      {checks.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : checks.isError ? (
        <p className="text-sm text-red-700">The language checks could not be loaded. Save the draft to try again.</p>
      ) : open.length === 0 ? (
        <p className="text-sm text-slate-600" role="status">
          No findings in the saved draft.
        </p>
      ) : (
        <ol ref={listRef} className="flex max-h-72 flex-col gap-2 overflow-y-auto" aria-label="Findings">
          {open.map((f, i) => {
            const isCurrent = f === current;
            const words = checks.data.checked.slice(f.start, f.end);
            return (
              <li
                key={keyOf(f)}
                aria-current={isCurrent}
                className={cn('rounded-md border p-2 text-sm', isCurrent ? 'border-emerald-500 bg-emerald-50' : 'border-slate-200')}
                onClick={() => setFocused(i)}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={TONES[f.category]}>{FINDING_CATEGORY_LABELS[f.category]}</Badge>
                  <span className="font-mono text-xs break-all">“{words}”</span>
                  {f.suggestions[0] !== undefined ? (
                    <span className="text-xs text-slate-700">→ {f.suggestions[0] === '' ? '(cut)' : `“${f.suggestions[0]}”`}</span>
                  ) : null}
                </div>
                <p className="mt-1 text-slate-700">{f.message}</p>
                <div className="mt-1 flex gap-2">
                  <Button type="button" size="sm" variant="outline" disabled={f.suggestions[0] === undefined} onClick={() => accept(f)}>
                    Accept
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => ignore(f)}>
                    Ignore
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
