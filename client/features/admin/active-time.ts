import { useEffect, useRef } from 'react';
import { EFFORT_IDLE_CUTOFF_SECONDS } from '@shared/review-effort.schema';

/**
 * Active review time for the effort record (issues 23, 24 and 42; decision 067): the time between one sign of
 * attention in the workspace and the next counts when the gap is at most EFFORT_IDLE_CUTOFF_SECONDS; a longer gap (a
 * coffee, another window) counts nothing, and the page hidden or left ends the current stretch at once. Saves take
 * the seconds gathered so far, and give them back when the save fails.
 */
export class ActiveTimeMeter {
  private last: number | null = null;
  private milliseconds = 0;
  private sessionMilliseconds = 0;

  constructor(readonly now: () => number = () => Date.now()) {}

  /** A sign of attention: focus, a key, a pointer, scrolling, a selection or an input in the workspace. */
  activity(): void {
    const now = this.now();
    if (this.last !== null) {
      const gap = now - this.last;
      if (gap > 0 && gap <= EFFORT_IDLE_CUTOFF_SECONDS * 1000) {
        this.milliseconds += gap;
        this.sessionMilliseconds += gap;
      }
    }
    this.last = now;
  }

  /**
   * The reviewer looked away (the tab hidden, the window left): the stretch since the last sign counts up to now
   * (within the idle cut-off), and nothing counts until the next sign.
   */
  pause(): void {
    if (this.last === null) return;
    this.activity();
    this.last = null;
  }

  /** The whole seconds gathered since the last take; the fraction stays for the next. */
  take(): number {
    const seconds = Math.floor(this.milliseconds / 1000);
    this.milliseconds -= seconds * 1000;
    return seconds;
  }

  /** Every whole second gathered since this meter started, taken or not (the check before delivery shows it). */
  sessionSeconds(): number {
    return Math.floor(this.sessionMilliseconds / 1000);
  }

  giveBack(seconds: number): void {
    this.milliseconds += seconds * 1000;
  }
}

export function useActiveTimeMeter(): ActiveTimeMeter {
  const meter = useRef<ActiveTimeMeter | null>(null);
  meter.current ??= new ActiveTimeMeter();
  return meter.current;
}

/** Signs of attention anywhere in the page; the frequent ones are taken at most once a second. */
const ATTENTION_EVENTS = ['keydown', 'pointerdown', 'focusin', 'input', 'paste', 'cut', 'copy'] as const;
const FREQUENT_EVENTS = ['pointermove', 'wheel', 'scroll', 'selectionchange', 'touchmove'] as const;

/**
 * Feeds the meter with the reviewer's attention in the workspace (decision 067): keys, pointer presses and moves,
 * scrolling (the page or any list in it: reading cards), focus, selections, typing, pasting, while the page is
 * visible and focused. A hidden page or a window left pauses the meter; coming back starts a new stretch.
 */
export function useAttention(meter: ActiveTimeMeter): void {
  useEffect(() => {
    let lastFrequent = 0;
    const attending = () => document.visibilityState === 'visible' && document.hasFocus();
    const sign = () => {
      if (attending()) meter.activity();
    };
    const frequent = () => {
      const now = meter.now();
      if (now - lastFrequent < 1_000) return;
      lastFrequent = now;
      sign();
    };
    const away = () => meter.pause();
    const visibility = () => (document.visibilityState === 'visible' ? sign() : away());
    const options = { capture: true, passive: true } as const;
    const listeners: [EventTarget, string, () => void, AddEventListenerOptions?][] = [
      ...ATTENTION_EVENTS.map((name): [EventTarget, string, () => void, AddEventListenerOptions] => [document, name, sign, options]),
      ...FREQUENT_EVENTS.map((name): [EventTarget, string, () => void, AddEventListenerOptions] => [document, name, frequent, options]),
      [document, 'visibilitychange', visibility],
      [window, 'blur', away],
      [window, 'focus', sign],
      [window, 'pagehide', away],
    ];
    for (const [target, name, listener, how] of listeners) target.addEventListener(name, listener, how);
    // Opening the workspace is the first sign.
    sign();
    return () => {
      for (const [target, name, listener, how] of listeners) target.removeEventListener(name, listener, how);
    };
  }, [meter]);
}
