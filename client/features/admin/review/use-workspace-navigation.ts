import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ClaimEditorHandle } from '../claim-editor';
import { useWorkspaceKey } from '../workspace-keys';
import { isKey } from '../workspace-shortcuts';
import type { ProseEditorHandle } from './prose-editor';

/** The workspace's two panels of cards; one is active at a time, the one j / k / a / i act on. */
export type CardPanel = 'suggestions' | 'findings';

/** Narrow screens start on the unified view: two columns of text do not fit 390 px. */
const NARROW = '(max-width: 767px)';

/**
 * Where the reviewer is in the workspace (issue 42, decision 066): the active panel (switched on purpose only: by its
 * key, its button, or a click on one of its cards or marks), the unified or side-by-side view, and the keys that jump
 * to the text, the original, the cards, the report and the claim form, or quote the original's selection.
 */
export function useWorkspaceNavigation({ findingsShown }: { findingsShown: boolean }) {
  const editor = useRef<ProseEditorHandle>(null);
  const report = useRef<ClaimEditorHandle>(null);
  const cards = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CardPanel>('suggestions');
  const [unified, setUnified] = useState(() => typeof window !== 'undefined' && (window.matchMedia?.(NARROW).matches ?? false));
  /** A mark clicked in the text: its card becomes current in its panel (a new object each time). */
  const [request, setRequest] = useState<{ panel: CardPanel; key: string } | null>(null);

  // A screen turned or a window narrowed to a phone's width: the unified view, as on a phone's first load.
  useEffect(() => {
    const narrow = window.matchMedia?.(NARROW);
    if (!narrow) return;
    const follow = (event: MediaQueryListEvent) => {
      if (event.matches) setUnified(true);
    };
    narrow.addEventListener('change', follow);
    return () => narrow.removeEventListener('change', follow);
  }, []);

  const focusCards = useCallback(() => focusCurrentCard(cards), []);
  const onMarkClick = useCallback((kind: 'finding' | 'suggestion', key: string) => {
    const panel: CardPanel = kind === 'finding' ? 'findings' : 'suggestions';
    setActive(panel);
    setRequest({ panel, key });
  }, []);

  useWorkspaceKey((event) => {
    if (isKey('findings', event) && findingsShown) setActive('findings');
    else if (isKey('suggestions', event)) setActive('suggestions');
    else if (isKey('text', event)) editor.current?.focusText();
    else if (isKey('original', event)) editor.current?.focusOriginal();
    else if (isKey('cards', event)) focusCards();
    else if (isKey('report', event)) report.current?.focusReport();
    else if (isKey('claimForm', event)) report.current?.focusForm();
    else if (isKey('quote', event)) report.current?.quoteSelection();
    else if (isKey('unified', event)) setUnified((u) => !u);
    else return false;
    return true;
  });

  return { editor, report, cards, active, setActive, unified, setUnified, request, onMarkClick, focusCards };
}

/** The active panel's current card, or the panel itself when it has none. */
function focusCurrentCard(cards: RefObject<HTMLDivElement | null>): void {
  const panel = cards.current?.querySelector<HTMLElement>('[data-active="true"]');
  const card = panel?.querySelector<HTMLElement>('[aria-current="true"]');
  (card ?? panel)?.focus();
}
