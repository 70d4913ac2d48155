import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { isTyping, useReviewQueueKeys, useWorkspaceCommandKeys } from './workspace-keys';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const press = (key: string, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

describe('isTyping', () => {
  it('counts text fields, and dialogs unless told not to', () => {
    document.body.innerHTML = '<input id="field"><div role="dialog"><button id="inside">x</button></div><p id="text">t</p>';
    const byId = (id: string) => document.getElementById(id);
    expect(isTyping(byId('field'))).toBe(true);
    expect(isTyping(byId('inside'))).toBe(true);
    expect(isTyping(byId('inside'), { dialogs: false })).toBe(false);
    expect(isTyping(byId('text'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
  it('does not count the read-only original (a contenteditable marked aria-readonly) as typing', () => {
    document.body.innerHTML = '<div contenteditable="true" id="edit">x</div><div contenteditable="true" aria-readonly="true" id="read">x</div>';
    // jsdom has no isContentEditable: what the browser answers for these two.
    for (const el of document.querySelectorAll<HTMLElement>('[contenteditable]')) Object.defineProperty(el, 'isContentEditable', { value: true });
    expect(isTyping(document.getElementById('edit'))).toBe(true);
    expect(isTyping(document.getElementById('read'))).toBe(false);
  });
});

describe('useReviewQueueKeys', () => {
  it('serves the active list only, even when it runs out (no silent switch); j / k move, a / i act on the current item', () => {
    const suggestions = { accept: vi.fn(), ignore: vi.fn(), onMove: vi.fn() };
    const findings = { accept: vi.fn(), ignore: vi.fn(), onMove: vi.fn() };
    const first = renderHook(({ items, active }) => useReviewQueueKeys(items, suggestions, { active }), {
      initialProps: { items: ['s1'], active: true },
    });
    const second = renderHook(({ active }) => useReviewQueueKeys(['f1', 'f2', 'f3'], findings, { active }), { initialProps: { active: false } });

    press('a');
    expect(suggestions.accept).toHaveBeenCalledWith('s1');
    expect(findings.accept).not.toHaveBeenCalled();

    // The suggestions run out: the keys stay theirs and do nothing, until the findings are made active on purpose.
    first.rerender({ items: [], active: true });
    press('j');
    press('i');
    expect(second.result.current.current).toBe('f1');
    expect(findings.ignore).not.toHaveBeenCalled();
    expect(suggestions.ignore).not.toHaveBeenCalled();

    first.rerender({ items: [], active: false });
    second.rerender({ active: true });
    press('j');
    press('j');
    press('k');
    expect(second.result.current.current).toBe('f2');
    expect(findings.onMove).toHaveBeenLastCalledWith('f2');
    press('i');
    expect(findings.ignore).toHaveBeenCalledWith('f2');
    expect(suggestions.ignore).not.toHaveBeenCalled();

    // Typing in a field, or with a modifier, is not a key of the lists.
    const field = document.body.appendChild(document.createElement('textarea'));
    press('a', field);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true }));
    });
    expect(findings.accept).not.toHaveBeenCalled();
  });

  it('Shift+I ignores all of the current kind and d adds its word to the dictionary, in a list that offers them', () => {
    const findings = { accept: vi.fn(), ignore: vi.fn(), ignoreAll: vi.fn(), dictionary: vi.fn() };
    const claims = { accept: vi.fn(), ignore: vi.fn() };
    const list = renderHook(({ active }) => useReviewQueueKeys(['f1', 'f2'], findings, { active }), { initialProps: { active: true } });
    press('j');
    press('I');
    expect(findings.ignoreAll).toHaveBeenCalledWith('f2');
    expect(findings.ignore).not.toHaveBeenCalled();
    press('d');
    expect(findings.dictionary).toHaveBeenCalledWith('f2');

    // A list without them (the suggested claims) leaves the keys alone: not used, not prevented.
    list.rerender({ active: false });
    renderHook(() => useReviewQueueKeys(['c1'], claims, { active: true }));
    const event = new KeyboardEvent('keydown', { key: 'I', shiftKey: true, bubbles: true, cancelable: true });
    act(() => {
      document.body.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(false);
    expect(claims.ignore).not.toHaveBeenCalled();
    expect(findings.ignoreAll).toHaveBeenCalledTimes(1);
  });
});

describe('useWorkspaceCommandKeys', () => {
  it('Ctrl+S saves and Ctrl+Enter (or ⌘) completes, while typing too; without the modifier, or with Alt, nothing', () => {
    const commands = { save: vi.fn(), complete: vi.fn() };
    renderHook(() => useWorkspaceCommandKeys(commands));
    const field = document.body.appendChild(document.createElement('textarea'));
    const send = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
      act(() => void field.dispatchEvent(event));
      return event.defaultPrevented;
    };

    expect(send({ key: 's', ctrlKey: true })).toBe(true);
    expect(send({ key: 'S', metaKey: true })).toBe(true);
    expect(commands.save).toHaveBeenCalledTimes(2);
    expect(send({ key: 'Enter', metaKey: true })).toBe(true);
    expect(commands.complete).toHaveBeenCalledTimes(1);

    expect(send({ key: 's' })).toBe(false);
    expect(send({ key: 's', ctrlKey: true, altKey: true })).toBe(false);
    expect(send({ key: 'Enter' })).toBe(false);
    expect(commands.save).toHaveBeenCalledTimes(2);
    expect(commands.complete).toHaveBeenCalledTimes(1);
  });
});
