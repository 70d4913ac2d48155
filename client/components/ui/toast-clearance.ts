import { useEffect, useState } from 'react';

/**
 * Notices sit at the bottom right of the screen (full width on a phone). They never cover an action (issue 45):
 * - a bar pinned to the bottom (a dialog's action buttons, the order form's total) registers with
 *   `useToastClearance`, and the notice region always stands above the highest one;
 * - a button elsewhere that a notice must not hide (checkout's pay button, the order summary's button) registers
 *   with `useToastKeepClear`: while it is on screen where the notices would stand, they stand at the top of the
 *   screen below the header instead (or, with an action there too, just above the lower actions).
 * Measured again on scroll, resize, a registered element's resize and a notice shown. A hidden element
 * (display: none, e.g. a phone's bar on a wide screen) takes no room. The region's position is two CSS variables
 * (`--toast-clearance` from the bottom, else `--toast-top` from the top; the other is `auto`), read by the Toaster.
 */
const bars = new Set<HTMLElement>();
const actions = new Set<HTMLElement>();
let frame = 0;
let listening = false;

/** The notices' column: the right 24rem (plus its padding) from 640 px up, the whole width below. */
const COLUMN_PX = 384;
const SMALL_SCREEN_PX = 640;
/** Room for one notice when none is showing yet (a two-line notice with its padding). */
const NOTICE_ROOM_PX = 120;
/** The sticky site header's height: a region moved to the top stands below it. */
const HEADER_PX = 64;

function visible(box: DOMRect): boolean {
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

/** The notice region's height: the notices it shows, or room for one. */
function regionHeight(): number {
  const region = document.querySelector<HTMLElement>('[data-toast-region]');
  const height = region?.getBoundingClientRect().height ?? 0;
  return Math.max(height, NOTICE_ROOM_PX);
}

export function measureToastPlacement(): void {
  frame = 0;
  const height = window.innerHeight;
  let clearance = 0;
  for (const bar of bars) {
    const box = bar.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    clearance = Math.max(clearance, Math.ceil(height - box.top));
  }
  const columnLeft = window.innerWidth >= SMALL_SCREEN_PX ? window.innerWidth - COLUMN_PX : 0;
  const region = regionHeight();
  const boxes = [...actions].map((action) => action.getBoundingClientRect()).filter((box) => visible(box) && box.right > columnLeft);
  const covers = (regionTop: number) => boxes.some((box) => box.bottom > regionTop && box.top < regionTop + region);
  // Where notices stand by default: at the bottom, above the bars. If that would cover an action, at the top of
  // the screen below the header; if an action is there too, just above the actions near the bottom, when that
  // still fits on the screen; else below the actions at the top.
  let bottom: number = clearance;
  let top: number | null = null;
  if (covers(height - clearance - region)) {
    if (!covers(HEADER_PX)) top = HEADER_PX;
    else {
      for (let moved = true; moved && height - bottom - region >= HEADER_PX; ) {
        moved = false;
        for (const box of boxes) {
          const regionTop = height - bottom - region;
          if (box.bottom > regionTop && box.top < height - bottom) {
            bottom = Math.ceil(height - box.top);
            moved = true;
          }
        }
      }
      if (height - bottom - region < HEADER_PX) {
        top = boxes.reduce((lowest, box) => (box.top < HEADER_PX + region ? Math.max(lowest, Math.ceil(box.bottom)) : lowest), HEADER_PX);
      }
    }
  }
  const root = document.documentElement.style;
  root.setProperty('--toast-clearance', top === null ? `${Math.max(0, bottom)}px` : 'auto');
  root.setProperty('--toast-top', top === null ? 'auto' : `${top}px`);
}

function schedule(): void {
  if (frame === 0) frame = window.requestAnimationFrame(measureToastPlacement);
}

function listen(): void {
  const needed = bars.size + actions.size > 0;
  if (needed === listening) return;
  listening = needed;
  const method = needed ? 'addEventListener' : 'removeEventListener';
  window[method]('resize', schedule);
  window[method]('scroll', schedule, { passive: true, capture: true } as AddEventListenerOptions);
}

function useRegistered(set: Set<HTMLElement>, element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    set.add(element);
    listen();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(element);
    // A dialog settles into place after it opens: measure again once it has.
    const settle = window.setTimeout(schedule, 300);
    schedule();
    return () => {
      set.delete(element);
      listen();
      observer?.disconnect();
      window.clearTimeout(settle);
      schedule();
    };
  }, [set, element]);
}

/** A bar pinned to the bottom of the screen: notices stand above it. */
export function useToastClearance(element: HTMLElement | null): void {
  useRegistered(bars, element);
}

/** An action a notice must never cover (decision 069). */
export function useToastKeepClear(element: HTMLElement | null): void {
  useRegistered(actions, element);
}

/** `useToastKeepClear` as a callback ref: `<Button ref={useToastKeepClearRef()}>`. */
export function useToastKeepClearRef<T extends HTMLElement>(): (element: T | null) => void {
  const [element, setElement] = useState<T | null>(null);
  useToastKeepClear(element);
  return setElement;
}

/** The Toaster calls this when a notice appears or goes: the region's height changed. */
export function toastRegionChanged(): void {
  if (bars.size + actions.size > 0) schedule();
}
