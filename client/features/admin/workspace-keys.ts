import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { isKey } from './workspace-shortcuts';

/**
 * Whether a key press belongs to what the reviewer is typing rather than to the workspace's keys: it comes from a
 * text field (or an editable element), or from inside a dialog. `dialogs: false` counts a dialog as not typing (the
 * ? key, which also closes its own sheet). The original's read-only editor (`aria-readonly`) is not typing: its
 * letters would do nothing there, so the workspace's keys work in it (select a passage, then q).
 */
export function isTyping(target: EventTarget | null, { dialogs = true }: { dialogs?: boolean } = {}): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  const editable = el.isContentEditable && !el.closest('[aria-readonly="true"]');
  return Boolean(editable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || (dialogs && el.closest('[role="dialog"]')));
}

/**
 * A workspace key, listened to on the whole window: ignored with Ctrl, ⌘ or Alt and while typing (see isTyping).
 * `handle` answers whether it used the key; a used key's default is prevented. `first` listens in the capture phase
 * and keeps a used key from every other listener.
 */
export function useWorkspaceKey(
  handle: (event: KeyboardEvent) => boolean,
  { enabled = true, first = false, dialogs = true }: { enabled?: boolean; first?: boolean; dialogs?: boolean } = {},
): void {
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target, { dialogs })) return;
      if (!latest.current(event)) return;
      event.preventDefault();
      if (first) event.stopImmediatePropagation();
    };
    window.addEventListener('keydown', onKey, { capture: first });
    return () => window.removeEventListener('keydown', onKey, { capture: first });
  }, [enabled, first, dialogs]);
}

/**
 * The workspace's two commands, Ctrl+S (save the draft) and Ctrl+Enter (complete the review), ⌘ on a Mac. Unlike a
 * workspace key they work while typing, since they are pressed mid-sentence; with Alt they are left alone.
 */
export function useWorkspaceCommandKeys(commands: { save: () => void; complete: () => void }): void {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (isKey('save', { key: event.key.toLowerCase() })) {
        event.preventDefault();
        latest.current.save();
      } else if (isKey('complete', event)) {
        event.preventDefault();
        latest.current.complete();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** A review list as its keys move through it (useReviewQueueKeys) and ReviewQueueList shows it. */
export interface ReviewQueue<T> {
  items: readonly T[];
  current: T | undefined;
  focused: number;
  setFocused: Dispatch<SetStateAction<number>>;
}

/**
 * The keys of a review list (the suggested claims, the language checks' findings), while it is the active panel
 * (issue 42: one active panel, switched on purpose; an empty list keeps the keys and does nothing with them): j / k
 * move to the next and previous item, a accepts the current one, i ignores it. `onMove` hears of the item j / k chose.
 * A list with more to do with an item names it: Shift+I ignores all of its kind, d adds its word to the dictionary.
 */
export function useReviewQueueKeys<T>(
  items: readonly T[],
  actions: {
    accept: (item: T) => void;
    ignore: (item: T) => void;
    onMove?: (item: T) => void;
    ignoreAll?: (item: T) => void;
    dictionary?: (item: T) => void;
  },
  { active }: { active: boolean },
): ReviewQueue<T> {
  const [focused, setFocused] = useState(0);
  const index = Math.min(focused, Math.max(0, items.length - 1));
  const current: T | undefined = items[index];
  useWorkspaceKey(
    (event) => {
      const move = isKey('next', event) ? 1 : isKey('previous', event) ? -1 : 0;
      if (move !== 0) {
        const next = Math.min(Math.max(0, index + move), items.length - 1);
        setFocused(Math.max(0, next));
        if (items[next] !== undefined) actions.onMove?.(items[next]);
      } else if (isKey('accept', event)) {
        if (current !== undefined) actions.accept(current);
      } else if (isKey('ignore', event)) {
        if (current !== undefined) actions.ignore(current);
      } else if (isKey('ignoreAll', event) && actions.ignoreAll) {
        if (current !== undefined) actions.ignoreAll(current);
      } else if (isKey('dictionary', event) && actions.dictionary) {
        if (current !== undefined) actions.dictionary(current);
      } else return false;
      return true;
    },
    { enabled: active },
  );
  return { items, current, focused, setFocused };
}
