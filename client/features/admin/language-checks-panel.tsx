import { useEffect, useMemo, useRef, useState } from 'react';
import { groupFindings } from '@shared/finding-text';
import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS, type Finding, type FindingCategory } from '@shared/language-checks.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api';
import { useLanguageChecks } from './api/workspace-panels';
import { useReviewDecisions } from './review/use-review-decisions';
import { ReviewItemActions, ReviewQueueList, ReviewQueueSection, scrollCurrentIntoList } from './review-queue-list';
import { useReviewQueueKeys } from './workspace-keys';

const keyOf = (f: Finding) => `${f.rule}:${f.start}:${f.end}`;
const TONES: Record<FindingCategory, 'red' | 'blue' | 'yellow' | 'grey' | 'green'> = {
  spelling: 'red',
  grammar: 'blue',
  'ai-tells': 'yellow',
  variant: 'grey',
  'house-style': 'green',
};

/** Where a finding of the checked text sits in the editor's text now, or null when that text has changed there. */
const CHECKS_ERROR = 'The language checks could not be loaded. Save the draft to try again.';

/**
 * The server's own words when it refused this text (decision 052: a text that was too slow or that the checker failed
 * on gets a 422 saying so, a busy checker a 503), else the generic line.
 */
export function checksErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 422 || error.status === 503) && error.serverMessage) return error.serverMessage;
  return CHECKS_ERROR;
}

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
  onOpenCount,
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
  /** Told how many are still open (null until they load, and when the panel goes): the check before delivery. */
  onOpenCount?: (count: number | null) => void;
}) {
  const checks = useLanguageChecks({ submissionId, version, checkedText });
  // Ignore, accept and "ignore all" are stored per order (issue 42): they hold across the autosave's new check.
  const decisions = useReviewDecisions(submissionId);
  const [handled, setHandled] = useState<Set<string>>(new Set());
  /** Edits made by Accept since this check: [position, length change], so later findings are found where they moved. */
  const [edits, setEdits] = useState<[number, number][]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const { isFindingOpen } = decisions;
  // Until the stored decisions load nothing shows (a decided finding never flashes back); if they fail, all show.
  const usable = decisions.ready || decisions.failed;
  const open = useMemo(
    () => (checks.data && usable ? checks.data.findings.filter((f) => !handled.has(keyOf(f)) && isFindingOpen(f, checks.data.checked)) : []),
    [checks.data, handled, usable, isFindingOpen],
  );
  // One card per rule and word, with a count (issue 42): the list shows each group's first open finding.
  const groups = useMemo(() => (checks.data ? groupFindings(open, checks.data.checked) : []), [open, checks.data]);
  const heads = useMemo(() => groups.map((g) => g.findings[0]!), [groups]);
  const groupOf = useMemo(() => new Map(groups.map((g) => [keyOf(g.findings[0]!), g])), [groups]);
  const counts = useMemo(() => {
    const by = Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, 0])) as Record<FindingCategory, number>;
    for (const f of open) by[f.category] += 1;
    return by;
  }, [open]);

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
    decisions.decideFinding(finding, checks.data.checked, 'accept');
    onAccepted(finding.category);
  };
  /** Ignores the card: every occurrence it stands for. */
  const ignore = (head: Finding) => {
    if (!checks.data) return;
    const all = groupOf.get(keyOf(head))?.findings ?? [head];
    setHandled((set) => new Set([...set, ...all.map(keyOf)]));
    setNotice(null);
    for (const finding of all) {
      decisions.decideFinding(finding, checks.data.checked, 'ignore');
      onIgnored();
    }
  };
  /** Ignores the rule on these words in the whole order, now and after later saves. */
  const ignoreAll = (head: Finding) => {
    if (!checks.data) return;
    decisions.ignoreAll(head, checks.data.checked);
    setNotice(null);
    onIgnored();
  };

  // The suggested claims take the keys first while any are left (useReviewQueueKeys' `first`).
  const queue = useReviewQueueKeys(heads, { accept, ignore });
  const openCount = checks.data && usable ? open.length : null;
  useEffect(() => {
    onOpenCount?.(openCount);
  }, [onOpenCount, openCount]);
  useEffect(() => () => onOpenCount?.(null), [onOpenCount]);
  const { focused, setFocused } = queue;
  useEffect(() => {
    setHandled(new Set());
    setEdits([]);
    setFocused(0);
  }, [checks.data, setFocused]);

  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    scrollCurrentIntoList(listRef.current);
  }, [focused, open.length]);

  return (
    <ReviewQueueSection
      id={`${submissionId}-checks`}
      title="Language checks"
      counts={FINDING_CATEGORIES.map((c) => (
        <Badge key={c} tone={counts[c] > 0 ? TONES[c] : 'grey'} data-testid={`findings-${c}`}>
          {FINDING_CATEGORY_LABELS[c]} {counts[c]}
        </Badge>
      ))}
      hint="Of the last saved draft. Keys: j / k next and previous, a accept, i ignore (when not typing)."
    >
      {notice ? (
        <p role="alert" className="text-sm text-amber-800">
          {notice}
        </p>
      ) : null}
      <ReviewQueueList
        query={usable ? checks : { isPending: true, isError: false }}
        skeletonClassName="h-16 w-full"
        errorText={checksErrorText(checks.error)}
        emptyText="No findings in the saved draft."
        label="Findings"
        className="max-h-72"
        listRef={listRef}
        queue={queue}
        keyOf={keyOf}
      >
        {(f) => (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={TONES[f.category]}>{FINDING_CATEGORY_LABELS[f.category]}</Badge>
              {(groupOf.get(keyOf(f))?.findings.length ?? 1) > 1 ? (
                <Badge data-testid="finding-count">×{groupOf.get(keyOf(f))!.findings.length}</Badge>
              ) : null}
              <span className="font-mono text-xs break-all">“{checks.data?.checked.slice(f.start, f.end)}”</span>
              {f.suggestions[0] !== undefined ? (
                <span className="text-xs text-slate-700">→ {f.suggestions[0] === '' ? '(cut)' : `“${f.suggestions[0]}”`}</span>
              ) : null}
            </div>
            <p className="mt-1 text-slate-700">{f.message}</p>
            <div className="mt-1 flex gap-2">
              <ReviewItemActions acceptLabel="Accept" canAccept={f.suggestions[0] !== undefined} onAccept={() => accept(f)} onIgnore={() => ignore(f)} />
              <Button type="button" size="sm" variant="ghost" onClick={() => ignoreAll(f)}>
                Ignore all in this order
              </Button>
              {f.category === 'spelling' ? (
                <Button type="button" size="sm" variant="ghost" onClick={() => decisions.addToDictionary(checks.data?.checked.slice(f.start, f.end) ?? '')}>
                  Add to my dictionary
                </Button>
              ) : null}
            </div>
          </>
        )}
      </ReviewQueueList>
    </ReviewQueueSection>
  );
}
