import { useEffect, useMemo, useRef, useState } from 'react';
import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS, type Finding, type FindingCategory } from '@shared/language-checks.schema';
import { Badge } from '@client/components/ui/badge';
import { ApiError } from '@client/lib/api';
import { useLanguageChecks } from './api/workspace-panels';
import { ReviewItemActions, ReviewQueueList, ReviewQueueSection, scrollCurrentIntoList } from './review-queue-list';
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
  const [handled, setHandled] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);

  const open = useMemo(() => (checks.data?.findings ?? []).filter((f) => !handled.has(keyOf(f))), [checks.data, handled]);
  const counts = useMemo(() => {
    const by = Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, 0])) as Record<FindingCategory, number>;
    for (const f of open) by[f.category] += 1;
    return by;
  }, [open]);

  const accept = (finding: Finding) => {
    const replacement = finding.suggestions[0];
    if (replacement === undefined) return;
    if (!onAcceptFix(finding, replacement)) {
      setNotice('That text has changed since it was checked. Save (Ctrl+S) to check again.');
      return;
    }
    setHandled((set) => new Set(set).add(keyOf(finding)));
    setNotice(null);
    onAccepted(finding.category);
  };
  const ignore = (finding: Finding) => {
    setHandled((set) => new Set(set).add(keyOf(finding)));
    setNotice(null);
    onIgnored();
  };

  const queue = useReviewQueueKeys(open, { accept, ignore, onMove: onSelect }, { active });
  const openCount = checks.data ? open.length : null;
  useEffect(() => {
    onOpenCount?.(openCount);
  }, [onOpenCount, openCount]);
  useEffect(() => () => onOpenCount?.(null), [onOpenCount]);
  const data = checks.data;
  useEffect(() => {
    onOpenFindings?.(data ? { check: data, checked: data.checked, open } : null);
  }, [onOpenFindings, data, open]);
  useEffect(() => () => onOpenFindings?.(null), [onOpenFindings]);
  const { focused, setFocused } = queue;
  useEffect(() => {
    setHandled(new Set());
    setFocused(0);
  }, [checks.data, setFocused]);
  useEffect(() => {
    if (!request) return;
    const at = open.findIndex((f) => keyOf(f) === request.key);
    if (at >= 0) setFocused(at);
    // Only a new request moves the card; the list changing under it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, setFocused]);

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
      hint="Of the last saved draft, marked in the reviewed text. a accepts the fix, i ignores."
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
        query={checks}
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
              <span className="font-mono text-xs break-all">“{checks.data?.checked.slice(f.start, f.end)}”</span>
              {f.suggestions[0] !== undefined ? (
                <span className="text-xs text-slate-700">→ {f.suggestions[0] === '' ? '(cut)' : `“${f.suggestions[0]}”`}</span>
              ) : null}
            </div>
            <p className="mt-1 text-slate-700">{f.message}</p>
            <div className="mt-1 flex gap-2">
              <ReviewItemActions acceptLabel="Accept" canAccept={f.suggestions[0] !== undefined} onAccept={() => accept(f)} onIgnore={() => ignore(f)} />
            </div>
          </>
        )}
      </ReviewQueueList>
    </ReviewQueueSection>
  );
}
