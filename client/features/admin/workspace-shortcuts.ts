import { VERDICT_LABELS, VERDICTS } from '@shared/fact-check.schema';

/**
 * Every key of the review workspace (issue 42, decision 066), the one list the handlers read their keys from and the
 * shortcut sheet (?) shows. `keys` are KeyboardEvent.key values; `label` is how the sheet writes them.
 */
export interface WorkspaceShortcut {
  keys: readonly string[];
  label: string;
  does: string;
  group: 'Panels' | 'Go to' | 'Report' | 'Text' | 'Review';
}

const verdictKeys = VERDICTS.map((_, i) => String(i + 1));

export const WORKSPACE_KEYS = {
  findings: { keys: ['f'], label: 'f', does: 'Make the language checks the active panel', group: 'Panels' },
  suggestions: { keys: ['s'], label: 's', does: 'Make the suggested claims the active panel', group: 'Panels' },
  next: { keys: ['j'], label: 'j', does: 'Next card of the active panel (its passage is selected in the text)', group: 'Panels' },
  previous: { keys: ['k'], label: 'k', does: 'Previous card of the active panel', group: 'Panels' },
  accept: {
    keys: ['a'],
    label: 'a',
    does: 'Accept the current card: a finding’s fix goes into the text; a suggested claim goes into the report and its form opens',
    group: 'Panels',
  },
  ignore: { keys: ['i'], label: 'i', does: 'Ignore the current card', group: 'Panels' },
  ignoreAll: {
    keys: ['I'],
    label: 'Shift+I',
    does: 'Ignore the current finding’s rule on its word everywhere in this order, after later saves too',
    group: 'Panels',
  },
  dictionary: { keys: ['d'], label: 'd', does: 'Add the current spelling finding’s word to your dictionary', group: 'Panels' },
  text: { keys: ['t'], label: 't', does: 'Go to the reviewed text', group: 'Go to' },
  original: { keys: ['o'], label: 'o', does: 'Go to the original (select a passage there with Shift+arrows)', group: 'Go to' },
  cards: { keys: ['c'], label: 'c', does: 'Go to the current card of the active panel', group: 'Go to' },
  report: { keys: ['r'], label: 'r', does: 'Go to the fact-check report', group: 'Go to' },
  claimForm: { keys: ['n'], label: 'n', does: 'Go to the claim form', group: 'Go to' },
  back: { keys: ['Escape'], label: 'Esc', does: 'From the claim form back to the cards; closes a dialog or this list', group: 'Go to' },
  quote: { keys: ['q'], label: 'q', does: 'Quote the original’s selection as a new claim', group: 'Report' },
  verdict: {
    keys: verdictKeys,
    label: `1–${verdictKeys.length}`,
    does: `Set the verdict of the claim being written (${VERDICTS.map((v, i) => `${i + 1} ${VERDICT_LABELS[v].toLowerCase()}`).join(', ')})`,
    group: 'Report',
  },
  unified: { keys: ['u'], label: 'u', does: 'Switch the text between side by side and unified', group: 'Text' },
  save: { keys: ['s'], label: 'Ctrl+S', does: 'Save the draft (while typing too)', group: 'Review' },
  complete: { keys: ['Enter'], label: 'Ctrl+Enter', does: 'Complete the review (when it is ready): the check before delivery opens', group: 'Review' },
  sheet: { keys: ['?'], label: '?', does: 'Show or hide this list', group: 'Review' },
} as const satisfies Record<string, WorkspaceShortcut>;

export type WorkspaceKeyName = keyof typeof WORKSPACE_KEYS;

/** Whether a key press is one of the workspace's keys (without Ctrl: Ctrl+S and Ctrl+Enter are matched apart). */
export const isKey = (name: WorkspaceKeyName, event: { key: string }): boolean => (WORKSPACE_KEYS[name].keys as readonly string[]).includes(event.key);

/** The keys in the sheet's order, by group. */
export const SHORTCUT_GROUPS: readonly { group: WorkspaceShortcut['group']; shortcuts: readonly WorkspaceShortcut[] }[] = (
  ['Panels', 'Go to', 'Report', 'Text', 'Review'] as const
).map((group) => ({ group, shortcuts: Object.values(WORKSPACE_KEYS).filter((s: WorkspaceShortcut) => s.group === group) }));
