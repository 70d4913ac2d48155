/**
 * The contact form on a visitor's /contact (decision 071): the form contact-form.tsx renders, working without React.
 * It checks the fields with the API's own schema (shared/contact.schema.ts), loaded with the visitor's first focus
 * or press in the form, so zod stays off the page until then (as on /check-now, decision 051); if that schema cannot
 * load, the form says so and sends nothing. The errors are shown as the app shows them: each under its field, and
 * an error summary that takes the focus after each failed send; once a send has failed, they follow the typing.
 */
import type * as ContactSchema from '@shared/contact.schema';
import { buttonClassName } from '@client/components/ui/button-classes';
import { CIRCLE_CHECK_ICON, element, svgIcon, TRIANGLE_ALERT_ICON } from '@client/lib/island-dom';
import { summaryLabel } from '@client/components/ui/summary-label';
import { CONTACT_TEXTS, FALLBACK_ERROR } from './form-texts';

/** Marks the form (contact-form.tsx). */
export const CONTACT_FORM_ISLAND = 'contact-form';

/** The form's fields, by name, in the order it shows them (the error summary lists them so). */
export const CONTACT_FORM_FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message'] as const;
type FieldName = (typeof CONTACT_FORM_FIELDS)[number];
/** Each field's label as the form shows it: the error summary names the field before its message (issue 45). */
export const CONTACT_FORM_LABELS: Record<FieldName, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};
type Field = HTMLInputElement | HTMLTextAreaElement;

type SchemaModule = typeof ContactSchema;
let schemaModule: Promise<SchemaModule> | null = null;
/** The API's schema, loaded once; a failed load is tried again at the next send. */
function loadSchema(): Promise<SchemaModule> {
  schemaModule ??= import('@shared/contact.schema').catch((error: unknown) => {
    schemaModule = null;
    throw error;
  });
  return schemaModule;
}

async function post(values: unknown): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    });
    if (res.ok) return { ok: true };
    const body: unknown = await res.json().catch(() => null);
    const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
    return { ok: false, message: message ?? FALLBACK_ERROR };
  } catch {
    return { ok: false, message: FALLBACK_ERROR };
  }
}

/** The box error-summary.tsx draws: "There is a problem", then each error as a link to its field. */
function summaryBox(errors: readonly [FieldName, string][], focusField: (name: FieldName) => void): HTMLDivElement {
  const box = element(
    'div',
    'rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700',
  );
  box.tabIndex = -1;
  box.setAttribute('role', 'alert');
  box.setAttribute('aria-labelledby', 'contact-summary-title');
  const title = element('h2', 'flex items-center gap-2 font-semibold');
  title.id = 'contact-summary-title';
  title.append(svgIcon(TRIANGLE_ALERT_ICON, 'h-5 w-5 shrink-0'), document.createTextNode(' There is a problem'));
  const list = element('ul', 'mt-2 flex flex-col gap-1 text-sm');
  for (const [name, message] of errors) {
    const link = element('a', 'font-medium underline underline-offset-2 hover:no-underline', message);
    link.href = `#${name}`;
    const label = summaryLabel(CONTACT_FORM_LABELS[name], message);
    const named = label ? element('span', 'font-semibold', `${label}: `) : null;
    if (named) {
      named.id = `contact-summary-${name}-field`;
      link.setAttribute('aria-describedby', named.id);
    }
    link.addEventListener('click', (event) => {
      event.preventDefault();
      focusField(name);
    });
    const item = element('li', '');
    if (named) item.append(named);
    item.append(link);
    list.append(item);
  }
  box.append(title, list);
  return box;
}

/**
 * A link may prefill the form (the order form's "Ask for a quote", decision 069): only fields still empty, so nothing
 * typed before the script arrived is overwritten; cut to each field's maxlength, as the React form does.
 */
function prefill(fields: Map<FieldName, Field>): void {
  const params = new URLSearchParams(window.location.search);
  for (const [name, field] of fields) {
    const value = params.get(name);
    if (!value || field.value) continue;
    field.value = field.maxLength > 0 ? value.slice(0, field.maxLength) : value;
  }
}

function install(form: HTMLFormElement): void {
  const fields = new Map<FieldName, Field>();
  for (const name of CONTACT_FORM_FIELDS) {
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    fields.set(name, field);
  }
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  prefill(fields);
  const buttonLabel = button.lastChild;
  let attempts = 0;
  let pending = false;
  let summary: HTMLElement | null = null;
  let alert: HTMLElement | null = null;

  const focusField = (name: FieldName) => fields.get(name)?.focus();
  const showFieldError = (field: Field, message: string | undefined) => {
    const errorId = `${field.id}-error`;
    field.parentElement?.querySelector(`[id="${errorId}"]`)?.remove();
    field.setAttribute('aria-invalid', String(Boolean(message)));
    if (!message) {
      field.removeAttribute('aria-describedby');
      return;
    }
    const p = element('p', 'text-sm text-red-700', message);
    p.id = errorId;
    p.setAttribute('role', 'alert');
    field.parentElement?.append(p);
    field.setAttribute('aria-describedby', errorId);
  };
  const showAlert = (message: string | null) => {
    alert?.remove();
    alert = null;
    if (message === null) return;
    alert = element('p', 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800', message);
    alert.setAttribute('role', 'alert');
    if (summary) summary.after(alert);
    else form.prepend(alert);
  };
  const values = () => Object.fromEntries([...fields].map(([name, field]) => [name, field.value]));
  /** Shows the schema's verdict; the summary takes the focus when `focus` (a send that failed). */
  const showErrors = ({ contactMessageSchema }: SchemaModule, focus: boolean) => {
    const parsed = contactMessageSchema.safeParse(values());
    const errors = new Map<FieldName, string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      if (fields.has(name) && !errors.has(name)) errors.set(name, issue.message);
    }
    for (const [name, field] of fields) showFieldError(field, errors.get(name));
    summary?.remove();
    summary = null;
    const ordered = CONTACT_FORM_FIELDS.flatMap((name) => (errors.has(name) ? [[name, errors.get(name)!] as [FieldName, string]] : []));
    if (ordered.length > 0) {
      summary = summaryBox(ordered, focusField);
      form.prepend(summary);
      if (focus) summary.focus();
    }
    return parsed;
  };
  // Waiting keeps the button focusable (aria-disabled, as the app's Button does), so a keyboard user stays on it.
  const setPending = (value: boolean) => {
    pending = value;
    if (buttonLabel) buttonLabel.textContent = value ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send;
    if (value) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  };
  const sent = (module: SchemaModule) => {
    const box = element('div', 'flex flex-col items-start gap-3 rounded-xl border border-emerald-200 bg-accent-soft p-6');
    box.setAttribute('role', 'status');
    const again = element('button', buttonClassName('outline', 'md'), CONTACT_TEXTS.another);
    again.type = 'button';
    box.append(
      svgIcon(CIRCLE_CHECK_ICON, 'h-8 w-8 text-accent'),
      element('p', 'text-lg font-semibold text-slate-900', module.CONTACT_MESSAGES.sent),
      element('p', 'text-sm text-slate-700', CONTACT_TEXTS.thanks),
      again,
    );
    again.addEventListener('click', () => {
      box.remove();
      form.reset();
      attempts = 0;
      form.hidden = false;
      fields.get('firstName')?.focus();
    });
    form.hidden = true;
    form.after(box);
    again.focus();
  };

  const warmUp = () => void loadSchema().catch(() => undefined);
  form.addEventListener('focusin', warmUp, { once: true });
  form.addEventListener('pointerdown', warmUp, { once: true });
  form.addEventListener('input', () => {
    if (attempts === 0 || !schemaModule) return;
    void schemaModule.then((module) => showErrors(module, false)).catch(() => undefined);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    attempts += 1;
    setPending(true);
    void loadSchema()
      .then(async (module) => {
        const parsed = showErrors(module, true);
        if (!parsed.success) {
          showAlert(null);
          return;
        }
        const result = await post(parsed.data);
        if (!result.ok) {
          showAlert(result.message);
          return;
        }
        showAlert(null);
        attempts = 0;
        sent(module);
      })
      .catch(() => showAlert(FALLBACK_ERROR))
      .finally(() => setPending(false));
  });
}

export function installContactFormIslands(root: ParentNode = document): void {
  root.querySelectorAll<HTMLFormElement>(`form[data-island="${CONTACT_FORM_ISLAND}"]`).forEach(install);
}
