/**
 * The small screens' menu on a static page (decision 049): the navbar's menu button opens the same panel as
 * mobile-menu.tsx, for a visitor, as a native modal <dialog>. The browser gives it what Radix gives the app's
 * panel: the rest of the page inert, Escape to close, and the focus back on the button afterwards.
 */
import { buttonClassName } from '@client/components/ui/button-classes';
import { svgIcon, X_ICON } from '@client/lib/island-dom';
import { LOGIN_URL } from '@client/lib/login-redirect';
import { PANEL_LINK, PUBLIC_LINKS } from './nav-links';

/** Marks the navbar's menu button (navbar.tsx). */
export const MOBILE_MENU_ISLAND = 'mobile-menu';

const PANEL =
  'animate-slide-in-right fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[85vw] max-w-xs overflow-y-auto bg-white p-0 shadow-xl backdrop:animate-fade-in backdrop:bg-slate-900/50 focus:outline-none md:hidden';

function link(href: string, label: string, className: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.className = className;
  a.textContent = label;
  return a;
}

function buildPanel(): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.className = PANEL;
  dialog.setAttribute('aria-labelledby', 'mobile-menu-title');

  const body = document.createElement('div');
  body.className = 'flex min-h-full flex-col gap-2 p-4';

  const head = document.createElement('div');
  head.className = 'flex items-center justify-between';
  const title = document.createElement('h2');
  title.id = 'mobile-menu-title';
  title.className = 'text-lg font-semibold';
  title.textContent = 'Menu';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = buttonClassName('ghost', 'icon');
  close.setAttribute('aria-label', 'Close menu');
  close.append(svgIcon(X_ICON, 'h-5 w-5'));
  close.addEventListener('click', () => dialog.close());
  head.append(title, close);

  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Mobile');
  nav.className = 'flex flex-col';
  for (const l of PUBLIC_LINKS) nav.append(link(l.href, l.label, PANEL_LINK));
  nav.append(link(LOGIN_URL, 'Login', PANEL_LINK));

  body.append(head, nav, link('/check-now', 'Check now', `${buttonClassName('accent', 'lg')} mt-2`));
  dialog.append(body);
  // A press on the dimmed page beside the panel closes it, as in the app.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  return dialog;
}

export function installMobileMenuIsland(root: ParentNode = document): void {
  const button = root.querySelector<HTMLButtonElement>(`button[data-island="${MOBILE_MENU_ISLAND}"]`);
  if (!button) return;
  let panel: HTMLDialogElement | null = null;
  button.addEventListener('click', () => {
    if (!panel) {
      panel = buildPanel();
      panel.addEventListener('close', () => button.setAttribute('aria-expanded', 'false'));
      document.body.append(panel);
    }
    panel.showModal();
    button.setAttribute('aria-expanded', 'true');
  });
}
