/**
 * A pre-rendered page paints before React owns it (decisions 010, 019). Meanwhile links, text fields, checkboxes,
 * radios and selects work natively, but a button that needs React does nothing, and a form would submit natively
 * (a GET of the page with its fields in the address). From the moment the page is parsed until it is hydrated,
 * such a click or submit is held instead: the control shows it is waiting (aria-busy, a progress cursor), and the
 * action runs once React owns the page. Only the latest one is kept: it is what the visitor meant last.
 * (Decision 040.)
 */
export interface EarlyActions {
  /** Stops holding (just before hydration starts) and clears the waiting marks, so React adopts clean HTML. */
  release: () => void;
  /** Runs the held action on the hydrated page. */
  replay: () => void;
}

/** Where the page's inline script leaves the holder for the entry script (client/main.tsx). */
export const EARLY_ACTIONS_GLOBAL = '__hpEarlyActions';

/** The page's holder, or one that holds nothing where the page has none (a page rendered in the browser). */
export function pageEarlyActions(): EarlyActions {
  return (window as unknown as Record<string, EarlyActions | undefined>)[EARLY_ACTIONS_GLOBAL] ?? { release() {}, replay() {} };
}

/**
 * Installs the holder on #root. Its source is inlined into every pre-rendered page (server/plugins/after-paint.ts),
 * where it runs as the body is parsed, before any module script: so it must use nothing from outside its own body.
 */
export function installEarlyActions(): void {
  const root = document.getElementById('root');
  if (!root) return;
  type Held = { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };
  // Controls with no native action of their own: React gives them one.
  const needsScript = 'button:not([type="submit"]), [role="button"]:not(a), [role="tab"], [role="switch"], [role="menuitem"]';
  const waiting = 'data-early-action';
  const holding = 'data-holding-early-actions'; // on the root while actions are held (the e2e tests wait for it)
  let held: Held | null = null;

  const clearMarks = () => {
    root.querySelectorAll<HTMLElement>('[' + waiting + ']').forEach((element) => {
      element.removeAttribute('aria-busy');
      element.removeAttribute(waiting);
    });
    document.documentElement.style.cursor = '';
  };
  const mark = (element: HTMLElement) => {
    clearMarks();
    element.setAttribute('aria-busy', 'true');
    element.setAttribute(waiting, '');
    document.documentElement.style.cursor = 'progress';
  };
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const target = event.target.closest<HTMLElement>(needsScript);
    if (!target || !root.contains(target) || target.closest('a[href]')) return;
    event.preventDefault();
    held = { kind: 'click', target };
    mark(target);
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    held = { kind: 'submit', form: event.target, submitter: event.submitter };
    mark(event.submitter ?? event.target);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  root.setAttribute(holding, '');

  const actions: EarlyActions = {
    release() {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      root.removeAttribute(holding);
      clearMarks();
    },
    replay() {
      const action = held;
      held = null;
      if (!action) return;
      if (action.kind === 'submit') {
        if (!action.form.isConnected) return;
        const submitter = action.submitter as HTMLButtonElement | HTMLInputElement | null;
        action.form.requestSubmit(submitter && submitter.isConnected && submitter.form === action.form ? submitter : null);
        return;
      }
      if (!action.target.isConnected) return;
      // The whole sequence of a real click: some widgets act on the press (Radix tabs and menus), most on the click.
      const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
      const pointer = { ...init, isPrimary: true, pointerType: 'mouse' };
      action.target.dispatchEvent(new PointerEvent('pointerdown', pointer));
      action.target.dispatchEvent(new MouseEvent('mousedown', init));
      action.target.dispatchEvent(new PointerEvent('pointerup', pointer));
      action.target.dispatchEvent(new MouseEvent('mouseup', init));
      action.target.click();
    },
  };
  // The same name as EARLY_ACTIONS_GLOBAL, written out: this body may not refer to anything outside it.
  (window as unknown as Record<string, EarlyActions>)['__hpEarlyActions'] = actions;
}
