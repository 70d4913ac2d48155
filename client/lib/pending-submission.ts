/** The unsent form kept while the visitor signs in (spec section 3): the same copy in both storages. */
export const PENDING_SUBMISSION_KEY = 'pendingSubmission';

function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be disabled (private mode, blocked cookies)
  }
}

export function readPendingSubmissionRaw(): string | null {
  return safely(
    () => window.localStorage.getItem(PENDING_SUBMISSION_KEY) ?? window.sessionStorage.getItem(PENDING_SUBMISSION_KEY),
    null,
  );
}

export function hasPendingSubmission(): boolean {
  return readPendingSubmissionRaw() !== null;
}

export function storePendingSubmission(data: unknown): void {
  const raw = JSON.stringify(data);
  safely(() => window.localStorage.setItem(PENDING_SUBMISSION_KEY, raw), undefined);
  safely(() => window.sessionStorage.setItem(PENDING_SUBMISSION_KEY, raw), undefined);
}

export function clearPendingSubmission(): void {
  safely(() => window.localStorage.removeItem(PENDING_SUBMISSION_KEY), undefined);
  safely(() => window.sessionStorage.removeItem(PENDING_SUBMISSION_KEY), undefined);
}
