/**
 * The order form's draft hint (decision 051). /check-now is pre-rendered, and only the hydrated form can read this
 * tab's unsent draft; its "Draft restored" notice, appearing then above the form, pushed the form down under the
 * visitor's pointer. So the page's head script marks <html> before the first paint when the tab keeps a draft, the
 * pre-rendered notice shows by that mark, and the hydrated form then decides for itself (submission-form.tsx).
 */

/** The form as typed so far, kept in sessionStorage for this tab (client/features/submissions/form-draft.ts). */
export const CHECK_NOW_DRAFT_KEY = 'humanproof:check-now-draft';

/** Class the head script puts on <html> when the tab keeps a draft. */
export const DRAFT_HINT_CLASS = 'hp-draft';

/**
 * Runs in <head> before the body is parsed (its hash is allowed by the Content-Security-Policy). A link with a query
 * (field parameters, a prior submission) fills the form instead of the draft, so it never marks the page; storage
 * that cannot be read marks nothing either.
 */
export const DRAFT_HINT_SCRIPT = `try{if(!location.search&&sessionStorage.getItem('${CHECK_NOW_DRAFT_KEY}'))document.documentElement.classList.add('${DRAFT_HINT_CLASS}')}catch(e){}`;
