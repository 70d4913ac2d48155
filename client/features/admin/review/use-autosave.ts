import { useEffect, useRef } from 'react';
import { formatClockTime } from '@client/lib/format';

export type AutosaveState = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

/** The line under the editors. */
export function autosaveStatusText(status: AutosaveState, allowed: boolean): string {
  if (status.state === 'saving') return 'Saving draft...';
  if (status.state === 'saved') return `Draft saved at ${formatClockTime(status.at)}`;
  if (status.state === 'failed') return 'The draft could not be saved';
  return allowed ? 'Drafts save automatically' : '';
}

/**
 * When the draft saves itself, while `allowed`: `delayMs` after the last edit (not while a save is `busy`), as the
 * form closes with edits unsaved, and, given `sendAsPageLeaves`, as the page goes away (a closed tab, a reload), with
 * a request the browser finishes on its own. `save` and `sendAsPageLeaves` are read when they run, never stale.
 * `typing` tells of edits not counted yet (the prose editor's text still settling): leaving the page sends them too.
 */
export function useAutosave({
  edits,
  savedEdits,
  allowed,
  busy,
  delayMs,
  save,
  sendAsPageLeaves,
  typing,
}: {
  edits: number;
  savedEdits: number;
  allowed: boolean;
  busy: boolean;
  delayMs: number;
  save: () => void;
  sendAsPageLeaves?: () => void;
  typing?: () => boolean;
}): void {
  const latest = useRef({ save, sendAsPageLeaves, typing });
  latest.current = { save, sendAsPageLeaves, typing };
  const counted = useRef({ edits, savedEdits, allowed });
  counted.current = { edits, savedEdits, allowed };
  const unsaved = () => counted.current.allowed && (counted.current.edits !== counted.current.savedEdits || (latest.current.typing?.() ?? false));

  useEffect(() => {
    if (edits === savedEdits || !allowed || busy) return;
    const timer = window.setTimeout(() => latest.current.save(), delayMs);
    return () => window.clearTimeout(timer);
  }, [edits, savedEdits, allowed, busy, delayMs]);

  useEffect(
    () => () => {
      if (unsaved()) latest.current.save();
    },
    [],
  );

  const onLeave = sendAsPageLeaves !== undefined;
  useEffect(() => {
    if (!onLeave) return;
    const onPageHide = () => {
      if (unsaved()) latest.current.sendAsPageLeaves?.();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [onLeave]);
}
