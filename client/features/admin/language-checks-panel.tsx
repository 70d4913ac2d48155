import { useEffect, useMemo, useState } from 'react';
import { groupFindings } from '@shared/finding-text';
import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS, type Finding, type FindingCategory } from '@shared/language-checks.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api';
import { useLanguageChecks } from './api/workspace-panels';
import { useReviewDecisions } from './review/use-review-decisions';
import { ReviewItemActions, ReviewQueueList, ReviewQueueSection, useCardsFollowingMarks } from './review-queue-list';
import { findingKey } from './locate-finding';
import { useReviewQueueKeys } from './workspace-keys';
import { WORKSPACE_KEYS } from './workspace-shortcuts';

const keyOf = findingKey;
const TONES: Record<FindingCategory, 'red' | 'blue' | 'yellow' | 'grey' | 'green'> = {
  spelling: 'red',
  grammar: 'blue',
  'ai-tells': 'yellow',
  variant: 'grey',
  'house-style': 'green',
};

const CHECKS_ERROR = 'The language checks could not be loaded. Save the draft to try again.';

/**
 * The server's own words when it refused this text (decision 052: a text that was too slow or that the checker failed
 * on gets a 422 saying so, a busy checker a 503), else the generic line.
 */
export function checksErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 422 || error.status === 503) && error.serverMessage) return error.serverMessage;
  return CHECKS_ERROR;
}

export { locate } from './locate-finding';

/** The open findings of the current check, for the editor's marks (prose-editor.tsx's FindingMarks). */
export interface OpenFindings {
  check: object;
  checked: string;
  open: readonly Finding[];
}

/**
 * The workspace's language checks (issue 23): the saved draft's findings (harper.js, the "AI tells" rule pack, the
 * house style), each a card, and marked in the reviewed text (`onOpenFindings`). Accept applies the first suggestion
 * where the finding's mark is now (`onAcceptFix`, one undo step in the editor); Ignore hides the finding. j / k / a / i
 * while this is the active panel; choosing a card selects its passage in the text.
 */
export function LanguageChecksPanel({
  submissionId,
  version,
  checkedText,
  onAcceptFix,
  onAccepted,
  onIgnored,
  onOpenCount,
  onOpenFindings,
  active,
  onActivate,
  onSelect,
  request,
}: {
  submissionId: string;
  /** The saved draft's version: a new save checks again. */
  version: number;
  /** The text the server checks at this version (the saved draft). */
  checkedText: string;
  /** Puts the fix in the text where the finding is now; false when its text has changed since the check. */
  onAcceptFix: (finding: Finding, replacement: string) => boolean;
  onAccepted: (category: FindingCategory) => void;
  onIgnored: () => void;
  /** Told how many are still open (null until they load, and when the panel goes): the check before delivery. */
  onOpenCount?: (count: number | null) => void;
  /** Told which are still open, to mark them in the text. */
  onOpenFindings?: (findings: OpenFindings | null) => void;
  active: boolean;
  onActivate: () => void;
  /** A card chosen (clicked, or reached with j / k): the workspace selects its passage in the text. */
  onSelect?: (finding: Finding) => void;
  /** A mark clicked in the text: its card becomes the current one (a new object each time). */
  request?: { key: string } | null;
}) {
  const checks = useLanguageChecks({ submissionId, version, checkedText });
  // Ignore, accept and "ignore all" are stored per order (issue 42): they hold across the autosave's new check.
  const decisions = useReviewDecisions(submissionId);
  const [handled, setHandled] = useState<Set<string>>(new Set());
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
    const replacement = finding.suggestions[0];
    if (replacement === undefined || !checks.data) return;
    if (!onAcceptFix(finding, replacement)) {
      setNotice('That text has changed since it was checked. Save (Ctrl+S) to check again.');
      return;
    }
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

  /** Adds a spelling finding's word to the reviewer's dictionary: it is not flagged again, here or in other orders. */
  const addToDictionary = (finding: Finding) => {
    if (finding.category !== 'spelling' || !checks.data) return;
    decisions.addToDictionary(checks.data.checked.slice(finding.start, finding.end));
  };

  // j / k move between cards: one per rule and word.
  const queue = useReviewQueueKeys(heads, { accept, ignore, ignoreAll, dictionary: addToDictionary, onMove: onSelect }, { active });
  const openCount = checks.data && usable ? open.length : null;
  useEffect(() => {
    onOpenCount?.(openCount);
  }, [onOpenCount, openCount]);
  useEffect(() => () => onOpenCount?.(null), [onOpenCount]);
  const data = checks.data;
  useEffect(() => {
    onOpenFindings?.(data ? { check: data, checked: data.checked, open } : null);
  }, [onOpenFindings, data, open]);
  useEffect(() => () => onOpenFindings?.(null), [onOpenFindings]);
  const { setFocused } = queue;
  useEffect(() => {
    setHandled(new Set());
    setFocused(0);
  }, [checks.data, setFocused]);
  // A mark of any occurrence makes its rule-and-word card the current one.
  const listRef = useCardsFollowingMarks(queue, request, (key) =>
    heads.findIndex((head) => (groupOf.get(keyOf(head))?.findings ?? [head]).some((f) => keyOf(f) === key)),
  );

  return (
    <ReviewQueueSection
      id={`${submissionId}-checks`}
      title="Language checks"
      counts={FINDING_CATEGORIES.map((c) => (
        <Badge key={c} tone={counts[c] > 0 ? TONES[c] : 'grey'} data-testid={`findings-${c}`}>
          {FINDING_CATEGORY_LABELS[c]} {counts[c]}
        </Badge>
      ))}
      hint="Of the last saved draft, marked in the reviewed text. a accepts the fix, i ignores, Shift+I ignores all in this order, d adds a word to your dictionary."
      active={active}
      activateKey={WORKSPACE_KEYS.findings.label}
      onActivate={onActivate}
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
        active={active}
        onChoose={(finding) => {
          onActivate();
          onSelect?.(finding);
        }}
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
                <Button type="button" size="sm" variant="ghost" onClick={() => addToDictionary(f)}>
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
