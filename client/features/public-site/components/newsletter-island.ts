/**
 * The newsletter box on a static page (decision 049): subscribes without React, as newsletter-form.tsx does in the
 * app. The address is checked by the server alone, with the schema the form uses (shared/contact.schema.ts), so
 * the messages are the same without loading zod here; a refusal is shown under the field, the thanks replaces
 * the form.
 */
import { CIRCLE_CHECK_ICON, svgIcon } from '@client/lib/island-dom';
import { FALLBACK_ERROR, NEWSLETTER_TEXTS } from './form-texts';

/** Marks the form (newsletter-form.tsx). */
export const NEWSLETTER_ISLAND = 'newsletter';

async function subscribe(email: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await fetch('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    if (res.ok) return { ok: true };
    const body: unknown = await res.json().catch(() => null);
    const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
    return { ok: false, message: res.status < 500 && message ? message : FALLBACK_ERROR };
  } catch {
    return { ok: false, message: FALLBACK_ERROR };
  }
}

function thanks(): HTMLParagraphElement {
  const p = document.createElement('p');
  p.setAttribute('role', 'status');
  p.tabIndex = -1;
  p.className = 'mt-5 flex items-center gap-2 font-medium text-emerald-200 focus:outline-none';
  p.append(svgIcon(CIRCLE_CHECK_ICON, 'h-5 w-5'), document.createTextNode(NEWSLETTER_TEXTS.thanks));
  return p;
}

function install(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const errorSlot = form.querySelector<HTMLElement>('[data-newsletter-error]');
  if (!input || !button || !errorSlot) return;
  const errorId = `${input.id}-error`;
  let pending = false;

  const showError = (message: string | null) => {
    errorSlot.replaceChildren();
    input.setAttribute('aria-invalid', String(message !== null));
    if (message === null) {
      input.removeAttribute('aria-describedby');
      return;
    }
    const p = document.createElement('p');
    p.id = errorId;
    p.setAttribute('role', 'alert');
    p.className = 'text-sm text-red-700';
    p.textContent = message;
    errorSlot.append(p);
    input.setAttribute('aria-describedby', errorId);
  };
  // Waiting keeps the button focusable (aria-disabled, as the app's Button does), so a keyboard user stays on it.
  const setPending = (value: boolean) => {
    pending = value;
    button.textContent = value ? NEWSLETTER_TEXTS.subscribing : NEWSLETTER_TEXTS.subscribe;
    if (value) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    void subscribe(input.value).then((result) => {
      setPending(false);
      if (!result.ok) {
        showError(result.message);
        input.focus();
        return;
      }
      const hadFocus = form.contains(document.activeElement);
      const message = thanks();
      form.replaceWith(message);
      if (hadFocus) message.focus();
    });
  });
}

export function installNewsletterIslands(root: ParentNode = document): void {
  root.querySelectorAll<HTMLFormElement>(`form[data-island="${NEWSLETTER_ISLAND}"]`).forEach(install);
}
