/**
 * A notice on a page without React (decision 076: /login carries the order form's "Authentication Required"),
 * drawn as toaster.tsx draws it: the same region, classes and parts, at the bottom right, closed by its button or
 * after TOAST_DURATION_MS (paused while the pointer or the focus is on it, as Radix's toast pauses).
 */
import type { CarriedToast } from './carried-toast';

/** use-toast.ts's TOAST_DURATION_MS (that module imports React). */
export const STATIC_TOAST_DURATION_MS = 5000;

const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-x h-4 w-4" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Shows one notice; answers a function that removes it. */
export function showStaticToast(notice: CarriedToast, durationMs = STATIC_TOAST_DURATION_MS): () => void {
  const region = element('div', '');
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', 'Notifications (F8)');
  region.tabIndex = -1;
  const list = element(
    'ol',
    'fixed top-[var(--toast-top,auto)] right-0 bottom-[var(--toast-clearance,0px)] z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm',
  );
  list.setAttribute('data-toast-region', '');
  list.tabIndex = -1;
  const item = element(
    'li',
    `group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg ${
      notice.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
    }`,
  );
  item.setAttribute('data-variant', notice.variant ?? 'default');
  item.setAttribute('data-state', 'open');
  item.setAttribute('role', 'status');
  item.setAttribute('aria-live', 'polite');
  item.setAttribute('aria-atomic', 'true');
  item.tabIndex = 0;
  const texts = element('div', 'grid gap-1');
  texts.append(element('div', 'text-sm font-semibold', notice.title));
  if (notice.description) texts.append(element('div', 'text-sm opacity-90', notice.description));
  const close = element('button', 'absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100');
  close.type = 'button';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.innerHTML = CLOSE_ICON;
  item.append(texts, close);
  list.append(item);
  region.append(list);
  document.body.append(region);

  let timer = 0;
  const remove = () => {
    window.clearTimeout(timer);
    region.remove();
  };
  const start = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(remove, durationMs);
  };
  const pause = () => window.clearTimeout(timer);
  close.addEventListener('click', remove);
  item.addEventListener('pointerenter', pause);
  item.addEventListener('pointerleave', start);
  item.addEventListener('focusin', pause);
  item.addEventListener('focusout', start);
  item.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') remove();
  });
  start();
  return remove;
}
