import { pickFormFields, type SubmissionFormValues } from './form-model';

/** The form as typed so far, kept for this tab so a reload or a detour loses nothing. */
export const CHECK_NOW_DRAFT_KEY = 'humanproof:check-now-draft';

export interface FormDraft {
  values: Partial<SubmissionFormValues>;
  fileName?: string | undefined;
}

export function readFormDraft(): FormDraft | null {
  try {
    const raw = window.sessionStorage.getItem(CHECK_NOW_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: Record<string, unknown>; fileName?: unknown };
    if (!parsed || typeof parsed !== 'object' || !parsed.values) return null;
    return {
      values: pickFormFields(parsed.values),
      fileName: typeof parsed.fileName === 'string' ? parsed.fileName : undefined,
    };
  } catch {
    return null;
  }
}

export function saveFormDraft(draft: FormDraft): void {
  try {
    window.sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, it just cannot survive a reload.
  }
}

export function clearFormDraft(): void {
  try {
    window.sessionStorage.removeItem(CHECK_NOW_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
