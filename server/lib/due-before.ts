/**
 * The exclusive upper bound for "due at or before `now`" against a database timestamp. PostgreSQL keeps
 * microseconds (a row's `defaultNow()`), a JavaScript Date milliseconds: a row queued in the same millisecond as
 * `now` (12:00:00.123456 against 12:00:00.123) is due, so the bound is the end of now's millisecond.
 */
export function dueBefore(now: Date): Date {
  return new Date(now.getTime() + 1);
}
