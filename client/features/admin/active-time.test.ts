import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActiveTimeMeter, useAttention } from './active-time';

describe('ActiveTimeMeter', () => {
  it('counts the gaps between inputs up to a minute, none longer, and hands out whole seconds once', () => {
    let now = 0;
    const meter = new ActiveTimeMeter(() => now);
    meter.activity(); // the first input starts the clock, counts nothing
    now += 20_000;
    meter.activity(); // 20 s
    now += 59_500;
    meter.activity(); // 59.5 s
    now += 61_000;
    meter.activity(); // idle: a pause over 60 s counts nothing
    now += 1_000;
    meter.activity(); // 1 s
    expect(meter.take()).toBe(80); // 80.5 s: the half second waits for the next take
    expect(meter.take()).toBe(0);
    now += 600;
    meter.activity();
    expect(meter.take()).toBe(1);
  });

  it('gives back what a failed save took', () => {
    let now = 0;
    const meter = new ActiveTimeMeter(() => now);
    meter.activity();
    now += 30_000;
    meter.activity();
    const taken = meter.take();
    meter.giveBack(taken);
    expect(meter.take()).toBe(30);
  });
});

describe('ActiveTimeMeter.pause (decision 067)', () => {
  it('ends the stretch when the reviewer looks away: the time away never counts, coming back starts afresh', () => {
    let now = 0;
    const meter = new ActiveTimeMeter(() => now);
    meter.activity();
    now += 40_000;
    meter.pause(); // 40 s of reading, then the tab is hidden
    now += 50_000; // 50 s elsewhere: under the idle cut-off, but away
    meter.activity(); // back: a new stretch starts, nothing added
    now += 5_000;
    meter.activity();
    expect(meter.take()).toBe(45);
    meter.pause();
    meter.pause();
    expect(meter.take()).toBe(0);
  });
});

describe('useAttention (decision 067)', () => {
  it('counts reading and scrolling the workspace, not only typing; a hidden page pauses it', () => {
    let now = 0;
    const meter = new ActiveTimeMeter(() => now);
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const { unmount } = renderHook(() => useAttention(meter));
    // Opening counts as the first sign; 30 s later the reviewer scrolls a list of cards, 20 s later selects text.
    now += 30_000;
    document.dispatchEvent(new Event('scroll'));
    now += 20_000;
    document.dispatchEvent(new Event('selectionchange'));
    expect(meter.sessionSeconds()).toBe(50);
    // The window is left: the 50 s away count nothing.
    window.dispatchEvent(new Event('blur'));
    now += 50_000;
    focus.mockReturnValue(false);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    focus.mockReturnValue(true);
    window.dispatchEvent(new Event('focus'));
    now += 10_000;
    document.dispatchEvent(new PointerEventLike('pointerdown'));
    expect(meter.sessionSeconds()).toBe(60);
    unmount();
    now += 10_000;
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(meter.sessionSeconds()).toBe(60);
    focus.mockRestore();
  });
});

/** jsdom has no PointerEvent: an Event of the same name is what the listener sees. */
class PointerEventLike extends Event {}
