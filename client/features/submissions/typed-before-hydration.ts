import { pickFormFields, type SubmissionFormValues } from './form-model';

/** The pre-rendered order form's element id: the form is in /check-now's HTML, usable before its scripts run. */
export const CHECK_NOW_FORM_ID = 'check-now-form';

/**
 * What the visitor typed or chose in the pre-rendered form before React adopted it. The HTML renders every field
 * empty (no value, no checked radio, the select on its placeholder), so anything else is the visitor's. Read in the
 * commit that hydrates the form, before react-hook-form registers the fields and writes its defaults into them.
 */
export function readTypedFields(form: HTMLFormElement | null): Partial<SubmissionFormValues> {
  if (!form) return {};
  const data = new FormData(form);
  const raw: Record<string, string> = {};
  for (const [name, value] of data) {
    if (typeof value !== 'string' || value === '') continue; // a file input or an empty field
    raw[name] = value;
  }
  // pickFormFields keeps only the form's own fields, with known tiers and categories; a checked box sends "on".
  return pickFormFields(raw);
}
