import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { setDiagnostics } from '@codemirror/lint';
import { historyField } from '@codemirror/commands';
import { MergeView, unifiedMergeView } from '@codemirror/merge';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { Finding } from '@shared/language-checks.schema';
import { cn } from '@client/lib/cn';
import {
  applyFix,
  claimAt,
  claimMarksEffect,
  diagnosticRanges,
  diagnosticsOf,
  findingAt,
  keepDiagnostics,
  findingKey,
  originalExtensions,
  proseBase,
  selectedPassage,
  selectPassage,
  type Passage,
  type SpanMark,
} from './prose-editor-setup';

/** What the workspace asks of the editor: focus, select a card's passage, apply a fix, read the original's selection. */
export interface ProseEditorHandle {
  focusText(): void;
  focusOriginal(): void;
  /** Selects a finding's passage in the reviewed text; false when it has no mark (its text changed). */
  selectFinding(key: string): boolean;
  /** Selects a passage of the original (side by side only: the unified view turns into it first). */
  selectOriginal(start: number, end: number): void;
  /** Accept: the finding's fix in place, one undo step; false when it has no mark. */
  applyFix(key: string, replacement: string): boolean;
  /** The original's selection, for a claim (null when nothing is selected there, or in the unified view). */
  originalSelection(): Passage | null;
}

/** The open findings of one check of the saved draft, and the text that check read. */
export interface FindingMarks {
  /** The check's data: a new one relocates every mark in the text as it is now. */
  check: object;
  checked: string;
  open: readonly Finding[];
}

export interface ProseEditorProps {
  original: string;
  /** The text the editor starts with; after that the editor owns it and reports every change. */
  initialText: string;
  onChange: (text: string) => void;
  unified: boolean;
  onUnifiedChange: (unified: boolean) => void;
  /** The reviewed text may not be changed now (a review awaiting its sign-off): shown and selectable, not editable. */
  readOnly?: boolean;
  findings: FindingMarks | null;
  claims: readonly SpanMark[];
  onMarkClick: (kind: 'finding' | 'suggestion', key: string) => void;
  /** q in the original: quote its selection as a claim. */
  onQuote: () => void;
  handleRef?: Ref<ProseEditorHandle>;
  className?: string;
}

function lockExtensions(readOnly: boolean) {
  return readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : [];
}

interface Views {
  original: EditorView | null;
  reviewed: EditorView;
  destroy: () => void;
}

/**
 * The original and the reviewed text (decision 066): CodeMirror 6 in a merge view, side by side with the changes
 * aligned, or unified (the original's removed text shown in place). The reviewer's edits are marked as they type; the
 * findings are lint marks in the reviewed text, the suggested claims marks in the original. The editor owns the text
 * while it is open and hands each change to the draft.
 */
export function ProseEditor(props: ProseEditorProps) {
  const { original, initialText, unified, findings, claims, handleRef, className, readOnly = false } = props;
  /** The reviewed text's read-only switch, changed in place (no new view, so nothing typed or undone is lost). */
  const lock = useRef(new Compartment());
  const host = useRef<HTMLDivElement>(null);
  const views = useRef<Views | null>(null);
  const latest = useRef(props);
  latest.current = props;
  /**
   * The text, selection and undo history carried from one view to the next when the reviewer switches views: an
   * edit made side by side is still one Ctrl+Z away in the unified view, and back.
   */
  const carried = useRef<{ text: string; anchor: number; head: number; history?: unknown }>({ text: initialText, anchor: 0, head: 0 });
  /** The check whose marks are in the text now (null: none yet, or a new view). */
  const markedCheck = useRef<object | null>(null);
  const pendingOriginal = useRef<[number, number] | null>(null);

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const { text, anchor, head, history } = carried.current;
    const selection = { anchor: Math.min(anchor, text.length), head: Math.min(head, text.length) };
    const reviewedExtensions = [
      proseBase('Reviewed content'),
      lock.current.of(lockExtensions(latest.current.readOnly ?? false)),
      history === undefined ? [] : historyField.init(() => history),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) latest.current.onChange(update.state.doc.toString());
      }),
      EditorView.domEventHandlers({
        click: (event, view) => {
          const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
          const key = pos === null ? null : findingAt(view.state, pos);
          if (key) latest.current.onMarkClick('finding', key);
          return false;
        },
      }),
    ];
    let made: Views;
    if (unified) {
      const view = new EditorView({
        parent,
        state: EditorState.create({
          doc: text,
          selection,
          extensions: [
            reviewedExtensions,
            unifiedMergeView({ original, mergeControls: false, gutter: false, allowInlineDiffs: true, syntaxHighlightDeletions: false }),
          ],
        }),
      });
      made = { original: null, reviewed: view, destroy: () => view.destroy() };
    } else {
      const merge = new MergeView({
        parent,
        gutter: false,
        highlightChanges: true,
        a: {
          doc: original,
          extensions: [
            originalExtensions(() => latest.current.onQuote()),
            EditorView.domEventHandlers({
              click: (event, view) => {
                const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
                const key = pos === null ? null : claimAt(view.state, pos);
                if (key) latest.current.onMarkClick('suggestion', key);
                return false;
              },
            }),
          ],
        },
        b: { doc: text, selection, extensions: reviewedExtensions },
      });
      made = { original: merge.a, reviewed: merge.b, destroy: () => merge.destroy() };
    }
    views.current = made;
    markedCheck.current = null;
    return () => {
      const state = made.reviewed.state;
      carried.current = {
        text: state.doc.toString(),
        anchor: state.selection.main.anchor,
        head: state.selection.main.head,
        history: state.field(historyField, false),
      };
      made.destroy();
      views.current = null;
    };
  }, [unified, original]);

  useEffect(() => {
    const view = views.current?.reviewed;
    if (view) view.dispatch({ effects: lock.current.reconfigure(lockExtensions(readOnly)) });
  }, [readOnly]);

  // The findings: a new check marks them all in the text as it is now; an accept or an ignore takes its mark away.
  useEffect(() => {
    const view = views.current?.reviewed;
    if (!view) return;
    if (!findings) {
      view.dispatch(setDiagnostics(view.state, []));
      markedCheck.current = null;
    } else if (markedCheck.current !== findings.check) {
      view.dispatch(setDiagnostics(view.state, diagnosticsOf(findings.open, findings.checked, view.state.doc.toString())));
      markedCheck.current = findings.check;
    } else {
      keepDiagnostics(view, new Set(findings.open.map(findingKey)));
    }
  }, [findings, unified]);

  // The suggested claims still open, marked in the original.
  useEffect(() => {
    const view = views.current?.original;
    view?.dispatch({ effects: claimMarksEffect(claims) });
    const pending = pendingOriginal.current;
    if (view && pending) {
      pendingOriginal.current = null;
      selectPassage(view, pending[0], pending[1]);
    }
  }, [claims, unified]);

  useImperativeHandle(
    handleRef,
    (): ProseEditorHandle => ({
      focusText: () => views.current?.reviewed.focus(),
      focusOriginal: () => {
        if (views.current?.original) views.current.original.focus();
        else latest.current.onUnifiedChange(false);
      },
      selectFinding: (key) => {
        const view = views.current?.reviewed;
        const range = view ? diagnosticRanges(view.state).get(key) : undefined;
        if (!view || !range) return false;
        selectPassage(view, range.from, range.to);
        return true;
      },
      selectOriginal: (start, end) => {
        const view = views.current?.original;
        if (view) selectPassage(view, start, end);
        else {
          pendingOriginal.current = [start, end];
          latest.current.onUnifiedChange(false);
        }
      },
      applyFix: (key, replacement) => (views.current ? applyFix(views.current.reviewed, key, replacement) : false),
      originalSelection: () => (views.current?.original ? selectedPassage(views.current.original.state) : null),
    }),
    [],
  );

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      {unified ? (
        <p className="px-1 pb-1 text-sm font-medium text-slate-800" aria-hidden="true">
          Reviewed content <span className="font-normal text-slate-600">(the original’s removed text struck through in place)</span>
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-2 px-1 pb-1 text-sm font-medium text-slate-800" aria-hidden="true">
          <span>
            Original content <span className="font-normal text-slate-600">(read-only; select a claim, q quotes it)</span>
          </span>
          <span>Reviewed content</span>
        </div>
      )}
      <div
        ref={host}
        data-testid="prose-editor"
        className={cn(
          'min-h-0 flex-1 overflow-hidden rounded-md border border-slate-300',
          '[&_.cm-mergeView]:h-full [&_.cm-mergeView]:overflow-y-auto [&>.cm-editor]:h-full [&>.cm-editor_.cm-scroller]:overflow-y-auto',
        )}
      />
    </div>
  );
}
