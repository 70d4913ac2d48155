import { useEffect } from 'react';

/**
 * Notices sit at the bottom right of the screen. A bar pinned to the bottom (a dialog's action buttons, the order
 * form's total) registers itself here, and the notice region moves up above the highest one, so a toast never
 * covers the buttons it is reporting on. A bar that is hidden (display: none, e.g. on a wide screen) takes no room.
 */
const bars = new Set<HTMLElement>();
let frame = 0;

function measure(): void {
  frame = 0;
  let clearance = 0;
  for (const bar of bars) {
    const box = bar.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    clearance = Math.max(clearance, Math.ceil(window.innerHeight - box.top));
  }
  document.documentElement.style.setProperty('--toast-clearance', `${Math.max(0, clearance)}px`);
}

function schedule(): void {
  if (frame === 0) frame = window.requestAnimationFrame(measure);
}

export function useToastClearance(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    bars.add(element);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(element);
    window.addEventListener('resize', schedule);
    // A dialog settles into place after it opens: measure again once it has.
    const settle = window.setTimeout(schedule, 300);
    schedule();
    return () => {
      bars.delete(element);
      observer?.disconnect();
      window.removeEventListener('resize', schedule);
      window.clearTimeout(settle);
      schedule();
    };
  }, [element]);
}
