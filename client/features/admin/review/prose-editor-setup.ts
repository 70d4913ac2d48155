import { history, historyKeymap, insertNewline, isolateHistory, standardKeymap } from '@codemirror/commands';
import { forEachDiagnostic, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, RangeSet, StateEffect, StateField, Transaction, type Extension } from '@codemirror/state';
import { Decoration, drawSelection, EditorView, keymap, type DecorationSet } from '@codemirror/view';
import type { Finding, FindingCategory } from '@shared/language-checks.schema';
import { findingKey, locate } from '../locate-finding';

export { findingKey };

/**
 * The workspace's prose editor (decision 066), the parts that are CodeMirror alone: the look (wrapped lines, the
 * page's proportional font, no line numbers), the keys, the findings as lint diagnostics in the reviewed text and the
 * suggested claims as marks in the original. prose-editor.tsx puts them in a merge view.
 */

/** A passage of a text: its offsets and what they hold (a claim's quote). */
export interface Passage {
  text: string;
  start: number;
  end: number;
}

/** A suggested claim's span in the original, marked there. */
export interface SpanMark {
  key: string;
  start: number;
  end: number;
}

export const proseTheme = EditorView.theme({
  '&': { fontSize: '0.9375rem', backgroundColor: 'white' },
  '&.cm-focused': { outline: 'none' },
  // The focus shows on the text itself (the element that has it), for keyboard and pointer alike.
  '.cm-content:focus': { outline: '2px solid #047857', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '1.6' },
  '.cm-content': { padding: '0.75rem 0.75rem 2rem', caretColor: '#0f172a' },
  '.cm-line': { padding: '0' },
  // The reviewer's edits, as in a suggestion mode: inserted text green and underlined, removed text red and struck.
  '.cm-changedText, .cm-insertedLine .cm-changedText': { background: 'rgb(187 247 208 / 0.7) !important', textDecoration: 'underline 1px #15803d' },
  '.cm-deletedChunk .cm-deletedText, .cm-merge-a .cm-changedText': {
    background: 'rgb(254 202 202 / 0.6) !important',
    textDecoration: 'line-through 1px #b91c1c',
  },
  '.cm-changedLine': { backgroundColor: 'transparent !important' },
  '.cm-merge-a': { backgroundColor: 'rgb(248 250 252)' },
  '.cm-hp-claim': { backgroundColor: 'rgb(219 234 254 / 0.8)', borderBottom: '2px solid #2563eb', cursor: 'pointer' },
  '.cm-lintRange': { cursor: 'pointer', backgroundPosition: 'left bottom' },
  '.cm-hp-spelling': { backgroundColor: 'rgb(254 226 226 / 0.6)' },
  '.cm-hp-grammar': { backgroundColor: 'rgb(219 234 254 / 0.6)' },
  '.cm-hp-ai-tells': { backgroundColor: 'rgb(254 243 199 / 0.8)' },
  '.cm-hp-variant': { backgroundColor: 'rgb(241 245 249)' },
  '.cm-hp-house-style': { backgroundColor: 'rgb(220 252 231 / 0.8)' },
  '.cm-selectionBackground': { backgroundColor: 'rgb(167 243 208 / 0.8) !important' },
});

/** What every prose editor has: wrapped lines, history, the standard keys (Enter a plain new line, Tab leaves). */
export function proseBase(label: string, extra: Record<string, string> = {}): Extension {
  return [
    EditorView.lineWrapping,
    drawSelection(),
    history(),
    keymap.of([{ key: 'Enter', run: insertNewline }, ...historyKeymap, ...standardKeymap]),
    EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false', ...extra }),
    proseTheme,
  ];
}

/** The original: read-only, yet with a caret, so a passage can be selected by keyboard and quoted. */
export function originalExtensions(onQuote: () => void): Extension {
  return [
    proseBase('Original content', { 'aria-readonly': 'true' }),
    EditorState.readOnly.of(true),
    keymap.of([{ key: 'q', run: () => (onQuote(), true) }]),
    claimMarks,
  ];
}

// ---- Suggested claims: marks in the original -----------------------------------------------------------------

const setClaimMarks = StateEffect.define<readonly SpanMark[]>();

const claimMarks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) {
      if (!effect.is(setClaimMarks)) continue;
      const length = tr.state.doc.length;
      const ranges = effect.value
        .filter((m) => m.start < m.end && m.end <= length)
        .map((m) => Decoration.mark({ class: 'cm-hp-claim', attributes: { 'data-claim': m.key } }).range(m.start, m.end));
      return RangeSet.of(ranges, true);
    }
    return marks.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

export const claimMarksEffect = (marks: readonly SpanMark[]) => setClaimMarks.of(marks);

/** The suggested claim marked at a position of the original, if any. */
export function claimAt(state: EditorState, pos: number): string | null {
  let found: string | null = null;
  state.field(claimMarks, false)?.between(pos, pos, (_from, _to, value) => {
    found = (value.spec.attributes as Record<string, string> | undefined)?.['data-claim'] ?? null;
    return false;
  });
  return found;
}

// ---- Findings: lint diagnostics in the reviewed text ---------------------------------------------------------

const SEVERITY: Record<FindingCategory, Diagnostic['severity']> = {
  spelling: 'error',
  grammar: 'warning',
  'ai-tells': 'warning',
  variant: 'info',
  'house-style': 'warning',
};

/** The diagnostics of a fresh check: each finding found in the text as it is now (one that is gone gets no mark). */
export function diagnosticsOf(findings: readonly Finding[], checked: string, current: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const at = locate(f, checked, current, 0);
    if (at === null) continue;
    out.push({
      from: at,
      to: at + (f.end - f.start),
      severity: SEVERITY[f.category],
      message: f.message,
      source: findingKey(f),
      markClass: `cm-hp-${f.category}`,
    });
  }
  return out;
}

/** Where each marked finding is now (the marks follow the edits), by key. */
export function diagnosticRanges(state: EditorState): Map<string, { from: number; to: number; diagnostic: Diagnostic }> {
  const ranges = new Map<string, { from: number; to: number; diagnostic: Diagnostic }>();
  forEachDiagnostic(state, (diagnostic, from, to) => {
    if (diagnostic.source && !ranges.has(diagnostic.source)) ranges.set(diagnostic.source, { from, to, diagnostic });
  });
  return ranges;
}

/** Keeps only the marks of findings still open (after an accept or an ignore), where they are now. */
export function keepDiagnostics(view: EditorView, open: ReadonlySet<string>): void {
  const kept: Diagnostic[] = [];
  for (const [key, { from, to, diagnostic }] of diagnosticRanges(view.state)) if (open.has(key)) kept.push({ ...diagnostic, from, to });
  view.dispatch(setDiagnostics(view.state, kept));
}

/** The finding marked at a position, if any (the narrowest, so a word inside a marked sentence is its own). */
export function findingAt(state: EditorState, pos: number): string | null {
  let best: { key: string; size: number } | null = null;
  forEachDiagnostic(state, (d, from, to) => {
    if (d.source && from <= pos && pos <= to && (best === null || to - from < best.size)) best = { key: d.source, size: to - from };
  });
  return (best as { key: string; size: number } | null)?.key ?? null;
}

/** Accept: the fix replaces the marked passage, one transaction and so one undo step of its own. */
export function applyFix(view: EditorView, key: string, replacement: string): boolean {
  const range = diagnosticRanges(view.state).get(key);
  if (!range) return false;
  view.dispatch({
    changes: { from: range.from, to: range.to, insert: replacement },
    selection: EditorSelection.cursor(range.from + replacement.length),
    annotations: [isolateHistory.of('full'), Transaction.userEvent.of('input.accept')],
    scrollIntoView: true,
  });
  return true;
}

/** Selects a passage and brings it into view (a card chosen), without taking the focus from where it is. */
export function selectPassage(view: EditorView, from: number, to: number): void {
  const length = view.state.doc.length;
  const a = Math.min(from, length);
  const b = Math.min(to, length);
  view.dispatch({ selection: EditorSelection.single(a, b), effects: EditorView.scrollIntoView(a, { y: 'center' }) });
}

/** The selection of an editor without the spaces around it, or null when nothing is selected. */
export function selectedPassage(state: EditorState): Passage | null {
  const { from, to } = state.selection.main;
  const text = state.doc.sliceString(0, state.doc.length);
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  if (end <= start) return null;
  return { text: text.slice(start, end), start, end };
}
