import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { undo } from '@codemirror/commands';
import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import type { Finding } from '@shared/language-checks.schema';
import { findingKey } from '../locate-finding';
import { ProseEditor, type FindingMarks, type ProseEditorHandle } from './prose-editor';

afterEach(cleanup);

const ORIGINAL = 'We recieve teh parcel on Monday. The bridge opened in 1923.';
const at = (text: string, words: string, rule: string, suggestion: string): Finding => {
  const start = text.indexOf(words);
  return { start, end: start + words.length, rule, category: 'spelling', message: `Did you mean ${suggestion}?`, suggestions: [suggestion] };
};
const recieve = at(ORIGINAL, 'recieve', 'harper:Spelling', 'receive');
const teh = at(ORIGINAL, 'teh', 'harper:Spelling2', 'the');

function setup(findings: FindingMarks | null, onChange = vi.fn(), onMarkClick = vi.fn(), unified = false) {
  const handle = createRef<ProseEditorHandle>();
  const props = {
    original: ORIGINAL,
    initialText: ORIGINAL,
    onChange,
    unified,
    onUnifiedChange: () => undefined,
    claims: [{ key: '33:59', start: 33, end: 59 }],
    onMarkClick,
    onQuote: () => undefined,
    handleRef: handle,
  };
  const view = render(<ProseEditor {...props} findings={findings} />);
  const editor = (label: string) => EditorView.findFromDOM(screen.getByLabelText(label))!;
  return {
    handle,
    editor,
    rerender: (next: FindingMarks | null) => view.rerender(<ProseEditor {...props} findings={next} />),
    switchView: (nextUnified: boolean) => view.rerender(<ProseEditor {...props} unified={nextUnified} findings={findings} />),
  };
}

const marked = (view: EditorView) => {
  const out: string[] = [];
  forEachDiagnostic(view.state, (d, from, to) => out.push(`${d.source}@${view.state.sliceDoc(from, to)}`));
  return out;
};

describe('the prose editor', () => {
  it('marks the findings in the reviewed text and the suggested claims in the original', () => {
    const { editor } = setup({ check: {}, checked: ORIGINAL, open: [recieve, teh] });
    expect(marked(editor('Reviewed content'))).toEqual([`${findingKey(recieve)}@recieve`, `${findingKey(teh)}@teh`]);
    const original = screen.getByLabelText('Original content');
    expect(original.querySelector('.cm-hp-claim')?.textContent).toBe('The bridge opened in 1923.');
    expect(original.getAttribute('aria-readonly')).toBe('true');
  });

  it('applies a fix where its mark is now, as one undo step, and reports the text', () => {
    const onChange = vi.fn();
    const { handle, editor } = setup({ check: {}, checked: ORIGINAL, open: [recieve, teh] }, onChange);
    const view = editor('Reviewed content');
    // The reviewer typed before the findings: the marks moved with the text.
    act(() => view.dispatch({ changes: { from: 0, insert: 'Hello. ' }, userEvent: 'input.type' }));
    act(() => void handle.current!.applyFix(findingKey(teh), 'the'));
    expect(view.state.doc.toString()).toBe(`Hello. ${ORIGINAL.replace('teh', 'the')}`);
    expect(onChange).toHaveBeenLastCalledWith(`Hello. ${ORIGINAL.replace('teh', 'the')}`);
    act(() => void undo(view));
    expect(view.state.doc.toString()).toBe(`Hello. ${ORIGINAL}`);
  });

  it('keeps the undo history across a switch of view, both ways', () => {
    const onChange = vi.fn();
    const { editor, switchView } = setup(null, onChange);
    act(() => void editor('Reviewed content').dispatch({ changes: { from: 0, insert: 'Side. ' }, userEvent: 'input.type' }));
    switchView(true);
    const unifiedView = editor('Reviewed content');
    expect(unifiedView.state.doc.toString()).toBe(`Side. ${ORIGINAL}`);
    // At the far end, so that the history keeps it as an undo step of its own.
    const end = unifiedView.state.doc.length;
    act(() => void unifiedView.dispatch({ changes: { from: end, insert: ' Unified.' }, userEvent: 'input.type' }));
    switchView(false);
    const sideBySide = editor('Reviewed content');
    act(() => void undo(sideBySide));
    expect(sideBySide.state.doc.toString()).toBe(`Side. ${ORIGINAL}`);
    act(() => void undo(sideBySide));
    expect(sideBySide.state.doc.toString()).toBe(ORIGINAL);
    expect(onChange).toHaveBeenLastCalledWith(ORIGINAL);
  });

  it('selects a card’s passage, takes the marks of handled findings away, and refuses a fix whose text is gone', () => {
    const check = {};
    const { handle, editor, rerender } = setup({ check, checked: ORIGINAL, open: [recieve, teh] });
    const view = editor('Reviewed content');
    act(() => void handle.current!.selectFinding(findingKey(recieve)));
    expect(view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)).toBe('recieve');
    rerender({ check, checked: ORIGINAL, open: [teh] });
    expect(marked(view)).toEqual([`${findingKey(teh)}@teh`]);
    expect(handle.current!.applyFix(findingKey(recieve), 'receive')).toBe(false);

    act(() => void handle.current!.selectOriginal(33, 59));
    expect(handle.current!.originalSelection()).toEqual({ text: 'The bridge opened in 1923.', start: 33, end: 59 });
  });
});
