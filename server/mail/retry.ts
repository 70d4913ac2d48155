/** Waits after the 1st, 2nd, ... failed attempt; hourly after the last. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const;

/** An e-mail is retried for at least this long after it was queued, then marked failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

export function retryDelayMs(failedAttempts: number): number {
  const index = Math.max(0, failedAttempts - 1);
  return RETRY_DELAYS_MS[Math.min(index, RETRY_DELAYS_MS.length - 1)]!;
}

interface SmtpLikeError {
  message?: unknown;
  responseCode?: unknown;
  command?: unknown;
  code?: unknown;
}

/** A recipient the server refuses outright (550-554 on RCPT TO) will not be accepted later: no retries. */
export function isPermanentFailure(err: unknown): boolean {
  const e = (err ?? {}) as SmtpLikeError;
  return typeof e.responseCode === 'number' && e.responseCode >= 550 && e.responseCode <= 554 && e.command === 'RCPT TO';
}

export function describeError(err: unknown): string {
  const e = (err ?? {}) as SmtpLikeError;
  const parts = [typeof e.message === 'string' ? e.message : String(err)];
  if (typeof e.code === 'string' && !parts[0]!.includes(e.code)) parts.push(`(${e.code})`);
  return parts.join(' ').slice(0, 1000);
}
