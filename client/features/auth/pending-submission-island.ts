/**
 * /login's "Your submission is ready" box (spec section 3): shown once an unsent order waits for the sign-in, which
 * only the browser's storage knows. login-page.tsx draws it once hydrated; a visitor's page, without React (decision
 * 071), gets it from here, with the same look and words, below the cards so it moves nothing a visitor may press.
 */
import { element, FILE_CHECK_ICON, svgIcon } from '@client/lib/island-dom';
import { hasPendingSubmission } from '@client/lib/pending-submission';

/** Marks the cards the box goes below (login-page.tsx). */
export const PENDING_SUBMISSION_ISLAND = 'pending-submission';

export const PENDING_SUBMISSION_BOX = {
  box: 'mx-auto mt-6 flex max-w-xl items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4',
  icon: 'mt-0.5 h-5 w-5 text-emerald-700',
  title: 'Your submission is ready',
  text: 'Sign in or create an account and we will take you straight to checkout.',
} as const;

export function installPendingSubmissionIsland(root: ParentNode = document): void {
  const cards = root.querySelector<HTMLElement>(`[data-island="${PENDING_SUBMISSION_ISLAND}"]`);
  if (!cards || !hasPendingSubmission()) return;
  const box = element('div', PENDING_SUBMISSION_BOX.box);
  box.setAttribute('role', 'status');
  const words = element('div', '');
  words.append(
    element('p', 'font-semibold text-emerald-900', PENDING_SUBMISSION_BOX.title),
    element('p', 'text-sm text-emerald-900', PENDING_SUBMISSION_BOX.text),
  );
  box.append(svgIcon(FILE_CHECK_ICON, PENDING_SUBMISSION_BOX.icon), words);
  cards.after(box);
}
