import { clearPendingSubmission } from '@client/lib/pending-submission';
import { CHECK_NOW_DRAFT_KEY } from '@shared/draft-hint';
import { EMPTY_FORM, pickFormFields, type SubmissionFormValues } from './form-model';

// The form as typed so far, kept for this tab so a reload or a detour loses nothing. Its key is shared with the
// page's head script, which shows the "Draft restored" notice before hydration (shared/draft-hint.ts).
export { CHECK_NOW_DRAFT_KEY };

/** Ids of drafts that became orders (this browser, every tab): such a draft never opens the form again. */
export const SENT_DRAFTS_KEY = 'humanproof:sent-drafts';
const SENT_DRAFTS_KEPT = 20;

export interface FormDraft {
  /** Which draft this is, so a copy left in another tab is recognised once the draft has become an order. */
  id: string;
  values: Partial<SubmissionFormValues>;
  fileName?: string | undefined;
}

export function newDraftId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage full or disabled: the form still works, it just cannot survive a reload
  }
}

function sentDraftIds(): string[] {
  return safely(() => {
    const parsed = JSON.parse(window.localStorage.getItem(SENT_DRAFTS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  }, []);
}

/** True when the customer typed or chose something; contact details filled in from the account do not count. */
export function isWorthRestoring(values: Partial<SubmissionFormValues>): boolean {
  return (Object.keys(EMPTY_FORM) as (keyof SubmissionFormValues)[]).some((field) => {
    if (field === 'contactName' || field === 'contactEmail') return false;
    const value = values[field];
    if (value === undefined) return false;
    return typeof value === 'string' ? value.trim() !== '' && value !== EMPTY_FORM[field] : value !== EMPTY_FORM[field];
  });
}

/** The unsent draft of this tab, or null (none, unreadable, empty, or it already became an order). */
export function readFormDraft(): FormDraft | null {
  const raw = safely(() => window.sessionStorage.getItem(CHECK_NOW_DRAFT_KEY), null);
  if (!raw) return null;
  let parsed: { id?: unknown; values?: Record<string, unknown>; fileName?: unknown };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    clearFormDraft();
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.id !== 'string') {
    clearFormDraft();
    return null;
  }
  if (sentDraftIds().includes(parsed.id)) {
    clearFormDraft();
    return null;
  }
  const values = pickFormFields(parsed.values);
  if (!isWorthRestoring(values)) return null;
  return { id: parsed.id, values, fileName: typeof parsed.fileName === 'string' ? parsed.fileName : undefined };
}

/** Keeps the draft for this tab; a draft with nothing worth restoring is not kept. */
export function saveFormDraft(draft: FormDraft): void {
  if (!isWorthRestoring(draft.values) || sentDraftIds().includes(draft.id)) {
    clearFormDraft();
    return;
  }
  safely(() => window.sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, JSON.stringify(draft)), undefined);
}

export function clearFormDraft(): void {
  safely(() => window.sessionStorage.removeItem(CHECK_NOW_DRAFT_KEY), undefined);
  safely(() => window.localStorage.removeItem(CHECK_NOW_DRAFT_KEY), undefined);
}

/**
 * The draft became an order (created directly or after sign-in): every stored copy goes, the form draft and
 * the pending submission in both storages, and its id is remembered so a copy elsewhere cannot come back.
 */
export function forgetSentDraft(draftId: string | undefined): void {
  clearFormDraft();
  clearPendingSubmission();
  if (!draftId) return;
  const ids = [...sentDraftIds().filter((id) => id !== draftId), draftId].slice(-SENT_DRAFTS_KEPT);
  safely(() => window.localStorage.setItem(SENT_DRAFTS_KEY, JSON.stringify(ids)), undefined);
}
