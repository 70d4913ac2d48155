/**
 * /login's "Your submission is ready" without React (decision 076): read from this browser's storage, so the
 * pre-rendered page cannot hold it; drawn below the cards as login-page.tsx draws it once hydrated.
 */
import { pendingOrderLine, readPendingOrder } from './pending-order-summary';

/** The cards the notice follows (login-page.tsx marks them). */
export const LOGIN_CARDS_ATTRIBUTE = 'data-login-cards';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-file-check-corner lucide-file-check-2 mt-0.5 h-5 w-5 text-emerald-700" aria-hidden="true"><path d="M10.5 22H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.706.706l3.588 3.588A2.4 2.4 0 0 1 20 8v6"></path><path d="M14 2v5a1 1 0 0 0 1 1h5"></path><path d="m14 20 2 2 4-4"></path></svg>';

function paragraph(className: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

export function installPendingOrderIsland(root: ParentNode = document): void {
  const cards = root.querySelector(`[${LOGIN_CARDS_ATTRIBUTE}]`);
  const order = readPendingOrder();
  if (!cards || !order) return;
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.className = 'mx-auto mt-6 flex max-w-xl items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4';
  box.innerHTML = ICON;
  const texts = document.createElement('div');
  const line = paragraph('text-sm font-medium text-emerald-900', pendingOrderLine(order));
  line.setAttribute('data-testid', 'pending-order');
  texts.append(
    paragraph('font-semibold text-emerald-900', 'Your submission is ready'),
    line,
    paragraph(
      'text-sm text-emerald-900',
      order.orders > 1
        ? 'Sign in or create an account and we will create the orders; each waits on your dashboard for payment.'
        : 'Sign in or create an account and we will take you straight to checkout.',
    ),
  );
  box.append(texts);
  cards.after(box);
}
