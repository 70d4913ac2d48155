import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * Whether a key press belongs to what the reviewer is typing rather than to the workspace's keys: it comes from a
 * text field (or an editable element), or from inside a dialog. `dialogs: false` counts a dialog as not typing (the
 * ? key, which also closes its own sheet).
 */
export function isTyping(target: EventTarget | null, { dialogs = true }: { dialogs?: boolean } = {}): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || (dialogs && el.closest('[role="dialog"]'))));
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
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        latest.current.save();
      } else if (event.key === 'Enter') {
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
 * The keys of a review list (the suggested claims, the language checks' findings): j / k move to the next and
 * previous item, a accepts the current one, i ignores it; while the list is empty the keys are left to others.
 * `first`: while this list has items the keys are its own, before any other list sees them (the suggested claims
 * come before the findings).
 */
export function useReviewQueueKeys<T>(
  items: readonly T[],
  actions: { accept: (item: T) => void; ignore: (item: T) => void },
  { first = false }: { first?: boolean } = {},
): ReviewQueue<T> {
  const [focused, setFocused] = useState(0);
  const current: T | undefined = items[Math.min(focused, Math.max(0, items.length - 1))];
  useWorkspaceKey(
    (event) => {
      if (current === undefined) return false;
      if (event.key === 'j') setFocused((i) => Math.min(i + 1, items.length - 1));
      else if (event.key === 'k') setFocused((i) => Math.max(0, i - 1));
      else if (event.key === 'a') actions.accept(current);
      else if (event.key === 'i') actions.ignore(current);
      else return false;
      return true;
    },
    { first },
  );
  return { items, current, focused, setFocused };
}
